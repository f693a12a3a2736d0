// Fine-grained updates: an event changes exactly the signals it touches. Every signal of the graph
// gets a subscriber counting notifications; after one event, only the expected ones may have fired.
import { effect, type ReadonlySignal } from "@preact/signals-core";
import { afterEach, describe, expect, it } from "vitest";
import { createThread, partialArgsParser, type AGUIEvent, type Thread, type ToolCallNode } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import type { ThreadImpl } from "../../src/model/thread.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};

const NODE_SIGNALS = [
  "content", "parts", "streaming", "metadata", "name", "encryptedValue", "subagentRunId", "parentMessageId", "error", "activityType",
] as const;

/** Every signal reachable in the graph, labelled. */
function signalsOf(thread: Thread): Map<string, ReadonlySignal<unknown>> {
  const out = new Map<string, ReadonlySignal<unknown>>();
  for (const key of ["threadId", "messages", "state", "runId", "status", "error", "outcome", "activeSteps", "pendingInterrupts"] as const) {
    out.set(`thread.${key}`, thread[key]);
  }
  const addCall = (call: ToolCallNode) => {
    for (const key of ["name", "argsText", "partialArgs", "args", "argumentStatus", "status", "result", "error", "metadata", "encryptedValue"] as const) {
      out.set(`call ${call.id}.${key}`, call[key]);
    }
  };
  for (const node of thread.messages.value) {
    // Node signals are made on first read (getters), so they are named, not enumerated.
    for (const key of NODE_SIGNALS) {
      if (!(key in node)) continue;
      const value: unknown = (node as unknown as Record<string, unknown>)[key];
      if (value !== null && typeof value === "object" && "peek" in value && "subscribe" in value) {
        out.set(`${node.role} ${node.id}.${key}`, value as ReadonlySignal<unknown>);
      }
    }
    if (node.role === "assistant") {
      out.set(`assistant ${node.id}.toolCalls`, node.toolCalls);
      for (const call of node.toolCalls.value) addCall(call);
    }
  }
  return out;
}

let disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers) dispose();
  disposers = [];
});

/** Counts notifications per signal from now on. */
function watch(thread: Thread): () => Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [label, sig] of signalsOf(thread)) {
    let first = true;
    disposers.push(
      effect(() => {
        void sig.value;
        if (first) first = false;
        else counts[label] = (counts[label] ?? 0) + 1;
      }),
    );
  }
  return () => ({ ...counts });
}

function bigThread(messages = 40): Thread {
  const thread = createThread({ state: { todos: [{ done: false }], user: { name: "a" }, counter: 0 }, partialArgs: partialArgsParser() });
  fold(thread, { type: "RUN_STARTED", threadId: "t", runId: "r1" });
  for (let i = 0; i < messages; i++) {
    fold(
      thread,
      { type: "TEXT_MESSAGE_START", messageId: `m${i}`, role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: `m${i}`, delta: `text ${i}` },
      { type: "TEXT_MESSAGE_END", messageId: `m${i}` },
    );
    if (i % 10 === 0) {
      fold(
        thread,
        { type: "TOOL_CALL_START", toolCallId: `tc${i}`, toolCallName: "lookup", parentMessageId: `m${i}` },
        { type: "TOOL_CALL_ARGS", toolCallId: `tc${i}`, delta: '{"q":1}' },
        { type: "TOOL_CALL_END", toolCallId: `tc${i}` },
        { type: "TOOL_CALL_RESULT", messageId: `r${i}`, toolCallId: `tc${i}`, content: "ok" },
      );
    }
  }
  fold(thread, { type: "ACTIVITY_SNAPSHOT", messageId: "act", activityType: "plan", content: { steps: [] } });
  return thread;
}

