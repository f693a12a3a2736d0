// Subagent lanes (AG-UI 1.0 SUBAGENT_STARTED / FINISHED / ERROR and `subagentRunId` on content):
// one lane per invocation, nested under the lane or tool call that spawned it, holding its messages.
import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { createThread, subagentLanes, foldEvents, type AGUIEvent, type Thread, type ThreadlineWarning } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { foldEvent } from "../../src/fold/index.js";

const ev = (event: Record<string, unknown>) => event as unknown as AGUIEvent;

/** A parent agent whose tool call `research` spawns `s1`, which spawns `s2`; each streams text. */
function delegation(): AGUIEvent[] {
  return [
    ev({ type: "RUN_STARTED", threadId: "t", runId: "r1" }),
    ev({ type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }),
    ev({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Let me ask." }),
    ev({ type: "TEXT_MESSAGE_END", messageId: "m1" }),
    ev({ type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "research", parentMessageId: "m1" }),
    ev({ type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"topic":"otters"}' }),
    ev({ type: "TOOL_CALL_END", toolCallId: "tc1" }),
    ev({ type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "researcher", description: "Finds sources", parentToolCallId: "tc1", parentMessageId: "m1" }),
    ev({ type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant", subagentRunId: "s1" }),
    ev({ type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "Searching", subagentRunId: "s1" }),
    ev({ type: "SUBAGENT_STARTED", subagentRunId: "s2", name: "reader", parentSubagentRunId: "s1" }),
    ev({ type: "TEXT_MESSAGE_START", messageId: "m3", role: "assistant", subagentRunId: "s2" }),
    ev({ type: "TEXT_MESSAGE_CONTENT", messageId: "m3", delta: "Read 3 papers.", subagentRunId: "s2" }),
    ev({ type: "TEXT_MESSAGE_END", messageId: "m3", subagentRunId: "s2" }),
    ev({ type: "SUBAGENT_FINISHED", subagentRunId: "s2" }),
    ev({ type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: " done.", subagentRunId: "s1" }),
    ev({ type: "TEXT_MESSAGE_END", messageId: "m2", subagentRunId: "s1" }),
    ev({ type: "SUBAGENT_FINISHED", subagentRunId: "s1", result: { papers: 3 } }),
    ev({ type: "TOOL_CALL_RESULT", messageId: "m4", toolCallId: "tc1", content: "3 papers" }),
    ev({ type: "RUN_FINISHED", threadId: "t", runId: "r1" }),
  ];
}

function streamed(events: readonly unknown[], lanes = true) {
  const warnings: ThreadlineWarning[] = [];
  const thread = createThread({ onWarning: (w) => warnings.push(w), ...(lanes ? { subagents: subagentLanes() } : {}) });
  const pipeline = createPipeline((event) => foldEvent(thread, event), { onWarning: (w) => warnings.push(w) });
  for (const event of events) pipeline.push(event);
  return { thread, pipeline, warnings };
}

function texts(thread: Thread, laneId: string): string[] {
  return (thread.subagent(laneId)?.messages.value ?? []).map((node) => String((node as { content: { value: unknown } }).content.value));
}

describe("subagent lanes", () => {
  it("builds a lane per invocation, nested under its tool call and its parent lane, with its messages", () => {
    const { thread, warnings } = streamed(delegation());
    expect(warnings).toEqual([]);
    const s1 = thread.subagent("s1")!;
    const s2 = thread.subagent("s2")!;
    expect(thread.subagents.value).toEqual([s1]);
    expect(thread.subagentsOf("tc1").value).toEqual([s1]);
    expect(s1.lanes.value).toEqual([s2]);
    expect(s2.lanes.value).toEqual([]);
    expect([s1.name.value, s1.description.value, s1.parentToolCallId.value, s1.parentMessageId.value]).toEqual(["researcher", "Finds sources", "tc1", "m1"]);
    expect([s2.name.value, s2.parentSubagentRunId.value, s2.parentToolCallId.value]).toEqual(["reader", "s1", undefined]);
    expect([s1.status.value, s2.status.value]).toEqual(["succeeded", "succeeded"]);
    expect(s1.result.value).toEqual({ papers: 3 });
    expect(texts(thread, "s1")).toEqual(["Searching done."]);
    expect(texts(thread, "s2")).toEqual(["Read 3 papers."]);
    // The lane's messages are the thread's own nodes; the thread keeps them all (the result sits by its call).
    expect(s1.messages.value[0]).toBe(thread.message("m2"));
    expect(thread.messages.value.map((m) => m.id)).toEqual(["m1", "m4", "m2", "m3"]);
  });

  it("writes a lane's message list per message, never per delta, and the top-level list per top-level start", () => {
    const events = delegation();
    const { thread, pipeline } = streamed(events.slice(0, 10));
    const s1 = thread.subagent("s1")!;
    let laneMessages = 0;
    let roots = 0;
    let status = 0;
    const stops = [
      effect(() => void (s1.messages.value, laneMessages++)),
      effect(() => void (thread.subagents.value, roots++)),
      effect(() => void (s1.status.value, status++)),
    ];
    for (let i = 0; i < 50; i++) pipeline.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: ".", subagentRunId: "s1" });
    expect([laneMessages, roots, status]).toEqual([1, 1, 1]);
    for (const event of events.slice(10)) pipeline.push(event);
    // m2 gained nothing structural; s2 is nested, so the top level is untouched; s1 ended once.
    expect([laneMessages, roots, status]).toEqual([1, 1, 2]);
    for (const stop of stops) stop();
  });

  it("keeps an error's message and code, and cuts off lanes still running when the run fails", () => {
    const { thread } = streamed([
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "SUBAGENT_STARTED", subagentRunId: "a", name: "flaky" },
      { type: "SUBAGENT_ERROR", subagentRunId: "a", message: "rate limited", code: "429" },
      { type: "SUBAGENT_STARTED", subagentRunId: "b", name: "slow" },
      { type: "RUN_ERROR", message: "agent crashed" },
    ]);
    expect(thread.subagent("a")!.status.value).toBe("failed");
    expect(thread.subagent("a")!.error.value).toEqual({ message: "rate limited", code: "429" });
    expect(thread.subagent("b")!.status.value).toBe("failed");
    expect(thread.subagent("b")!.error.value).toEqual({ message: "The run ended before subagent 'slow' finished.", cutOff: true });
  });

  it("resumes a suspended lane in a later run without a warning", () => {
    const { thread, warnings } = streamed([
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "SUBAGENT_STARTED", subagentRunId: "s", name: "booker" },
      { type: "SUBAGENT_FINISHED", subagentRunId: "s", outcome: { type: "suspended", interruptIds: ["i1"] } },
      { type: "RUN_FINISHED", threadId: "t", runId: "r1", outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "confirm" }] } },
      { type: "RUN_STARTED", threadId: "t", runId: "r2" },
      { type: "SUBAGENT_STARTED", subagentRunId: "s", name: "booker" },
    ]);
    const lane = thread.subagent("s")!;
    expect(lane.status.value).toBe("running");
    expect(lane.interruptIds.value).toEqual([]);
    expect(thread.subagents.value).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});

