// The thread's run lifecycle (model/run-lifecycle.ts and the thread's own fail, cutOffRun, reset): the
// only writers of the run's status, error, outcome and interrupts; a failed or stopped run cuts off what was open.
import { describe, expect, it } from "vitest";
import { createThread, type AGUIEvent } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { endRun } from "../../src/model/run-lifecycle.js";
import type { ThreadImpl } from "../../src/model/thread.js";

const fold = (thread: ThreadImpl, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const start = { type: "RUN_STARTED", threadId: "t", runId: "r" };

/** A running thread with an open message `m`, an open tool call `tc` and a step `plan`. */
function midRun(): ThreadImpl {
  const thread = createThread() as ThreadImpl;
  fold(
    thread,
    start,
    { type: "STEP_STARTED", stepName: "plan" },
    { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "Hel" },
    { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "lookup", parentMessageId: "m" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"q":' },
  );
  return thread;
}

describe("run lifecycle", () => {
  it("a stopped run is cancelled with no outcome; open items are cut off, pending interrupts kept", () => {
    const thread = createThread() as ThreadImpl;
    fold(thread, start, { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "confirm" }] } });
    expect(thread.status.value).toBe("interrupted");
    expect(thread.pendingInterrupts.value).toEqual([{ id: "i1", reason: "confirm" }]);
    fold(
      thread,
      start,
      { type: "STEP_STARTED", stepName: "plan" },
      { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
      { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "lookup", parentMessageId: "m" },
    );
    endRun(thread, { type: "stopped" });
    expect(thread.status.value).toBe("cancelled");
    expect(thread.outcome.value).toBeUndefined();
    expect(thread.error.value).toBeUndefined();
    expect(thread.activeSteps.value).toEqual([]);
    expect(thread.pendingInterrupts.value).toEqual([{ id: "i1", reason: "confirm" }]);
    const message = thread.message("m");
    expect(message?.role === "assistant" && message.streaming.value).toBe(false);
    expect(thread.toolCall("tc")?.status.value).toBe("failed");
    expect(thread.toolCall("tc")?.error.value?.code).toBe("INCOMPLETE_TOOL_ARGS");
  });

  it("RUN_ERROR fails the run and cuts off what was open; what ended before stays", () => {
    const thread = midRun();
    fold(thread, { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: "1}" }, { type: "TOOL_CALL_END", toolCallId: "tc" });
    fold(thread, { type: "RUN_ERROR", message: "boom", code: "E1" });
    expect(thread.status.value).toBe("failed");
    expect(thread.error.value?.message).toContain("boom");
    expect(thread.toolCall("tc")?.status.value).toBe("complete");
    const message = thread.message("m");
    expect(message?.role === "assistant" && message.streaming.value).toBe(false);
  });

  it("fail() records a stream that broke before RUN_STARTED", () => {
    const thread = createThread() as ThreadImpl;
    thread.fail(new Error("socket closed"));
    expect(thread.status.value).toBe("failed");
    expect(thread.error.value?.code).toBe("RUN_REJECTED");
  });

  it("RUN_FINISHED's pending calls are the run's calls that got no result", () => {
    const thread = midRun();
    fold(
      thread,
      { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: "1}" },
      { type: "TOOL_CALL_END", toolCallId: "tc" },
      { type: "TOOL_CALL_START", toolCallId: "tc2", toolCallName: "lookup", parentMessageId: "m" },
      { type: "TOOL_CALL_END", toolCallId: "tc2" },
      { type: "TOOL_CALL_RESULT", messageId: "res", toolCallId: "tc2", content: "ok" },
      { type: "TEXT_MESSAGE_END", messageId: "m" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r" },
    );
    expect(thread.status.value).toBe("succeeded");
    expect(thread.outcome.value).toEqual({ type: "success", pendingToolCallIds: ["tc"] });
    // The next run starts its own list.
    fold(thread, start, { type: "RUN_FINISHED", threadId: "t", runId: "r" });
    expect(thread.outcome.value).toEqual({ type: "success", pendingToolCallIds: [] });
  });

  it("reset: an empty conversation, idle, and the next run starts clean", () => {
    const thread = midRun();
    endRun(thread, { type: "stopped" });
    thread.reset();
    expect(thread.status.value).toBe("idle");
    expect(thread.runId.value).toBeUndefined();
    expect(thread.messages.value).toEqual([]);
    expect(thread.activeSteps.value).toEqual([]);
    const warnings: string[] = [];
    const next = createThread({ onWarning: (w) => warnings.push(w.code) }) as ThreadImpl;
    fold(next, start, { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" });
    next.reset();
    fold(next, start, { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }, { type: "TEXT_MESSAGE_END", messageId: "m" });
    fold(next, { type: "RUN_FINISHED", threadId: "t", runId: "r" });
    expect(next.status.value).toBe("succeeded");
    expect(warnings).toEqual([]);
  });
});
