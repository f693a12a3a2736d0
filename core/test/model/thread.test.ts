import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import {
  AgentRunError,
  createThread,
  type AGUIEvent,
  type Thread,
  type ThreadlineWarning,
} from "../../src/index.js";
import { foldEvent, FoldError } from "../../src/fold/index.js";
import { CustomClaimError, InvalidPointerError } from "../../src/model/index.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const started = (runId = "r1") => ({ type: "RUN_STARTED", threadId: "t1", runId });
const finished = (extra: object = {}, runId = "r1") => ({ type: "RUN_FINISHED", threadId: "t1", runId, ...extra });

describe("run status and outcome", () => {
  it("idle → running → succeeded, with pending tool calls derived from the run", () => {
    const thread = createThread();
    expect(thread.status.value).toBe("idle");
    fold(thread, started());
    expect(thread.status.value).toBe("running");
    expect(thread.runId.value).toBe("r1");
    expect(thread.threadId.value).toBe("t1");
    fold(
      thread,
      { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "f" },
      { type: "TOOL_CALL_END", toolCallId: "c1" },
      { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "f" },
      { type: "TOOL_CALL_END", toolCallId: "c2" },
      { type: "TOOL_CALL_RESULT", messageId: "r", toolCallId: "c2", content: "x" },
      finished({ result: { answer: 42 } }),
    );
    expect(thread.status.value).toBe("succeeded");
    expect(thread.outcome.value).toEqual({ type: "success", result: { answer: 42 }, pendingToolCallIds: ["c1"] });
    expect(thread.pendingInterrupts.value).toEqual([]);
  });

  it("an interrupt outcome sets pendingInterrupts; the next success clears them", () => {
    const thread = createThread();
    const interrupt = { id: "i1", reason: "approval", message: "Delete the file?", toolCallId: "c1" };
    fold(thread, started(), finished({ outcome: { type: "interrupt", interrupts: [interrupt] } }));
    expect(thread.status.value).toBe("interrupted");
    expect(thread.pendingInterrupts.value).toEqual([interrupt]);
    expect(thread.outcome.value).toEqual({ type: "interrupt", interrupts: [interrupt] });
    fold(thread, started("r2"), finished({}, "r2"));
    expect(thread.pendingInterrupts.value).toEqual([]);
    expect(thread.status.value).toBe("succeeded");
  });

  it("a cancelled run is neither success nor failure", () => {
    const thread = createThread();
    fold(thread, started(), finished({ outcome: { type: "cancelled" } }));
    expect(thread.status.value).toBe("cancelled");
    expect(thread.outcome.value).toEqual({ type: "cancelled" });
    expect(thread.error.value).toBeUndefined();
  });

  it("RUN_ERROR fails the run with an AgentRunError; a new run clears it; a late RUN_ERROR after RUN_FINISHED fails", () => {
    const thread = createThread();
    fold(thread, started(), { type: "STEP_STARTED", stepName: "plan" }, { type: "RUN_ERROR", message: "rate limited", code: "429" });
    expect(thread.status.value).toBe("failed");
    expect(thread.error.value).toBeInstanceOf(AgentRunError);
    expect(thread.error.value).toMatchObject({ code: "AGENT_RUN_ERROR", agentCode: "429", message: "rate limited" });
    expect(thread.activeSteps.value).toEqual([]);
    fold(thread, started("r2"));
    expect(thread.error.value).toBeUndefined();
    fold(thread, finished({}, "r2"), { type: "RUN_ERROR", message: "late" });
    expect(thread.status.value).toBe("failed");
    expect(thread.outcome.value).toBeUndefined();
  });

  it("tracks active steps per owner", () => {
    const thread = createThread();
    fold(thread, started(), { type: "STEP_STARTED", stepName: "search" }, { type: "STEP_STARTED", stepName: "search", subagentRunId: "s1" });
    expect(thread.activeSteps.value).toEqual([{ stepName: "search" }, { stepName: "search", subagentRunId: "s1" }]);
    fold(thread, { type: "STEP_FINISHED", stepName: "search", subagentRunId: "s1" });
    expect(thread.activeSteps.value).toEqual([{ stepName: "search" }]);
  });

  it("messages accumulate across runs; RUN_STARTED input adds unseen messages without replacing held ones", () => {
    const thread = createThread({ messages: [{ id: "u1", role: "user", content: "first" }] });
    fold(thread, {
      ...started(),
      input: { threadId: "t1", runId: "r1", tools: [], context: [], messages: [{ id: "u1", role: "user", content: "edited" }, { id: "u2", role: "user", content: "second" }] },
    });
    expect(thread.toMessages()).toEqual([
      { id: "u1", role: "user", content: "first" },
      { id: "u2", role: "user", content: "second" },
    ]);
  });
});