describe("subagent lanes: bad input is warned about, nothing else is lost", () => {
  it("SUBAGENT_FINISHED / SUBAGENT_ERROR for a lane that is not running: SUBAGENT_NOT_RUNNING", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w), subagents: subagentLanes() });
    foldEvent(thread, ev({ type: "SUBAGENT_FINISHED", subagentRunId: "ghost" }));
    expect(thread.subagent("ghost")).toBeUndefined();
    foldEvent(thread, ev({ type: "SUBAGENT_STARTED", subagentRunId: "s", name: "x" }));
    foldEvent(thread, ev({ type: "SUBAGENT_FINISHED", subagentRunId: "s", result: 1 }));
    foldEvent(thread, ev({ type: "SUBAGENT_ERROR", subagentRunId: "s", message: "late" }));
    expect(warnings.map((w) => w.code)).toEqual(["SUBAGENT_NOT_RUNNING", "SUBAGENT_NOT_RUNNING"]);
    expect(warnings[0]!.message).toContain("'ghost'");
    expect(warnings[1]!.message).toContain("succeeded, not running");
    // The first ending stands.
    expect(thread.subagent("s")!.status.value).toBe("succeeded");
    expect(thread.subagent("s")!.error.value).toBeUndefined();
    expect(thread.subagent("s")!.result.value).toBe(1);
  });

  it("a second SUBAGENT_STARTED: SUBAGENT_RESTARTED; a running lane keeps its fields, an ended one reopens with its messages", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w), subagents: subagentLanes() });
    foldEvent(thread, ev({ type: "SUBAGENT_STARTED", subagentRunId: "s", name: "first" }));
    foldEvent(thread, ev({ type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant", subagentRunId: "s" }));
    foldEvent(thread, ev({ type: "SUBAGENT_STARTED", subagentRunId: "s", name: "second" }));
    expect(thread.subagent("s")!.name.value).toBe("first");
    foldEvent(thread, ev({ type: "SUBAGENT_FINISHED", subagentRunId: "s" }));
    foldEvent(thread, ev({ type: "SUBAGENT_STARTED", subagentRunId: "s", name: "again" }));
    expect(warnings.map((w) => w.code)).toEqual(["SUBAGENT_RESTARTED", "SUBAGENT_RESTARTED"]);
    const lane = thread.subagent("s")!;
    expect([lane.status.value, lane.name.value, lane.messages.value.map((m) => m.id)]).toEqual(["running", "again", ["m"]]);
    expect(thread.subagents.value).toEqual([lane]);
  });

  it("content naming a subagent no SUBAGENT_STARTED announced: legal (AG-UI 1.1), no warning, an 'unknown' lane holds it", () => {
    const { thread, warnings } = streamed([
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant", subagentRunId: "stray" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "a", subagentRunId: "stray" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "b", subagentRunId: "stray" },
      { type: "TEXT_MESSAGE_END", messageId: "m", subagentRunId: "stray" },
    ]);
    // The order verifier lets unannounced content through (it rejects an unannounced parent).
    expect(warnings).toEqual([]);
    const stray = thread.subagent("stray")!;
    expect(stray.status.value).toBe("unknown");
    expect(texts(thread, "stray")).toEqual(["ab"]);
    expect(thread.message("m")).toBeDefined();
  });

  it("foldEvent alone: an unannounced parent gets an 'unknown' lane and the child nests under it", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w), subagents: subagentLanes() });
    foldEvent(thread, ev({ type: "SUBAGENT_STARTED", subagentRunId: "child", name: "c", parentSubagentRunId: "missing" }));
    expect(warnings.map((w) => w.code)).toEqual(["SUBAGENT_UNANNOUNCED"]);
    const parent = thread.subagent("missing")!;
    expect(parent.status.value).toBe("unknown");
    expect(parent.lanes.value).toEqual([thread.subagent("child")]);
    expect(thread.subagents.value).toEqual([parent]);
  });
});

