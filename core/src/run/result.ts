import type { ThreadlineError } from "../errors.js";
import type { MessageNode } from "../model/types.js";
import type { Interrupt, RunAgentInput } from "../protocol/events.js";

/**
 * The loop's status: `submitted` from the start of a run to its first event, `streaming` until
 * it ends (`reconnecting` while a dropped connection to a resumable server is being retried); then `idle` (success, or cancelled by either side), `awaiting-input` (the run ended on
 * interrupts that the next run must answer) or `failed` (see the loop's `error`). Words as in
 * `model/status.ts`.
 */
export type RunStatus = "idle" | "submitted" | "streaming" | "reconnecting" | "awaiting-input" | "failed";

/** Which call started the run. */
export type RunMode = "run" | "connect";

/** What every result of a run that started carries. */
export interface RunEnded {
  readonly runId: string;
  readonly mode: RunMode;
  /** The loop's generation this run started with (see `RunLoop.generation`). */
  readonly generation: number;
  /** What was sent (frozen): tools, context and resume as they were when the run started. */
  readonly input: RunAgentInput;
  /**
   * Nodes of the messages the run added (not in the thread when it started — `RunParams.messages`
   * are appended before that), in thread order.
   */
  readonly newMessages: readonly MessageNode[];
}

/**
 * How a run ended. `run()` / `connect()` resolve with one of these for everything that happens
 * once the run has started — agent errors, HTTP failures, broken streams included.
 */
export type RunResult =
  /** RUN_FINISHED with a success outcome (or none). */
  | (RunEnded & {
      readonly status: "succeeded";
      readonly result?: unknown;
      /** Tool calls the run left unanswered (named by the agent, else derived from the stream). */
      readonly pendingToolCallIds: readonly string[];
    })
  /** RUN_FINISHED with an interrupt outcome: the thread's `pendingInterrupts` hold them. */
  | (RunEnded & { readonly status: "interrupted"; readonly interrupts: readonly Interrupt[] })
  /**
   * Neither success nor failure: `by: "client"` after `stop()`, `by: "agent"` for RUN_FINISHED with
   * a cancelled outcome.
   */
  | (RunEnded & { readonly status: "cancelled"; readonly by: "client" | "agent" })
  /** `detach()`: the loop stopped listening; the agent was not told. */
  | (RunEnded & { readonly status: "detached" })
  /**
   * `AgentRunError` for RUN_ERROR; `ProtocolError` for a stream that broke the protocol
   * (code `TRUNCATED_RUN` when it ended without RUN_FINISHED / RUN_ERROR); a `TransportError`
   * (`HttpError`, `StreamTruncatedError`…); `MiddlewareError`; `FoldError`.
   */
  | (RunEnded & { readonly status: "failed"; readonly error: ThreadlineError })
  /** A queued run dropped before it started, by `stop()` or `dispose()`. Nothing was sent. */
  | { readonly status: "skipped"; readonly reason: "stopped" | "disposed" };

/** A started run's result without the fields every one of them carries. */
export type RunOutcomeBody = Exclude<RunResult, { status: "skipped" }> extends infer R
  ? R extends RunEnded
    ? Omit<R, keyof RunEnded>
    : never
  : never;