describe("only the touched signal changes", () => {
  it("TEXT_MESSAGE_CONTENT into message k writes that message's content and nothing else", () => {
    const thread = bigThread();
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m-stream", role: "assistant" });
    const nodesBefore = thread.messages.value;
    const valuesBefore = new Map([...signalsOf(thread)].map(([label, sig]) => [label, sig.peek()]));
    const counts = watch(thread);
    fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m-stream", delta: "Hel" });
    fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m-stream", delta: "lo" });
    expect(counts()).toEqual({ "assistant m-stream.content": 2 });
    expect(thread.messages.value).toBe(nodesBefore);
    for (const [label, sig] of signalsOf(thread)) {
      if (label !== "assistant m-stream.content") expect(sig.peek(), label).toBe(valuesBefore.get(label));
    }
    expect(thread.message("m-stream")).toBe(nodesBefore.at(-1));
    expect((thread.message("m-stream") as { content: ReadonlySignal<string> }).content.value).toBe("Hello");
  });

  it("TOOL_CALL_ARGS writes that call's argsText, partialArgs and argument status only", () => {
    const thread = bigThread();
    fold(thread, { type: "TOOL_CALL_START", toolCallId: "tc-live", toolCallName: "search", parentMessageId: "m5" });
    const counts = watch(thread);
    fold(thread, { type: "TOOL_CALL_ARGS", toolCallId: "tc-live", delta: '{"query":"pa' });
    expect(counts()).toEqual({
      "call tc-live.argsText": 1,
      "call tc-live.partialArgs": 1,
      "call tc-live.argumentStatus": 1,
    });
    fold(thread, { type: "TOOL_CALL_ARGS", toolCallId: "tc-live", delta: "ris" });
    // Same key still streaming: its status record is not rebuilt.
    expect(counts()).toEqual({
      "call tc-live.argsText": 2,
      "call tc-live.partialArgs": 2,
      "call tc-live.argumentStatus": 1,
    });
    expect(thread.toolCall("tc-live")!.partialArgs.value).toEqual({ query: "paris" });
  });

  it("a new message writes the list once and touches no other node", () => {
    const thread = bigThread();
    const before = thread.messages.value;
    const counts = watch(thread);
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m-new", role: "assistant" });
    expect(counts()).toEqual({ "thread.messages": 1 });
    const after = thread.messages.value;
    expect(after).toHaveLength(before.length + 1);
    before.forEach((node, i) => expect(after[i]).toBe(node));
  });

  it("STATE_DELTA writes the state only; select() notifies only for the patched subtree", () => {
    const thread = bigThread();
    const todos = thread.select("/todos");
    const user = thread.select("/user");
    const userName = thread.select("/user/name");
    const seen = { todos: 0, user: 0, userName: 0 };
    let first = 3;
    const count = (sig: ReadonlySignal<unknown>, key: keyof typeof seen) =>
      effect(() => {
        void sig.value;
        if (first > 0) first--;
        else seen[key]++;
      });
    disposers.push(count(todos, "todos"), count(user, "user"), count(userName, "userName"));
    const userBefore = user.value;
    const counts = watch(thread);
    fold(thread, { type: "STATE_DELTA", delta: [{ op: "replace", path: "/todos/0/done", value: true }, { op: "add", path: "/counter", value: 1 }] });
    expect(counts()).toEqual({ "thread.state": 1 });
    expect(seen).toEqual({ todos: 1, user: 0, userName: 0 });
    expect(user.value).toBe(userBefore);
    expect(thread.select("/todos")).toBe(todos);
    expect(todos.value).toEqual([{ done: true }]);
  });

  it("one event is one consistent update: a multi-message snapshot notifies a combined view once", () => {
    const thread = bigThread(5);
    let runs = 0;
    const m1 = thread.message("m1") as { content: ReadonlySignal<unknown> };
    disposers.push(
      effect(() => {
        void thread.messages.value;
        void thread.state.value;
        void m1.content.value;
        runs++;
      }),
    );
    runs = 0;
    fold(thread, {
      type: "MESSAGES_SNAPSHOT",
      messages: [
        { id: "m1", role: "assistant", content: "rewritten" },
        { id: "m-new", role: "user", content: "hi" },
      ],
    });
    expect(runs).toBe(1);
  });

  it("streaming events never read the message list (no O(thread) work per token)", () => {
    const thread = bigThread(200) as ThreadImpl;
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m-hot", role: "assistant" });
    fold(thread, { type: "TOOL_CALL_START", toolCallId: "tc-hot", toolCallName: "x", parentMessageId: "m-hot" });
    let reads = 0;
    thread.list.value = new Proxy(thread.list.peek(), {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    reads = 0;
    fold(
      thread,
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-hot", delta: "a" },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc-hot", delta: '{"a":' },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc-hot", delta: "1}" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-hot", delta: "b", metadata: { usage: 1 } },
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: "tc-hot", encryptedValue: "x" },
      { type: "STATE_DELTA", delta: [{ op: "add", path: "/counter", value: 2 }] },
    );
    expect(reads).toBe(0);
  });
});

