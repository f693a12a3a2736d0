import { ThreadlineError } from "../errors.js";
import type { TurnPhase } from "./chat-turn-types.js";
import type { TurnResult } from "./chat-types.js";
import type { RunRecord } from "./continuation.js";
import type { RunResult } from "./run-result.js";

/** What a run's end means for its turn. */
export interface RunEnd {
  readonly outcome: Exclude<RunRecord["outcome"], "running">;
  /** The round of tool calls it made may be answered and continued. */
  readonly continuable: boolean;
  /** The turn fails with this. */
  readonly error?: ThreadlineError;
}

/** Maps how the run loop says a run ended to the turn's view of it. */
export function runEnd(result: RunResult): RunEnd {
  switch (result.status) {
    case "success":
      return { outcome: "success", continuable: true };
    case "interrupted":
      // Approvals the interrupts ask for were registered when RUN_FINISHED was folded.
      return { outcome: "interrupted", continuable: true };
    case "failed":
      return { outcome: "failed", continuable: false, error: result.error };
    case "cancelled":
    case "detached":
    case "skipped":
      return { outcome: "cancelled", continuable: false };
    default: {
      const unknown: never = result;
      return unknown;
    }
  }
}

/** The error a turn fails with when `run()` refused (it rejects with a `ThreadlineError`, or worse). */
export function refusalError(error: unknown): ThreadlineError {
  return error instanceof ThreadlineError ? error : new ThreadlineError("INTERNAL_ERROR", String(error), { cause: error });
}

/** The phase a turn that settled with `result` is left in. */
export function settledPhase(result: TurnResult): TurnPhase {
  return result.status === "error" ? "error" : result.status === "awaiting-input" ? "awaiting-input" : "idle";
}
