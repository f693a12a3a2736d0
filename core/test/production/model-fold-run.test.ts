// model/, fold/, json/, protocol/, run/ in a production build: esm-env's DEV is false, so the
// sentences are gone. The same bad input must still be refused (or warned about) with the same
// class, code and fields, and the where a sentence used to carry is the message's where now.
// The checks here are the ones whose verdict used to be a message string (messageListProblem, a
// stored fork's problem, a shape violation), where dropping the text could drop the check.
import { describe, expect, it, vi } from "vitest";

vi.mock("esm-env", () => ({ DEV: false, BROWSER: false, NODE: true }));

const { ChatClient, ChatInputError, createThread, foldEvents, fromEvents, messageBranches } = await import("../../src/index.js");
const { productionMessage } = await import("../../src/errors.js");
const { messageListProblem } = await import("../../src/protocol/message-list.js");
const { readCapabilities } = await import("../../src/protocol/capability-shapes.js");
const { foldEvent, FoldError } = await import("../../src/fold/index.js");
const { createThreadStore } = await import("../../src/fold/make-thread.js");
const { ProtocolError, createPipeline } = await import("../../src/pipeline/index.js");
const { ModelError, ToolArgsError, ToolResultError, ComponentRegistryError, ThreadStoreError, InvalidPointerError, createComponentRegistry } = await import(
  "../../src/model/index.js"
);
const { createPartialJsonParser, PartialJsonError, CircularValueError } = await import("../../src/json/index.js");
const { RunLoop, RunInProgressError, RunLoopInputError, InterruptResumeError, SubscriberError } = await import("../../src/run/index.js");
const { checkResume } = await import("../../src/run/interrupts.js");
const { applyJsonPatch } = await import("../../src/json/json-patch.js");
const { copyJson } = await import("../../src/json/json-value.js");

type Warning = { code: string; message: string; index?: number; event?: unknown };

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

const agent = { run: () => ({ subscribe: () => ({ unsubscribe() {} }) }) };

describe("a message list in a production build", () => {
  it("is still judged: the problem is a non-empty where, and every caller still refuses the list", () => {
    expect(messageListProblem([{ id: "u1", role: "user", content: "hi" }])).toBeUndefined();
    expect(messageListProblem("nope")).toBe("messages");
    expect(messageListProblem([{ id: "u1", role: "user", content: "hi" }, { id: 3, role: "user" }])).toBe("messages[1]");
    expect(messageListProblem([{ id: "u1", role: "user", content: 5 }])).toBe("messages[0]");

    const bad = [{ id: "u1", role: "user", content: 5 }];
    const fromThread = thrown(() => createThread({ messages: bad as never }));
    expect(fromThread).toBeInstanceOf(ModelError);
    expect(fromThread).toMatchObject({ code: "INVALID_THREAD_OPTION", message: productionMessage("INVALID_THREAD_OPTION", "messages[0]") });

    const fromChat = thrown(() => new ChatClient({ agent, messages: bad } as never));
    expect(fromChat).toBeInstanceOf(ChatInputError);
    expect(fromChat).toMatchObject({ code: "INVALID_OPTION", option: "messages" });

    const folded = foldEvents([{ type: "RUN_STARTED", threadId: "t", runId: "r" }], { messages: "not a list" as never });
    expect(folded.error).toBeInstanceOf(FoldError);
    expect(folded.error).toMatchObject({ code: "INVALID_HISTORY" });
    expect(folded.messages).toEqual([]);

    const thread = createThread();
    expect(() => foldEvent(thread, { type: "MESSAGES_SNAPSHOT", messages: "nope" } as never)).toThrow(
      expect.objectContaining({ code: "MALFORMED_PAYLOAD", eventType: "MESSAGES_SNAPSHOT" }),
    );
  });

  it("a duplicate id still warns DUPLICATE_MESSAGE_ID, with the message skipped as event", () => {
    const warnings: Warning[] = [];
    const twice = { id: "u1", role: "user", content: "second" };
    createThread({ messages: [{ id: "u1", role: "user", content: "first" }, twice] as never, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([{ code: "DUPLICATE_MESSAGE_ID", message: "", event: twice }]);
  });
});

describe("the protocol stage in a production build", () => {
  const run = (events: unknown[]) => {
    const warnings: Warning[] = [];
    const pipeline = createPipeline(() => {}, { onWarning: (w: Warning) => warnings.push(w) });
    let error: unknown;
    try {
      for (const event of events) pipeline.push(event as never);
      pipeline.end();
    } catch (caught) {
      error = caught;
    }
    return { error, warnings };
  };

  it("a malformed field is a ProtocolError with its code, index and event; the message names the event", () => {
    const bad = { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: 5 };
    const { error } = run([{ type: "RUN_STARTED", threadId: "t", runId: "r" }, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, bad]);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: "MALFORMED_FIELD", index: 2, event: bad, message: productionMessage("MALFORMED_FIELD", "event #2") });
    expect(run([{ type: "RUN_STARTED", threadId: "t" }]).error).toMatchObject({ code: "MISSING_FIELD", index: 0 });
    expect(run(["nope"]).error).toMatchObject({ code: "MALFORMED_EVENT", index: 0, event: "nope" });
  });

  it("warnings keep code, index and event, without a sentence", () => {
    const odd = { type: "RUN_STARTED", threadId: "t", runId: "r", extra: 1 };
    const { warnings } = run([odd, { type: "NOT_AN_EVENT" }]);
    expect(warnings).toEqual([
      { code: "UNKNOWN_PROPERTY_STRIPPED", message: "", index: 0, event: odd },
      { code: "UNKNOWN_EVENT_DROPPED", message: "", index: 1, event: { type: "NOT_AN_EVENT" } },
    ]);
  });

  it("a capabilities document that is wrong is still reported as not ok", () => {
    expect(readCapabilities("nope")).toEqual({ ok: false, problem: "the document" });
    expect(readCapabilities({ humanInTheLoop: { approvals: "yes" } })).toEqual({ ok: false, problem: "/humanInTheLoop/approvals" });
    expect(readCapabilities({})).toMatchObject({ ok: true });
  });
});

