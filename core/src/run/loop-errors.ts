import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { RunError } from "./errors.js";

// The errors a running loop raises, apart from the base class and the input error (errors.ts),
// which the chat's up-front checks throw: a page that has not loaded the run loop ships none of these.

/**
 * `run()` or `connect()` while a run is active, on a loop that refuses instead of queueing
 * (`whenRunning: "refuse"`, the default). A programmer error: the call rejects, nothing is sent
 * and the active run goes on. Also thrown by `setMessages` / `addMessages` / `setState` mid-run.
 */
export class RunInProgressError extends RunError {
  declare readonly code: "RUN_IN_PROGRESS";
  /** The run that is active. */
  readonly activeRunId: string;

  constructor(activeRunId: string, attempted: string) {
    super(
      "RUN_IN_PROGRESS",
      DEV
        ? `${attempted} while run '${activeRunId}' is still active. Wait for it, stop() it, or create the loop ` +
            `with { whenRunning: "queue" } to queue runs.`
        : "",
      { where: activeRunId },
    );
    this.activeRunId = activeRunId;
  }
}

/**
 * The run's `resume` does not answer the thread's pending interrupts properly. Raised before any
 * request is sent; the thread and its pending interrupts are untouched.
 * - `INTERRUPT_NOT_RESUMED`: a pending interrupt has no resume entry.
 * - `INTERRUPT_EXPIRED`: a pending interrupt's `expiresAt` has passed and its entry is not
 *   `status: "cancelled"` (an expired interrupt can only be abandoned).
 * - `INVALID_RESUME`: a resume entry is not `{ interruptId: string, status: "resolved" | "cancelled" }`.
 */
export class InterruptResumeError extends RunError {
  declare readonly code: "INTERRUPT_NOT_RESUMED" | "INTERRUPT_EXPIRED" | "INVALID_RESUME";
  /** The interrupts (or, for INVALID_RESUME, the entry positions) the error is about. */
  readonly interruptIds: readonly string[];

  constructor(code: InterruptResumeError["code"], message: string, interruptIds: readonly string[]) {
    super(code, message, { where: interruptIds.join(", ") });
    this.interruptIds = interruptIds;
  }
}

/**
 * A subscriber hook threw, returned a malformed mutation, or returned a promise (hooks are
 * synchronous). Reported through `onError` (default: a warning); the run carries on.
 */
export class SubscriberError extends RunError {
  declare readonly code: "SUBSCRIBER_FAILED";
  /** The hook, such as `onTextMessageContent` or `onRunFinalized`. */
  readonly hook: string;

  constructor(hook: string, detail: string, cause?: unknown) {
    super("SUBSCRIBER_FAILED", DEV ? `Subscriber hook ${hook} ${detail}` : "", { cause, where: hook });
    this.hook = hook;
  }
}

/**
 * Code reacting to a run's end threw: an effect on the thread's or the loop's signals, or applying
 * a subscriber's `onRunFailed` / `onRunFinalized` mutation. Reported through `onError` (default: a
 * warning); the run's result stands, `run()` settles with it and queued runs go ahead.
 */
export class RunSettleError extends RunError {
  declare readonly code: "RUN_SETTLE_FAILED";
  readonly runId: string;

  constructor(runId: string, cause: unknown) {
    super(
      "RUN_SETTLE_FAILED",
      DEV ? `Code reacting to the end of run '${runId}' threw: ${describeValue(cause)}. The run's result stands.` : "",
      { cause, where: runId },
    );
    this.runId = runId;
  }
}

/** `run()` / `connect()` on a loop after `dispose()`. */
export class RunLoopDisposedError extends RunError {
  declare readonly code: "RUN_LOOP_DISPOSED";

  constructor(attempted: string) {
    super("RUN_LOOP_DISPOSED", DEV ? `${attempted} on a run loop that was disposed.` : "", { where: attempted });
  }
}