describe("state", () => {
  it("starts at {} (as @ag-ui/client) and copies the initial state", () => {
    expect(createThread().state.value).toEqual({});
    const initial = { a: { b: 1 } };
    const thread = createThread({ state: initial });
    initial.a.b = 2;
    expect(thread.state.value).toEqual({ a: { b: 1 } });
  });

  it("STATE_SNAPSHOT replaces (null and falsy included)", () => {
    const thread = createThread({ state: { a: 1 } });
    fold(thread, started(), { type: "STATE_SNAPSHOT", snapshot: [1, 2] });
    expect(thread.state.value).toEqual([1, 2]);
    fold(thread, { type: "STATE_SNAPSHOT", snapshot: 0 });
    expect(thread.state.value).toBe(0);
    fold(thread, { type: "STATE_SNAPSHOT", snapshot: null });
    expect(thread.state.value).toBeNull();
  });

  it("select(pointer) resolves own properties only, caches per pointer, rejects non-pointers", () => {
    const thread = createThread({ state: { list: ["x", "y"], "a/b": { "~k": 1 } } });
    expect(thread.select("/list/1").value).toBe("y");
    expect(thread.select("/a~1b/~0k").value).toBe(1);
    expect(thread.select("").value).toBe(thread.state.value);
    expect(thread.select("/missing/deep").value).toBeUndefined();
    expect(thread.select("/constructor").value).toBeUndefined();
    expect(thread.select("/list/1")).toBe(thread.select("/list/1"));
    expect(() => thread.select("list")).toThrow(InvalidPointerError);
  });
});

describe("activity messages", () => {
  it("snapshot, delta with structural sharing, replace:false keeps content, a missing target is tolerated", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w) });
    fold(
      thread,
      started(),
      { type: "ACTIVITY_SNAPSHOT", messageId: "a1", activityType: "plan", content: { steps: ["a"], meta: { owner: "x" } } },
    );
    const node = thread.message("a1");
    if (node?.role !== "activity") throw new Error("a1 is an activity message");
    const meta = (node.content.value as { meta: object }).meta;
    fold(thread, { type: "ACTIVITY_DELTA", messageId: "a1", activityType: "plan", patch: [{ op: "add", path: "/steps/-", value: "b" }] });
    expect(node.content.value).toEqual({ steps: ["a", "b"], meta: { owner: "x" } });
    expect((node.content.value as { meta: object }).meta).toBe(meta);
    fold(thread, { type: "ACTIVITY_SNAPSHOT", messageId: "a1", activityType: "plan", content: { steps: [] }, replace: false });
    expect(node.content.value).toEqual({ steps: ["a", "b"], meta: { owner: "x" } });
    fold(thread, { type: "ACTIVITY_DELTA", messageId: "nope", activityType: "plan", patch: [] });
    fold(thread, { type: "ACTIVITY_DELTA", messageId: "a1", activityType: "plan", patch: [{ op: "remove", path: "/gone" }] });
    expect(warnings.map((w) => w.code)).toEqual(["ACTIVITY_PATCH_FAILED"]);
    expect(() =>
      fold(thread, { type: "ACTIVITY_DELTA", messageId: "a1", activityType: "plan", patch: [{ op: "add", path: "/__proto__/x", value: 1 }] }),
    ).toThrow(FoldError);
    expect(thread.message("a1")).toBe(node);
  });

  it("text events aimed at an activity message are dropped with ACTIVITY_ID_COLLISION", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w) });
    fold(thread, started(), { type: "ACTIVITY_SNAPSHOT", messageId: "a1", activityType: "plan", content: {} }, { type: "TEXT_MESSAGE_START", messageId: "a1" });
    expect(warnings.map((w) => w.code)).toEqual(["ACTIVITY_ID_COLLISION"]);
    expect(thread.toMessages()).toEqual([{ id: "a1", role: "activity", activityType: "plan", content: {} }]);
  });
});