describe("json/ in a production build", () => {
  it("PartialJsonError keeps code and offset; the message is the code at the offset", () => {
    const parser = createPartialJsonParser();
    const error = thrown(() => parser.push('{"a":1}}'));
    expect(error).toBeInstanceOf(PartialJsonError);
    expect(error).toMatchObject({ code: "UNEXPECTED_CHARACTER", offset: 7, message: productionMessage("UNEXPECTED_CHARACTER", "offset 7") });
    expect(thrown(() => createPartialJsonParser().push('"\\q"'))).toMatchObject({ code: "INVALID_ESCAPE", offset: 2 });
    const unfinished = createPartialJsonParser();
    unfinished.push("[1,");
    expect(thrown(() => unfinished.end())).toMatchObject({ code: "INCOMPLETE", offset: 3 });
  });

  it("a circular value names its path and target", () => {
    const value: Record<string, unknown> = { a: {} };
    (value.a as Record<string, unknown>).back = value;
    const error = thrown(() => copyJson(value, "state"));
    expect(error).toBeInstanceOf(CircularValueError);
    expect(error).toMatchObject({ code: "CIRCULAR_VALUE", path: "state.a.back", target: "state", message: productionMessage("CIRCULAR_VALUE", "state.a.back") });
  });

  it("a JSON Patch that cannot apply keeps its name, index and operation", () => {
    const outcome = applyJsonPatch({ a: 1 }, [{ op: "replace", path: "/a", value: 2 }, { op: "remove", path: "/nope" }] as never);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatchObject({ name: "OPERATION_PATH_UNRESOLVABLE", index: 1, operation: { op: "remove", path: "/nope" } });
  });
});

