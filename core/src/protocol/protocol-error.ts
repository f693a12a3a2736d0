import { DEV } from "esm-env";
import { type errorCodes, ThreadlineError } from "../errors.js";

/**
 * Every rule a stream of AG-UI events can break, one stable code per rule (listed, with a word on
 * each, in `errorCodes.protocol`). Callers branch on `error.code`; the message is for the developer
 * reading the console.
 */
export type ProtocolErrorCode = (typeof errorCodes.protocol)[number];

export interface ProtocolErrorDetails {
  /** The offending event as received (before any copy), or `undefined` when the stream ended. */
  readonly event: unknown;
  /** Zero-based position of the offending event in the raw stream. */
  readonly index: number;
  readonly cause?: unknown;
}

/**
 * The stream broke a rule of the AG-UI protocol. Everything delivered before the offending
 * event stays delivered; nothing after it is processed.
 */
export class ProtocolError extends ThreadlineError<ProtocolErrorCode> {
  /** The offending event as received, or `undefined` for a stream that ended too early. */
  readonly event: unknown;
  /** Zero-based position of the offending event in the stream (the stream length at its end). */
  readonly index: number;

  constructor(code: ProtocolErrorCode, message: string, details: ProtocolErrorDetails) {
    const ended = details.event === undefined && code === "TRUNCATED_RUN";
    // The sentence names where in development; a production build passes the event's index as where.
    super(
      code,
      DEV ? `${message} [${code} ${ended ? `at the end of the stream, after ${details.index} events` : `at event #${details.index}`}]` : "",
      { cause: details.cause, where: (ended ? "end #" : "event #") + details.index },
    );
    this.event = details.event;
    this.index = details.index;
  }
}

/** @deprecated the protocol stage's class is `ProtocolError`; this is the same class. */
export const ThreadlineProtocolError = ProtocolError;
/** @deprecated use `ProtocolError`. */
export type ThreadlineProtocolError = ProtocolError;

/** Where a stage stands in the stream. Shared by the stages of one pipeline. */
export interface StreamPosition {
  /** Index of the raw event being processed (the count of pushed events once the stream ended). */
  index: number;
  /** The raw event being processed, kept for error reports. */
  raw: unknown;
}

export function protocolError(
  code: ProtocolErrorCode,
  message: string,
  position: StreamPosition,
): ProtocolError {
  return new ProtocolError(code, message, { event: position.raw, index: position.index });
}
