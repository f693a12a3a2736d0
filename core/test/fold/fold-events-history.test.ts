// foldEvents onto a history: prior messages no event reaches are returned as given, and the result
// is the one of folding onto a thread that holds the whole history as nodes (the eager fold below,
// which is what foldEvents did before it left the history alone).
import type { Message } from "@ag-ui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createThread, foldEvents, subagentLanes, type ThreadlineWarning } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { foldEvent, type FoldEventsInit } from "../../src/fold/index.js";
import { ThreadlineError } from "../../src/errors.js";
import { streamArbitrary } from "./stream-generator.js";

function eagerFold(events: Iterable<unknown>, init: FoldEventsInit, onWarning: (w: ThreadlineWarning) => void) {
  const thread = createThread({ messages: init.messages, state: init.state, onWarning, subagents: subagentLanes() });
  const pipeline = createPipeline((event) => foldEvent(thread, event), { onWarning });
  let error: ThreadlineError | undefined;
  try {
    for (const raw of events) pipeline.push(raw);
    pipeline.end();
  } catch (thrown) {
    error = ThreadlineError.from(thrown, "foldEvents");
  }
  return { messages: thread.snapshot().messages, state: thread.state.peek(), pendingInterrupts: thread.pendingInterrupts.peek(), error };
}

/** Both folds, with the warnings each delivered; the two must agree on everything. */
function expectSameAsEager(events: unknown[], init: FoldEventsInit) {
  const ours: ThreadlineWarning[] = [];
  const theirs: ThreadlineWarning[] = [];
  const result = foldEvents(events, init, { onWarning: (w) => ours.push(w) });
  const eager = eagerFold(events, init, (w) => theirs.push(w));
  expect(result.messages).toEqual(eager.messages);
  expect(result.state).toEqual(eager.state);
  expect(result.pendingInterrupts).toEqual(eager.pendingInterrupts);
  expect(result.error?.code).toBe(eager.error?.code);
  expect(ours.map((w) => `${w.code}: ${w.message}`)).toEqual(theirs.map((w) => `${w.code}: ${w.message}`));
  return { result, warnings: ours };
}

const history: Message[] = [
  { id: "u1", role: "user", content: "hello" },
  {
    id: "a1",
    role: "assistant",
    content: "checking",
    toolCalls: [{ id: "call-1", type: "function", function: { name: "lookup", arguments: '{"q":1}' } }],
  },
  { id: "t1", role: "tool", toolCallId: "call-1", content: "42" },
  { id: "act-1", role: "activity", activityType: "plan", content: { steps: ["a"] } },
  { id: "a2", role: "assistant", content: "done", subagentRunId: "sub-1" } as Message,
  { id: "u2", role: "user", content: [{ type: "text", text: "more" }] } as Message,
];

const started = (messages: unknown[]) => ({
  type: "RUN_STARTED",
  threadId: "t",
  runId: "r2",
  input: { threadId: "t", runId: "r2", messages, tools: [], context: [], state: {}, forwardedProps: {} },
});
const run = (...inner: object[]) => [{ type: "RUN_STARTED", threadId: "t", runId: "r2" }, ...inner, { type: "RUN_FINISHED", threadId: "t", runId: "r2" }];
const text = (id: string, delta: string) => [
  { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta },
  { type: "TEXT_MESSAGE_END", messageId: id },
];

