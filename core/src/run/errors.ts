import { type errorCodes, ThreadlineError } from "../errors.js";

/**
 * A run could not be started, resumed or settled as asked (a run already active, a disposed loop,
 * messages or input that are not what they must be, an interrupt answered wrongly, a subscriber or
 * end-of-run effect that threw, the chat's `maxSteps` reached). Catch this class and branch on
 * `code`; the subclasses (here and in loop-errors.ts) carry their code's details and are deprecated
 * as names to catch.
 */
export class RunError extends ThreadlineError<RunErrorCode> {}

export type RunErrorCode = (typeof errorCodes.run)[number];

/**
 * A value handed to the loop (a mutation, `setMessages`, an option) is not what it must be.
 * - `INVALID_MESSAGES`: messages that are not AG-UI messages.
 * - `INVALID_RUN_INPUT`: the run's input could not be prepared — a caller value that cannot be
 *   copied (a circular `forwardedProps`: the cause is a `CircularValueError` naming the path), or a
 *   `createId` that threw (its error is the cause). Nothing was sent; the thread is unchanged.
 * - `INVALID_TERMINAL_GRACE`: `terminalGraceMs` is not a number of milliseconds ≥ 0.
 * - `INVALID_RUN_OPTION`: an option of an older release that a plug-in now takes
 *   (`peerProtocolVersion`: `legacy: legacyProtocol({ peerProtocolVersion })`), or a `legacy`
 *   that `legacyProtocol()` did not make.
 */
export class RunLoopInputError extends RunError {
  declare readonly code: "INVALID_MESSAGES" | "INVALID_RUN_INPUT" | "INVALID_TERMINAL_GRACE" | "INVALID_RUN_OPTION";

  /** `where` names the offending value (`messages[3]`) for a production build's message. */
  constructor(code: RunLoopInputError["code"], message: string, cause?: unknown, where?: string) {
    super(code, message, { cause, where });
  }
}