describe("subagent lanes and snapshots", () => {
  it("the thread snapshot lists every lane; messages with subagentRunId rebuild the lanes' membership", () => {
    const { thread } = streamed(delegation());
    const snapshot = thread.snapshot();
    expect(snapshot.subagents).toEqual([
      { id: "s1", status: "succeeded", name: "researcher", description: "Finds sources", parentToolCallId: "tc1", parentMessageId: "m1", result: { papers: 3 }, messageIds: ["m2"] },
      { id: "s2", status: "succeeded", name: "reader", parentSubagentRunId: "s1", messageIds: ["m3"] },
    ]);
    // Restored from its messages alone (persistence, foldEvents, a history snapshot), the lanes
    // come back with their messages; what only SUBAGENT_* said is not in the messages: `unknown`.
    const restored = createThread({ messages: snapshot.messages, subagents: subagentLanes() });
    expect(restored.snapshot().subagents.map((lane) => [lane.id, lane.status, lane.messageIds])).toEqual([
      ["s1", "unknown", ["m2"]],
      ["s2", "unknown", ["m3"]],
    ]);
    const folded = foldEvents(delegation());
    expect(folded.error).toBeUndefined();
    expect(createThread({ messages: folded.messages, subagents: subagentLanes() }).snapshot().subagents.map((lane) => lane.messageIds)).toEqual([["m2"], ["m3"]]);
  });

  it("MESSAGES_SNAPSHOT re-derives membership; announced lanes stay, unknown lanes no message names go", () => {
    const { thread, pipeline, warnings } = streamed(delegation());
    pipeline.push({ type: "RUN_STARTED", threadId: "t", runId: "r2" });
    pipeline.push({
      type: "MESSAGES_SNAPSHOT",
      messages: [
        { id: "m1", role: "assistant", content: "Let me ask." },
        { id: "m3", role: "assistant", content: "Read 3 papers.", subagentRunId: "s1" },
        { id: "h", role: "assistant", content: "old", subagentRunId: "history" },
      ],
    });
    expect(warnings).toEqual([]);
    expect(texts(thread, "s1")).toEqual(["Read 3 papers."]);
    expect(thread.subagent("s2")!.messages.value).toEqual([]);
    expect(thread.subagent("history")!.status.value).toBe("unknown");
    pipeline.push({ type: "MESSAGES_SNAPSHOT", messages: [{ id: "m1", role: "assistant", content: "Let me ask." }] });
    expect(thread.subagent("history")).toBeUndefined();
    expect(thread.subagent("s1")!.status.value).toBe("succeeded");
    expect(thread.subagents.value.map((lane) => lane.id)).toEqual(["s1"]);
  });
});