describe("MESSAGES_SNAPSHOT keeps client-only activity and reasoning per role", () => {
  it("drops omitted messages but keeps reasoning when the snapshot carries none", () => {
    const thread = createThread();
    fold(
      thread,
      started(),
      { type: "TEXT_MESSAGE_START", messageId: "m1" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "REASONING_MESSAGE_START", messageId: "rz", role: "reasoning" },
      { type: "REASONING_MESSAGE_END", messageId: "rz" },
      { type: "ACTIVITY_SNAPSHOT", messageId: "act", activityType: "plan", content: {} },
      { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m2", role: "assistant", content: "x" }] },
    );
    expect(thread.messages.value.map((m) => m.id)).toEqual(["rz", "act", "m2"]);
    fold(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "rz2", role: "reasoning", content: "server's" }] });
    expect(thread.messages.value.map((m) => m.id)).toEqual(["act", "rz2"]);
  });
});

describe("listeners and claims", () => {
  it("onCustom (by name and '*'), onRaw and onEvent hear events after the fold", () => {
    const thread = createThread();
    const heard: string[] = [];
    thread.onCustom("progress", (e) => heard.push(`progress:${JSON.stringify(e.value)}`));
    const off = thread.onCustom("*", (e) => heard.push(`*:${e.name}`));
    thread.onRaw((e) => heard.push(`raw:${String(e.source)}`));
    thread.onEvent((e) => {
      if (e.type === "STATE_SNAPSHOT") heard.push(`state now ${JSON.stringify(thread.state.value)}`);
    });
    fold(
      thread,
      started(),
      { type: "CUSTOM", name: "progress", value: 50 },
      { type: "RAW", event: {}, source: "openai" },
      { type: "STATE_SNAPSHOT", snapshot: { n: 1 } },
    );
    off();
    fold(thread, { type: "CUSTOM", name: "other", value: null });
    expect(heard).toEqual(["progress:50", "*:progress", "raw:openai", 'state now {"n":1}']);
  });

  it("a claim folds its CUSTOM name inside the event's batch; a second claim of the name is refused", () => {
    const thread = createThread();
    let views = 0;
    const dispose = effect(() => {
      void thread.state.value;
      void thread.messages.value;
      views++;
    });
    const release = thread.claimCustom("tambo.component.start", (event, t) => {
      // A claim may fold further events into the same update.
      foldEvent(t, { type: "STATE_SNAPSHOT", snapshot: { component: event.value } } as AGUIEvent);
      foldEvent(t, { type: "TEXT_MESSAGE_START", messageId: "cmp" } as AGUIEvent);
    });
    expect(() => thread.claimCustom("tambo.component.start", () => {})).toThrow(CustomClaimError);
    views = 0;
    fold(thread, { type: "CUSTOM", name: "tambo.component.start", value: "Card" });
    expect(views).toBe(1);
    expect(thread.state.value).toEqual({ component: "Card" });
    release();
    expect(() => thread.claimCustom("tambo.component.start", () => {})).not.toThrow();
    dispose();
  });

  it("a listener that throws is a LISTENER_FAILED warning; other listeners still run", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w) });
    let second = 0;
    thread.onEvent(() => {
      throw new Error("listener bug");
    });
    thread.onEvent(() => second++);
    fold(thread, started());
    expect(second).toBe(1);
    expect(warnings.map((w) => w.code)).toEqual(["LISTENER_FAILED"]);
  });
});

