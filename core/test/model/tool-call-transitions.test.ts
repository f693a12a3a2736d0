// The tool call's state machine (model/tool-calls/): the client's transitions (client-transitions.ts) check the
// state they come from and refuse the others without writing; facts from the stream (a result,
// arguments that do not parse) win from every state.
import { describe, expect, it } from "vitest";
import { createThread, type AGUIEvent } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { ThreadlineError } from "../../src/errors.js";
import type { ThreadImpl } from "../../src/model/thread.js";
import type { ToolCallNodeImpl } from "../../src/model/tool-calls/tool-call-node.js";
import { cancelCall, requestApproval, startCall, withdrawApproval } from "../../src/model/tool-calls/client-transitions.js";

const fold = (thread: ThreadImpl, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const start = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const cancelled = new ThreadlineError("TOOL_CANCELLED", "given up");

/** A thread holding call `tc` with argument text `args`, ended unless `ended` is false. */
function callOf(ended = true, args = '{"q":1}'): { thread: ThreadImpl; call: ToolCallNodeImpl } {
  const thread = createThread() as ThreadImpl;
  fold(thread, start, { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "lookup", parentMessageId: "a" });
  fold(thread, { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: args });
  if (ended) fold(thread, { type: "TOOL_CALL_END", toolCallId: "tc" });
  return { thread, call: thread.call("tc")! };
}

const result = (content = "ok") => ({ type: "TOOL_CALL_RESULT", messageId: "res", toolCallId: "tc", content });

describe("tool call transitions", () => {
  it("complete → awaiting-approval → running → failed (cancelled), each step accepted", () => {
    const { call } = callOf();
    expect(call.status.value).toBe("complete");
    expect(requestApproval(call)).toBe(true);
    expect(call.status.value).toBe("awaiting-approval");
    // An interrupt about the same call replaces the tool-side request.
    expect(requestApproval(call)).toBe(true);
    expect(startCall(call)).toBe(true);
    expect(call.status.value).toBe("running");
    expect(cancelCall(call, cancelled)).toBe(true);
    expect(call.status.value).toBe("failed");
    expect(call.error.value).toBe(cancelled);
  });

  it("withdrawing an approval goes back to complete; only from awaiting-approval", () => {
    const { call } = callOf();
    expect(withdrawApproval(call)).toBe(false);
    requestApproval(call);
    expect(withdrawApproval(call)).toBe(true);
    expect(call.status.value).toBe("complete");
    expect(cancelCall(call, cancelled)).toBe(false);
    expect(call.status.value).toBe("complete");
    expect(call.error.value).toBeUndefined();
  });

  it("a call whose arguments still stream refuses every client transition", () => {
    const { call } = callOf(false);
    expect([requestApproval(call), startCall(call), withdrawApproval(call), cancelCall(call, cancelled)]).toEqual([false, false, false, false]);
    expect(call.status.value).toBe("streaming");
    expect(call.error.value).toBeUndefined();
  });

  it("a settled call keeps its result: no approval, no start, no cancel", () => {
    const { thread, call } = callOf();
    fold(thread, result());
    expect(call.status.value).toBe("succeeded");
    expect([requestApproval(call), startCall(call), cancelCall(call, cancelled)]).toEqual([false, false, false]);
    expect(call.status.value).toBe("succeeded");
    expect(call.result.value?.id).toBe("res");
  });

  it("a call that failed on its arguments cannot be approved or started", () => {
    const { call } = callOf(true, "{broken");
    expect(call.status.value).toBe("failed");
    expect([requestApproval(call), startCall(call)]).toEqual([false, false]);
    expect(call.error.value?.code).toBe("INVALID_TOOL_ARGS");
  });

  it("a result settles a running call", () => {
    const { thread, call } = callOf();
    startCall(call);
    fold(thread, result());
    expect(call.status.value).toBe("succeeded");
  });

  it("a replayed TOOL_CALL_START does not pull a call from under its approval; a complete one streams again", () => {
    const waiting = callOf();
    requestApproval(waiting.call);
    fold(waiting.thread, { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "lookup" });
    expect(waiting.call.status.value).toBe("awaiting-approval");
    fold(waiting.thread, { type: "TOOL_CALL_END", toolCallId: "tc" });
    expect(waiting.call.status.value).toBe("awaiting-approval");

    const done = callOf();
    fold(done.thread, { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "lookup" });
    expect(done.call.status.value).toBe("streaming");
    fold(done.thread, { type: "TOOL_CALL_END", toolCallId: "tc" });
    expect(done.call.status.value).toBe("complete");
  });
});

// Checked by the typecheck, not run: outside their owners the run's and the call's state signals
// cannot be written (each line fails to compile once they can).
export function writesFromOutside(thread: ThreadImpl, call: ToolCallNodeImpl): void {
  // @ts-expect-error the call's status is written by its transitions only
  call.status.value = "running";
  // @ts-expect-error so is its error
  call.error.value = undefined;
  // @ts-expect-error the thread's status is written by its run transitions only
  thread.status.value = "idle";
  // @ts-expect-error so are its error, outcome and interrupts
  thread.outcome.value = undefined;
}
