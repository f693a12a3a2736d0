import { DEV } from "esm-env";
import type { AGUIEventOf, EventType, Interrupt } from "@ag-ui/core";
import { ownJson } from "../json/json-value.js";
import { AgentRunError } from "../model/agent-run-error.js";
import { endRun, startRun } from "../model/run-lifecycle.js";
import type { ThreadImpl } from "../model/thread.js";
import type { ActiveStep, RunOutcome } from "../model/types.js";
import { bookkeepingOf } from "./run-bookkeeping.js";
import { recordUsage } from "./token-usage.js";

/**
 * RUN_* and STEP_*: the run's status, id, outcome and open steps (`startRun` and `endRun`,
 * model/run-lifecycle.ts, write them). Several runs may share one stream; messages accumulate across them and
 * the state persists.
 */

export function foldRunStarted(thread: ThreadImpl, event: AGUIEventOf<EventType.RUN_STARTED>): void {
  bookkeepingOf(thread).runStarted();
  startRun(thread, event.threadId, event.runId);
  // Input messages the thread does not hold yet are appended; held ones are not replaced.
  const input = event.input?.messages;
  if (input !== undefined && input.length > 0) thread.appendWhole(input, "RUN_STARTED input");
}

export function foldRunFinished(thread: ThreadImpl, event: AGUIEventOf<EventType.RUN_FINISHED>): void {
  const book = bookkeepingOf(thread);
  const outcome = event.outcome;
  let value: RunOutcome;
  if (outcome?.type === "interrupt") {
    value = { type: "interrupt", interrupts: outcome.interrupts.map(withoutNullTag) };
  } else if (outcome?.type === "cancelled") {
    // Neither success nor failure (spec: lifecycle).
    value = { type: "cancelled" };
  } else {
    const named = outcome?.type === "success" ? outcome.pendingToolCallIds : undefined;
    const pending = named !== undefined && named.length > 0 ? [...named] : book.unansweredCalls();
    value = event.result === undefined
      ? { type: "success", pendingToolCallIds: pending }
      : { type: "success", result: event.result, pendingToolCallIds: pending };
  }
  endRun(thread, { type: "finished", outcome: ownJson(value) });
  recordUsage(thread.tokens, event.runId, "RUN_FINISHED", event.usage);
  book.runEnded();
}

/** A producer failure: the run failed, and RUN_ERROR ends whatever was still open. */
export function foldRunError(thread: ThreadImpl, event: AGUIEventOf<EventType.RUN_ERROR>): void {
  endRun(thread, { type: "failed", error: new AgentRunError(event.message, event.code) });
  // RUN_ERROR names no run: it ends the one RUN_STARTED opened.
  recordUsage(thread.tokens, thread.runId.peek(), "RUN_ERROR", event.usage);
  bookkeepingOf(thread).runEnded();
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
      message: DEV ? `STEP_FINISHED: no open step '${event.stepName}'${owner === undefined ? "" : ` for subagent '${owner}'`}.` : "",
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
