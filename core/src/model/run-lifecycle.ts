import { batch } from "@preact/signals-core";
import type { ThreadlineError } from "../errors.js";
import type { ThreadImpl } from "./thread.js";
import type { RunOutcome } from "./types.js";

/*
 * A thread's run lifecycle: `idle` → (`startRun`) `running` → (`endRun`) an end status. Neither
 * checks the status it comes from: ordering is the pipeline's to verify (it refuses a
 * RUN_FINISHED without RUN_STARTED), and what reaches the thread anyway — `foldEvent` fed by hand,
 * `fail` for a stream that broke before RUN_STARTED — must still be recorded. Only the fold and
 * the run loop drive a run, so these live beside the thread, loaded with them; the ends a page
 * may need without them (`fail`, `reset`) are the thread's own.
 */

/**
 * How a run ended, as `endRun` records it: RUN_FINISHED with its outcome (success, interrupt or
 * cancelled: the status follows it); a failure (RUN_ERROR, or the client rejected the stream);
 * or the client stopped listening (stop, detach), which is neither and leaves no outcome.
 */
export type RunEnd =
  | { readonly type: "finished"; readonly outcome: RunOutcome }
  | { readonly type: "failed"; readonly error: ThreadlineError }
  | { readonly type: "stopped" };

const NONE: readonly never[] = Object.freeze([]);

/** RUN_STARTED: a run is under way; the last run's error and outcome go. */
export function startRun(thread: ThreadImpl, threadId: string, runId: string): void {
  const run = thread.runSignals;
  batch(() => {
    thread.threadId.value = threadId;
    run.id.value = runId;
    run.status.value = "running";
    run.error.value = undefined;
    run.outcome.value = undefined;
    thread.activeSteps.value = NONE;
    // Tambo's `awaiting_input` is answered by the run it asked for.
    thread.genui.awaitingInput.value = undefined;
  });
}

/**
 * The run ended (see `RunEnd`). Open steps close. A failed or stopped run also cuts off what was
 * still open (`cutOffRun`); a stopped run keeps its pending interrupts and its error.
 */
export function endRun(thread: ThreadImpl, end: RunEnd): void {
  switch (end.type) {
    case "finished": {
      const outcome = end.outcome;
      const run = thread.runSignals;
      batch(() => {
        thread.activeSteps.value = NONE;
        run.pendingInterrupts.value = outcome.type === "interrupt" ? outcome.interrupts : NONE;
        run.status.value = outcome.type === "interrupt" ? "interrupted" : outcome.type === "cancelled" ? "cancelled" : "succeeded";
        run.outcome.value = outcome;
        thread.genui.runFinished();
      });
      return;
    }
    case "failed":
      return thread.cutOffRun("failed", end.error);
    case "stopped":
      return thread.cutOffRun("cancelled");
    default: {
      const unreachable: never = end;
      return unreachable;
    }
  }
}