describe("foldEvents onto a history", () => {
  it("returns prior messages no event reaches as the same objects, followed by the new ones", () => {
    const { result } = expectSameAsEager(run(...text("new-1", "hi"), { type: "STATE_SNAPSHOT", snapshot: { n: 1 } }), { messages: history });
    expect(result.messages.length).toBe(history.length + 1);
    history.forEach((message, i) => expect(result.messages[i]).toBe(message));
    expect(result.messages[history.length]).toEqual({ id: "new-1", role: "assistant", content: "hi" });
  });

  it("a new tool call and its result stay among the new messages, in the eager order", () => {
    const { result } = expectSameAsEager(
      run(
        ...text("new-1", "let me look"),
        { type: "TOOL_CALL_START", toolCallId: "call-2", toolCallName: "lookup", parentMessageId: "new-1" },
        { type: "TOOL_CALL_ARGS", toolCallId: "call-2", delta: "{}" },
        { type: "TOOL_CALL_END", toolCallId: "call-2" },
        ...text("new-2", "after"),
        { type: "TOOL_CALL_RESULT", messageId: "t2", toolCallId: "call-2", content: "7" },
      ),
      { messages: history },
    );
    history.forEach((message, i) => expect(result.messages[i]).toBe(message));
    expect(result.messages.slice(history.length).map((m) => m.id)).toEqual(["new-1", "t2", "new-2"]);
  });

  it("a RUN_STARTED input repeating the history skips the prior messages without folding them again", () => {
    const input = [...history.map((m) => ({ ...m })), { id: "u3", role: "user", content: "new" }, { id: "u3", role: "user", content: "twice" }];
    const { result, warnings } = expectSameAsEager([started(input), ...text("new-1", "x"), { type: "RUN_FINISHED", threadId: "t", runId: "r2" }], { messages: history });
    history.forEach((message, i) => expect(result.messages[i]).toBe(message));
    expect(result.messages.slice(history.length).map((m) => m.id)).toEqual(["u3", "new-1"]);
    expect(warnings.map((w) => w.code)).toEqual(["DUPLICATE_MESSAGE_ID"]);
  });

  // Each of these reads or changes a prior message: the call folds again with the whole history,
  // and every warning is delivered once.
  const reaching: [string, object[]][] = [
    ["a text message reopening a prior id", run(...text("a1", " more"))],
    ["a result for a prior tool call", run({ type: "TOOL_CALL_RESULT", messageId: "t9", toolCallId: "call-1", content: "again" })],
    ["a tool call whose parent is a prior message", run({ type: "TOOL_CALL_START", toolCallId: "call-3", toolCallName: "x", parentMessageId: "a2" }, { type: "TOOL_CALL_END", toolCallId: "call-3" })],
    ["a tool call whose id is a prior message's (owner clash)", run({ type: "TOOL_CALL_START", toolCallId: "u1", toolCallName: "x" }, { type: "TOOL_CALL_END", toolCallId: "u1" })],
    ["a replayed prior tool call", run({ type: "TOOL_CALL_START", toolCallId: "call-1", toolCallName: "renamed" }, { type: "TOOL_CALL_END", toolCallId: "call-1" })],
    ["a result message with a prior id", run({ type: "TOOL_CALL_RESULT", messageId: "u2", toolCallId: "zz", content: "x" })],
    ["an activity delta on a prior activity", run({ type: "ACTIVITY_DELTA", messageId: "act-1", activityType: "plan", patch: [{ op: "add", path: "/steps/-", value: "b" }] })],
    ["an encrypted value for a prior message", run({ type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "a1", encryptedValue: "xyz" })],
    ["an encrypted value for a prior tool call", run({ type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: "call-1", encryptedValue: "xyz" })],
    ["RUN_STARTED input answering a prior tool call", [started([...history, { id: "t3", role: "tool", toolCallId: "call-1", content: "late" }]), { type: "RUN_FINISHED", threadId: "t", runId: "r2" }]],
    ["a messages snapshot", run({ type: "MESSAGES_SNAPSHOT", messages: [history[0], { id: "x", role: "user", content: "y" }] })],
    ["a subagent lane the history fed", run({ type: "SUBAGENT_STARTED", subagentRunId: "sub-1", name: "helper" }, { type: "SUBAGENT_FINISHED", subagentRunId: "sub-1" })],
  ];
  it.each(reaching)("%s: the same result as the eager fold", (_name, events) => {
    // A warning before the reaching event is not delivered twice by the second fold.
    const { warnings } = expectSameAsEager([...events.slice(0, 1), { type: "TOOL_CALL_RESULT", messageId: "orphan", toolCallId: "nobody", content: "x" }, ...events.slice(1)], { messages: history });
    expect(warnings.filter((w) => w.code === "UNKNOWN_TOOL_CALL" && w.message.includes("'nobody'"))).toHaveLength(1);
  });

  it("reads a one-shot iterable once, even when it folds again, and closes it when folding stops early", () => {
    const pulled: string[] = [];
    let closed = false;
    function* events() {
      try {
        for (const event of run(...text("new-1", "x"), ...text("a1", " more"))) {
          pulled.push((event as { type: string }).type);
          yield event;
        }
      } finally {
        closed = true;
      }
    }
    const result = foldEvents(events(), { messages: history }, { onWarning: () => {} });
    expect(result.error).toBeUndefined();
    expect(pulled).toHaveLength(8);
    expect(result.messages.find((m) => m.id === "a1")?.content).toBe("checking more");
    expect(closed).toBe(true);

    closed = false;
    function* broken() {
      try {
        yield { type: "RUN_STARTED", threadId: "t", runId: "r" };
        yield { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "x" }; // reaches, then refused
        yield { type: "NOT_AN_EVENT" };
        yield { type: "RUN_FINISHED", threadId: "t", runId: "r" };
      } finally {
        closed = true;
      }
    }
    const failed = foldEvents(broken(), { messages: history }, { onWarning: () => {} });
    expect(failed.error).toBeDefined();
    expect(closed).toBe(true);
  });

  it("duplicate prior ids are still dropped with one warning", () => {
    const twice: Message[] = [...history, { id: "u1", role: "user", content: "again" }];
    const { result, warnings } = expectSameAsEager(run(...text("new-1", "x")), { messages: twice });
    expect(result.messages.filter((m) => m.id === "u1")).toHaveLength(1);
    expect(warnings.filter((w) => w.code === "DUPLICATE_MESSAGE_ID")).toHaveLength(1);
  });

  it("ids that hash alike (same length, head and tail) are still told apart", () => {
    const alike: Message[] = Array.from({ length: 300 }, (_, i) => ({ id: `msg-${String(i).padStart(6, "0")}-0000-0000-000000000000`, role: "user", content: `m${i}` }));
    const probe = `msg-${String(150).padStart(6, "0")}-0000-0000-000000000000`;
    expectSameAsEager(run(...text("fresh", "x")), { messages: alike });
    expectSameAsEager(run(...text(probe, " more")), { messages: alike });
  });

  it("a history with more tool calls than its table was sized for stays lazy, and its ids are still found", () => {
    // 40 messages size the table for 160 ids; 40 × 12 calls and their results need it to grow.
    const calls = (i: number) => Array.from({ length: 12 }, (_, k) => ({ id: `c${i}-${k}`, type: "function" as const, function: { name: "f", arguments: "{}" } }));
    const many: Message[] = Array.from({ length: 40 }, (_, i) => ({ id: `a${i}`, role: "assistant", content: "", toolCalls: calls(i) }) as Message);
    const { result } = expectSameAsEager(run(...text("fresh", "x")), { messages: many });
    expect(result.messages.slice(0, 40).every((message, i) => message === many[i])).toBe(true);
    // Results for the first and the last call inserted are found after the table grew: the eager fold runs.
    for (const [toolCallId, at] of [["c0-0", 0], ["c39-11", 39]] as const) {
      const answered = run({ type: "TOOL_CALL_RESULT", messageId: "t-late", toolCallId, content: "ok" });
      const late = expectSameAsEager(answered, { messages: many }).result;
      expect(late.messages[at]).not.toBe(many[at]);
    }
  });

  it("a foldEvents called while another is folding (from its events generator) gets a table of its own", () => {
    const other: Message[] = Array.from({ length: 50 }, (_, i) => ({ id: `o${i}`, role: "user", content: `${i}` }));
    // After the inner call, the outer stream answers the history's call-1: its table must still find it.
    const outerEvents = run(...text("fresh", "x"), { type: "TOOL_CALL_RESULT", messageId: "t-2", toolCallId: "call-1", content: "again" });
    let inner: ReturnType<typeof foldEvents> | undefined;
    function* events() {
      const [head, ...rest] = outerEvents;
      yield head;
      inner = foldEvents(run(...text("fresh-inner", " more")), { messages: other }, { onWarning: () => {} });
      yield* rest;
    }
    const warnings: string[] = [];
    const outer = foldEvents(events(), { messages: history }, { onWarning: (w) => warnings.push(w.code) });
    const eagerWarnings: string[] = [];
    const eager = eagerFold(outerEvents, { messages: history }, (w) => eagerWarnings.push(w.code));
    expect(outer.messages).toEqual(eager.messages);
    expect(outer.error?.code).toBe(eager.error?.code);
    expect(warnings).toEqual(eagerWarnings);
    expect(inner?.error).toBeUndefined();
    expect(inner?.messages.slice(0, 50).every((message, i) => message === other[i])).toBe(true);
  });

  it(`agrees with the eager fold on generated streams over a history`, () => {
    fc.assert(
      fc.property(streamArbitrary, ({ init, events }) => {
        expectSameAsEager(events, init);
      }),
      { numRuns: 300 },
    );
  });
});