describe("the fold and the model in a production build", () => {
  it("a state patch that fails warns with its code and event; the state is kept", () => {
    const warnings: Warning[] = [];
    const thread = createThread({ state: { a: 1 }, onWarning: (w) => warnings.push(w) });
    const event = { type: "STATE_DELTA", delta: [{ op: "replace", path: "/nope", value: 1 }] };
    foldEvent(thread, event as never);
    expect(thread.state.value).toEqual({ a: 1 });
    expect(warnings).toEqual([expect.objectContaining({ code: "STATE_PATCH_FAILED", message: "", event })]);
    expect(() => foldEvent(thread, { type: "STATE_DELTA", delta: "nope" } as never)).toThrow(
      expect.objectContaining({ code: "MALFORMED_PAYLOAD", eventType: "STATE_DELTA", message: productionMessage("MALFORMED_PAYLOAD", "STATE_DELTA") }),
    );
  });

  it("tool call arguments that are not JSON are a ToolArgsError naming the call", () => {
    const thread = createThread();
    for (const event of [
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "search" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: "{nope" },
      { type: "TOOL_CALL_END", toolCallId: "c1" },
    ]) {
      foldEvent(thread, event as never);
    }
    const error = thread.toolCall("c1")?.error.value;
    expect(error).toBeInstanceOf(ToolArgsError);
    expect(error).toMatchObject({ code: "INVALID_TOOL_ARGS", toolCallId: "c1", argsText: "{nope", message: productionMessage("INVALID_TOOL_ARGS", "c1") });
  });

  it("a tool message's error keeps the agent's text as the message (data, not a sentence)", () => {
    const error = new ToolResultError("c1", "quota exceeded");
    expect(error).toMatchObject({ code: "TOOL_RESULT_ERROR", toolCallId: "c1", message: "quota exceeded" });
  });

  it("thread options, the store, the registry and select keep their codes and where", () => {
    expect(thrown(() => createThread({ branching: 3 } as never))).toMatchObject({
      code: "INVALID_THREAD_OPTION",
      message: productionMessage("INVALID_THREAD_OPTION", "branching"),
    });
    const store = createThreadStore();
    const badId = thrown(() => store.open(""));
    expect(badId).toBeInstanceOf(ThreadStoreError);
    expect(badId).toMatchObject({ code: "INVALID_THREAD_ID", message: productionMessage("INVALID_THREAD_ID", "open") });
    const registry = createComponentRegistry();
    registry.register("Card", {});
    const twice = thrown(() => registry.register("Card", {}));
    expect(twice).toBeInstanceOf(ComponentRegistryError);
    expect(twice).toMatchObject({ code: "COMPONENT_ALREADY_REGISTERED", componentName: "Card", componentId: "Card" });
    const pointer = thrown(() => createThread().select("nope"));
    expect(pointer).toBeInstanceOf(InvalidPointerError);
    expect(pointer).toMatchObject({ code: "INVALID_POINTER", message: productionMessage("INVALID_POINTER", '"nope"') });
  });

  it("a stored fork that is wrong is still skipped with STORED_BRANCH_INVALID, the entry as event", () => {
    const warnings: Warning[] = [];
    const thread = createThread({ branching: messageBranches(), onWarning: (w) => warnings.push(w) });
    const entry = { position: -1, parentId: null, active: 0, paths: [null, []] };
    (thread as unknown as { tree: { restore(value: unknown): void } }).tree.restore({ forks: [entry] });
    expect(warnings).toEqual([{ code: "STORED_BRANCH_INVALID", message: "", event: entry }]);
  });
});

describe("the run loop in a production build", () => {
  const events = [
    { type: "RUN_STARTED", threadId: "t", runId: "r1" },
    { type: "RUN_FINISHED", threadId: "t", runId: "r1" },
  ];

  it("a run while one is active is RunInProgressError with the active run's id", async () => {
    let release: () => void = () => {};
    const source = {
      run: (_input: unknown, sink: { push(event: unknown): void; end(): void }) =>
        new Promise<void>((resolve) => {
          sink.push({ type: "RUN_STARTED", threadId: "t", runId: "r1" });
          release = () => {
            sink.push({ type: "RUN_FINISHED", threadId: "t", runId: "r1" });
            resolve();
          };
        }),
    };
    const loop = new RunLoop({ source: source as never, threadId: "t", createId: () => "r1" });
    const first = loop.run();
    const second = await loop.run().catch((error: unknown) => error);
    expect(second).toBeInstanceOf(RunInProgressError);
    expect(second).toMatchObject({ code: "RUN_IN_PROGRESS", activeRunId: "r1", message: productionMessage("RUN_IN_PROGRESS", "r1") });
    release();
    await first;
  });

  it("messages that are not AG-UI messages are refused with the entry as where", () => {
    const loop = new RunLoop({ source: fromEvents(events), threadId: "t", createId: () => "r1" });
    const error = thrown(() => loop.setMessages([{ id: "u1", role: "nobody" }] as never));
    expect(error).toBeInstanceOf(RunLoopInputError);
    expect(error).toMatchObject({ code: "INVALID_MESSAGES", message: productionMessage("INVALID_MESSAGES", "messages[0]") });
  });

  it("an unanswered interrupt is named by its id", () => {
    const error = thrown(() => checkResume([{ id: "int-1", reason: "approval" }] as never, [], Date.now()));
    expect(error).toBeInstanceOf(InterruptResumeError);
    expect(error).toMatchObject({ code: "INTERRUPT_NOT_RESUMED", interruptIds: ["int-1"], message: productionMessage("INTERRUPT_NOT_RESUMED", "int-1") });
  });

  it("a hook that throws is a SubscriberError naming the hook; the run goes on", async () => {
    const errors: unknown[] = [];
    const loop = new RunLoop({
      source: fromEvents(events),
      threadId: "t",
      createId: () => "r1",
      subscribers: [
        {
          onRunStarted: () => {
            throw new Error("listener bug");
          },
        },
      ],
      onError: (error) => errors.push(error),
    });
    const result = await loop.run();
    expect(result.status).toBe("succeeded");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SubscriberError);
    expect(errors[0]).toMatchObject({ code: "SUBSCRIBER_FAILED", hook: "onRunStarted", message: productionMessage("SUBSCRIBER_FAILED", "onRunStarted") });
  });
});
