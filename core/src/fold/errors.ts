import { type errorCodes, ThreadlineError } from "../errors.js";

/**
 * Codes of the errors the fold raises for an event it refuses outright. Everything folded before
 * the event stays; the refused event writes nothing.
 * - `FORBIDDEN_PATCH_PATH`: a JSON Patch path or `from` names `__proto__`, `constructor` or
 *   `prototype` — refused rather than skipped, because it can only be an attack.
 * - `MALFORMED_PAYLOAD`: a known event whose payload has the wrong shape (for example a
 *   MESSAGES_SNAPSHOT whose `messages` is not an array). Verified streams never produce one; it
 *   guards callers that feed `foldEvent` directly.
 * - `WRONG_THREAD`: `foldEvent` or a run loop was handed an object that is not a thread from
 *   `createThread`, so the fold cannot write to it.
 * - `INVALID_HISTORY`: `foldEvents` was given `init.messages` that is not a list of AG-UI messages
 *   (an entry without a string `id` or a known `role`, or a field the message shapes refuse once an
 *   event reaches the history); the message names the entry, and no event is folded.
 */
export type FoldErrorCode = (typeof errorCodes.fold)[number];

export class FoldError extends ThreadlineError<FoldErrorCode> {
  /** The type of the refused event, when there was one. */
  readonly eventType: string | undefined;

  constructor(code: FoldErrorCode, message: string, eventType?: string) {
    super(code, message, { where: eventType });
    this.eventType = eventType;
  }
}

/** @deprecated the fold's class is `FoldError`; this is the same class. */
export const ThreadlineFoldError = FoldError;
/** @deprecated use `FoldError`. */
export type ThreadlineFoldError = FoldError;
