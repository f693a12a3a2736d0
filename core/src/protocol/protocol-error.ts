import { ThreadlineError } from "../errors.js";

/**
 * Every rule a stream of AG-UI events can break, one stable code per rule. Callers branch on
 * `error.code`; the message is for the developer reading the console.
 */
export type ProtocolErrorCode =
  // -- validation: the shape of one event --
  | "MALFORMED_EVENT" // not an object, or no string `type`
  | "MISSING_FIELD" // a required field of a known event is absent
  | "MALFORMED_FIELD" // a described field holds a value the protocol rejects
  | "EVENT_TOO_DEEP" // the event nests more than MAX_JSON_DEPTH objects/arrays
  // -- lifecycle: runs --
  | "FIRST_EVENT_NOT_RUN_STARTED"
  | "NESTED_RUN_STARTED"
  | "EVENT_AFTER_RUN_FINISHED"
  | "EVENT_AFTER_RUN_ERROR"
  | "OPEN_AT_RUN_FINISHED"
  | "RUN_ID_MISMATCH"
  | "THREAD_ID_MISMATCH"
  | "DUPLICATE_INTERRUPT_ID"
  | "TRUNCATED_RUN"
  // -- streaming: messages, tool calls, reasoning --
  | "ALREADY_OPEN" // a *_START for an id that is still open
  | "UNKNOWN_MESSAGE_ID" // TEXT_MESSAGE_CONTENT / END for an id that is not open
  | "UNKNOWN_TOOL_CALL_ID" // TOOL_CALL_ARGS / END for an id that is not open
  | "UNKNOWN_REASONING_ID" // REASONING_MESSAGE_CONTENT / END or REASONING_END for an id not open
  // -- steps --
  | "STEP_ALREADY_OPEN"
  | "STEP_NOT_STARTED"
  // -- subagents --
  | "SUBAGENT_MISMATCH" // an event's subagentRunId disagrees with the owner of what it continues
  | "SUBAGENT_ALREADY_STARTED"
  | "UNKNOWN_SUBAGENT"
  // -- chunk expansion --
  | "CHUNK_MISSING_ID"
  | "CHUNK_MISSING_NAME"
  | "CHUNK_CONFLICT"
  | "CHUNK_AMBIGUOUS";

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
export class ThreadlineProtocolError extends ThreadlineError {
  declare readonly code: ProtocolErrorCode;
  /** The offending event as received, or `undefined` for a stream that ended too early. */
  readonly event: unknown;
  /** Zero-based position of the offending event in the stream (the stream length at its end). */
  readonly index: number;

  constructor(code: ProtocolErrorCode, message: string, details: ProtocolErrorDetails) {
    const where =
      details.event === undefined && code === "TRUNCATED_RUN"
        ? `at the end of the stream, after ${details.index} events`
        : `at event #${details.index}`;
    super(code, `${message} [${code} ${where}]`, details.cause === undefined ? undefined : { cause: details.cause });
    this.event = details.event;
    this.index = details.index;
  }
}

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
): ThreadlineProtocolError {
  return new ThreadlineProtocolError(code, message, { event: position.raw, index: position.index });
}
