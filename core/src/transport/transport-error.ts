import { type errorCodes, ThreadlineError } from "../errors.js";

/**
 * A source failed to produce its events. Every event delivered before the failure stays
 * delivered; these errors only say why no more came. Catch this class and branch on `code`;
 * `HttpError` and `StreamTruncatedError` are the subclasses worth catching on their own. The other
 * subclasses (in errors.ts) carry their code's details and are deprecated as names to catch.
 */
export class TransportError extends ThreadlineError<TransportErrorCode> {}

/** The codes of the transport's errors (listed in `errorCodes.transport`). */
export type TransportErrorCode = (typeof errorCodes.transport)[number];