describe("STATE_DELTA is O(patch) on a wide root", () => {
  it("does not copy a 1,000-key root per delta: the root is rebuilt once, when the whole state is read", () => {
    const thread = createThread() as ThreadImpl;
    const root: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) root[`k${i}`] = { v: i };
    let copies = 0;
    thread.stateDoc.replace(
      new Proxy(root, {
        ownKeys(target) {
          copies++;
          return Reflect.ownKeys(target);
        },
      }),
    );
    const k1 = thread.select("/k1");
    const k1Before = k1.value;
    for (let i = 0; i < 100; i++) {
      foldEvent(thread, { type: "STATE_DELTA", delta: [{ op: "replace", path: "/k5/v", value: i }] } as AGUIEvent);
    }
    foldEvent(thread, { type: "STATE_DELTA", delta: [{ op: "add", path: "/extra", value: 1 }, { op: "remove", path: "/k7" }] } as AGUIEvent);
    expect(copies).toBe(0);
    expect(thread.select("/k5/v").value).toBe(99);
    expect(k1.value).toBe(k1Before);
    const state = thread.state.value as Record<string, unknown>;
    expect(copies).toBe(1);
    expect(state.k5).toEqual({ v: 99 });
    expect(state.extra).toBe(1);
    expect("k7" in state).toBe(false);
    expect(Object.keys(state)).toHaveLength(1000);
    expect(thread.state.value).toBe(state);
    expect(copies).toBe(1);
  });
});

describe("MESSAGES_SNAPSHOT reconciles in place", () => {
  it("keeps the nodes and signals of persisting messages, updates changed signals only, drops and appends", () => {
    const thread = bigThread(3);
    const m0 = thread.message("m0")!;
    const m1 = thread.message("m1")!;
    const m0Content = (m0 as { content: ReadonlySignal<string> }).content;
    const call = thread.toolCall("tc0")!;
    const counts = watch(thread);
    fold(thread, {
      type: "MESSAGES_SNAPSHOT",
      messages: [
        { id: "m0", role: "assistant", content: "text 0", toolCalls: [{ id: "tc0", type: "function", function: { name: "lookup", arguments: '{"q":1}' } }] },
        { id: "r0", role: "tool", toolCallId: "tc0", content: "ok" },
        { id: "m1", role: "assistant", content: "text 1 (edited)" },
        { id: "u9", role: "user", content: "appended" },
      ],
    });
    expect(thread.message("m0")).toBe(m0);
    expect(thread.message("m1")).toBe(m1);
    expect(thread.toolCall("tc0")).toBe(call);
    expect((m0 as { content: ReadonlySignal<string> }).content).toBe(m0Content);
    expect(thread.message("m2")).toBeUndefined();
    expect(thread.messages.value.map((n) => n.id)).toEqual(["m0", "r0", "m1", "act", "u9"]);
    // m0 and its tool call are unchanged: none of their signals fired. m1's content did.
    const fired = counts();
    expect(Object.keys(fired).filter((label) => label.includes(" m0.") || label.includes("tc0"))).toEqual([]);
    expect(fired["assistant m1.content"]).toBe(1);
    expect(fired["thread.messages"]).toBe(1);
  });

  it("replaces the node when a message comes back with another role", () => {
    const thread = bigThread(2);
    const before = thread.message("m1");
    fold(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m0", role: "assistant", content: "text 0" }, { id: "m1", role: "user", content: "now a user" }] });
    expect(thread.message("m1")).not.toBe(before);
    expect(thread.message("m1")!.role).toBe("user");
  });
});

describe("published values are immutable", () => {
  it("freezes the structures it builds (message list, parts); never changes a published state object", () => {
    const thread = bigThread(2);
    expect(Object.isFrozen(thread.messages.value)).toBe(true);
    const m0 = thread.message("m0");
    if (m0?.role !== "assistant") throw new Error("m0 is an assistant message");
    expect(Object.isFrozen(m0.parts.value)).toBe(true);
    const before = thread.state.value as { todos: object[] };
    const json = JSON.stringify(before);
    fold(thread, { type: "STATE_DELTA", delta: [{ op: "add", path: "/todos/-", value: { done: false } }, { op: "remove", path: "/user" }] });
    const after = thread.state.value as { todos: object[] };
    expect(after).not.toBe(before);
    expect(after.todos).not.toBe(before.todos);
    expect(JSON.stringify(before)).toBe(json);
  });
});
