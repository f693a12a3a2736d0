import type { AGUIEventOf, EventType, Interrupt } from "@ag-ui/core";
import { ownJson } from "../json/json-value.js";
import { AgentRunError } from "../model/errors.js";
import type { ThreadImpl } from "../model/thread.js";
import type { ActiveStep, RunOutcome } from "../model/types.js";

/**
 * RUN_* and STEP_*: the run's status, id, outcome and open steps. Several runs may share one
 * stream; messages accumulate across them and the state persists.
 */

const NONE: readonly never[] = Object.freeze([]);

export function foldRunStarted(thread: ThreadImpl, event: AGUIEventOf<EventType.RUN_STARTED>): void {
  thread.runToolCallIds = new Set();
  thread.answeredToolCallIds = new Set();
  thread.runMessageIds = new Set();
  thread.threadId.value = event.threadId;
  thread.runId.value = event.runId;
  thread.status.value = "running";
  thread.error.value = undefined;
  thread.outcome.value = undefined;
  thread.activeSteps.value = NONE;
  thread.genui.runStarted();
  // Input messages the thread does not hold yet are appended; held ones are not replaced.
  const input = event.input?.messages;
  if (input !== undefined && input.length > 0) thread.appendWhole(input, "RUN_STARTED input");
}

export function foldRunFinished(thread: ThreadImpl, event: AGUIEventOf<EventType.RUN_FINISHED>): void {
  const outcome = event.outcome;
  let value: RunOutcome;
  if (outcome?.type === "interrupt") {
    const interrupts = ownJson(outcome.interrupts.map(withoutNullTag));
    value = { type: "interrupt", interrupts };
    thread.pendingInterrupts.value = interrupts;
    thread.status.value = "interrupted";
  } else if (outcome?.type === "cancelled") {
    // Neither success nor failure (spec: lifecycle).
    value = { type: "cancelled" };
    thread.pendingInterrupts.value = NONE;
    thread.status.value = "cancelled";
  } else {
    const named = outcome?.type === "success" ? outcome.pendingToolCallIds : undefined;
    const pending =
      named !== undefined && named.length > 0
        ? [...named]
        : [...thread.runToolCallIds].filter((id) => !thread.answeredToolCallIds.has(id));
    value = event.result === undefined
      ? { type: "success", pendingToolCallIds: pending }
      : { type: "success", result: ownJson(event.result), pendingToolCallIds: pending };
    thread.pendingInterrupts.value = NONE;
    thread.status.value = "succeeded";
  }
  thread.outcome.value = ownJson(value);
  thread.activeSteps.value = NONE;
  thread.tokens.record(event.runId, "RUN_FINISHED", event.usage);
  thread.genui.runFinished();
  endRunMessages(thread);
}

/**
 * The run's message ids are only asked for while it runs (MESSAGE_ID_REUSED); a run that streamed
 * 50,000 messages would otherwise keep a set of them all, ~26 bytes a message, until the next.
 */
function endRunMessages(thread: ThreadImpl): void {
  if (thread.runMessageIds.size > 0) thread.runMessageIds = new Set();
}

/** A producer failure: the run failed, and RUN_ERROR ends whatever was still open. */
export function foldRunError(thread: ThreadImpl, event: AGUIEventOf<EventType.RUN_ERROR>): void {
  thread.status.value = "failed";
  thread.error.value = new AgentRunError(event.message, event.code);
  thread.outcome.value = undefined;
  thread.activeSteps.value = NONE;
  // RUN_ERROR names no run: it ends the one RUN_STARTED opened.
  thread.tokens.record(thread.runId.peek(), "RUN_ERROR", event.usage);
  thread.closeOpen();
  endRunMessages(thread);
}

export function foldStepStarted(thread: ThreadImpl, event: AGUIEventOf<EventType.STEP_STARTED>): void {
  const step: ActiveStep =
    event.subagentRunId == null
      ? { stepName: event.stepName }
      : { stepName: event.stepName, subagentRunId: event.subagentRunId };
  thread.activeSteps.value = Object.freeze([...thread.activeSteps.peek(), Object.freeze(step)]);
}

export function foldStepFinished(thread: ThreadImpl, event: AGUIEventOf<EventType.STEP_FINISHED>): void {
  const steps = thread.activeSteps.peek();
  const owner = event.subagentRunId ?? undefined;
  const at = steps.findIndex((s) => s.stepName === event.stepName && s.subagentRunId === owner);
  if (at === -1) {
    thread.warn({
      code: "UNKNOWN_STEP",
      message: `STEP_FINISHED: no open step '${event.stepName}'${owner === undefined ? "" : ` for subagent '${owner}'`}.`,
      event,
    });
    return;
  }
  thread.activeSteps.value = Object.freeze([...steps.slice(0, at), ...steps.slice(at + 1)]);
}

function withoutNullTag(interrupt: Interrupt): Interrupt {
  if ((interrupt as { subagentRunId?: string | null }).subagentRunId !== null) return interrupt;
  const { subagentRunId: _dropped, ...rest } = interrupt as Interrupt & { subagentRunId?: string | null };
  return rest as Interrupt;
}