describe("without the subagentLanes() plug-in", () => {
  it("subagent messages fold into the main list; one SUBAGENT_LANES_MISSING warning names the plug-in; the lane views are empty", () => {
    const { thread, warnings } = streamed(delegation(), false);
    // The same main list a thread with lanes has (the tool result sits after its call).
    expect(thread.toMessages()).toEqual(streamed(delegation()).thread.toMessages());
    expect(thread.messages.value.map((node) => node.id)).toEqual(["m1", "m4", "m2", "m3"]);
    expect(thread.messages.value.map((node) => node.subagentRunId.value)).toEqual([undefined, undefined, "s1", "s2"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: "SUBAGENT_LANES_MISSING", message: expect.stringContaining("subagentLanes()") });
    expect(thread.subagents.value).toEqual([]);
    expect(thread.subagent("s1")).toBeUndefined();
    expect(thread.subagentsOf("tc1").value).toEqual([]);
    expect(thread.snapshot().subagents).toEqual([]);
  });

  it("restored messages that name a subagent load as ordinary messages, warned about once", () => {
    const warnings: ThreadlineWarning[] = [];
    const { messages } = foldEvents(delegation());
    const thread = createThread({ messages, onWarning: (w) => warnings.push(w) });
    expect(thread.messages.value).toHaveLength(4);
    expect(warnings.map((w) => w.code)).toEqual(["SUBAGENT_LANES_MISSING"]);
  });

  it("refuses a `subagents` value that is not the plug-in (INVALID_THREAD_OPTION)", () => {
    expect(() => createThread({ subagents: true as never })).toThrow(expect.objectContaining({ code: "INVALID_THREAD_OPTION" }));
  });
});