describe("projections", () => {
  it("snapshot() is a plain deep-frozen view of everything", () => {
    const thread = createThread({ messages: [{ id: "u", role: "user", content: [{ type: "text", text: "hi" }] }] });
    fold(
      thread,
      started(),
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f", parentMessageId: "a" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: '{"x":1}' },
      { type: "TOOL_CALL_END", toolCallId: "c" },
      { type: "STATE_SNAPSHOT", snapshot: { k: [1] } },
      finished({ outcome: { type: "interrupt", interrupts: [{ id: "i", reason: "approval" }] } }),
    );
    const snap = thread.snapshot();
    expect(snap).toMatchObject({
      threadId: "t1",
      runId: "r1",
      status: "interrupted",
      state: { k: [1] },
      pendingInterrupts: [{ id: "i", reason: "approval" }],
      messages: thread.toMessages(),
      toolCalls: [{ id: "c", messageId: "a", name: "f", argsText: '{"x":1}', args: { x: 1 }, status: "complete", resultMessageId: undefined }],
    });
    const frozen = (value: unknown): boolean =>
      value === null || typeof value !== "object" || (Object.isFrozen(value) && Object.values(value).every(frozen));
    expect(frozen(snap)).toBe(true);
    // A snapshot is detached: the live thread's messages are new objects each time.
    expect(thread.toMessages()[0]).not.toBe(snap.messages[0]);
  });

  it("duplicate ids in the initial messages are dropped with a warning", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({
      messages: [
        { id: "u", role: "user", content: "one" },
        { id: "u", role: "user", content: "two" },
      ],
      onWarning: (w) => warnings.push(w),
    });
    expect(thread.toMessages()).toEqual([{ id: "u", role: "user", content: "one" }]);
    expect(warnings.map((w) => w.code)).toEqual(["DUPLICATE_MESSAGE_ID"]);
  });

  it("RUN_STARTED input: held ids are skipped silently, an id twice among the new ones is warned about once", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ messages: [{ id: "u", role: "user", content: "one" }], onWarning: (w) => warnings.push(w) });
    const input = (...messages: object[]) => ({ threadId: "t", runId: "r", state: {}, messages, tools: [], context: [], forwardedProps: {} });
    foldEvent(thread, {
      type: "RUN_STARTED",
      threadId: "t",
      runId: "r",
      // A new id before and after a held one: the second "n" is the duplicate.
      input: input({ id: "n", role: "user", content: "new" }, { id: "u", role: "user", content: "changed" }, { id: "n", role: "user", content: "again" }, { id: "m", role: "user", content: "more" }),
    } as AGUIEvent);
    expect(thread.toMessages()).toEqual([
      { id: "u", role: "user", content: "one" },
      { id: "n", role: "user", content: "new" },
      { id: "m", role: "user", content: "more" },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["DUPLICATE_MESSAGE_ID"]);
    expect(thread.message("m")?.role).toBe("user");
  });

  it("messages appended together are all or none: one that cannot be taken leaves the thread as it was", () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) deep = { inner: deep };
    const thread = createThread({ messages: [{ id: "u", role: "user", content: "one" }] });
    const run = (...messages: object[]) =>
      foldEvent(thread, { type: "RUN_STARTED", threadId: "t", runId: "r", input: { threadId: "t", runId: "r", state: {}, messages, tools: [], context: [], forwardedProps: {} } } as AGUIEvent);
    expect(() => run({ id: "a", role: "user", content: "fine" }, { id: "b", role: "user", content: "deep", metadata: deep })).toThrow();
    expect(thread.toMessages()).toEqual([{ id: "u", role: "user", content: "one" }]);
    expect(thread.message("a")).toBeUndefined();
    // "a" was not left behind in the index: it is appended as a new message next time.
    run({ id: "a", role: "user", content: "fine" });
    expect(thread.toMessages().map((m) => m.id)).toEqual(["u", "a"]);
  });

  it("initial messages that are not AG-UI messages are refused with INVALID_THREAD_OPTION naming the entry", () => {
    const user = { id: "u", role: "user", content: "one" };
    for (const [messages, where] of [
      [[user, null], "messages[1]"],
      [[42], "messages[0]"],
      [[{ id: "x", role: "robot" }], "messages[0]"],
      ["hello", "must be an array"],
    ] as const) {
      expect(() => createThread({ messages: messages as never })).toThrow(
        expect.objectContaining({ name: "ModelError", code: "INVALID_THREAD_OPTION", message: expect.stringContaining(where) }),
      );
    }
  });

  it("foldEvent refuses an object that is not a thread from createThread", () => {
    expect(() => foldEvent({} as Thread, { type: "RAW", event: {} } as AGUIEvent)).toThrow(FoldError);
  });
});

describe("fail()", () => {
  it("marks a client-side rejection: failed, error kept distinct from RUN_ERROR, open items closed, messages kept", () => {
    const thread = createThread();
    fold(thread, started(), { type: "TEXT_MESSAGE_START", messageId: "m" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "par" });
    thread.fail(new TypeError("socket closed"));
    expect(thread.status.value).toBe("failed");
    expect(thread.error.value).toMatchObject({ code: "RUN_REJECTED" });
    expect(thread.error.value).not.toBeInstanceOf(AgentRunError);
    expect((thread.error.value as Error).cause).toBeInstanceOf(TypeError);
    const node = thread.message("m");
    expect(node?.role === "assistant" && node.streaming.value).toBe(false);
    expect(thread.toMessages()).toEqual([{ id: "m", role: "assistant", content: "par" }]);
  });
});
