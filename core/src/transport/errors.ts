import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { summarizeBody } from "./body-summary.js";

// The base class and the lazy-load error are files of their own: the page's first chunk needs
// them (a part that fails to load), not the subclasses below, which come with the exchange.
import { TransportError } from "./transport-error.js";
export { TransportError, type TransportErrorCode } from "./transport-error.js";
export { LazyLoadError } from "./lazy-load-error.js";

/**
 * `fetch` itself failed before any response: network down, DNS, refused connection, CORS.
 * @deprecated as a name to catch: catch `TransportError` and branch on `code`.
 */
export class RequestFailedError extends TransportError {
  declare readonly code: "REQUEST_FAILED";
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super("REQUEST_FAILED", DEV ? `Request to ${url} failed: ${describeValue(cause)}` : "", { cause, where: url });
    this.url = url;
  }
}

/**
 * The server answered with a non-2xx status. The message says what the body said in a few words
 * (a JSON error's code and message, an HTML page's title); `bodyExcerpt` keeps the body's start.
 */
export class HttpError extends TransportError {
  declare readonly code: "HTTP_STATUS";
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** The start of the response body, control characters escaped (empty if there was none). */
  readonly bodyExcerpt: string;

  constructor(url: string, status: number, statusText: string, bodyExcerpt: string) {
    super("HTTP_STATUS", DEV ? `HTTP ${status}${statusText ? ` ${statusText}` : ""} from ${url}: ${summarizeBody(bodyExcerpt)}` : "", { where: url });
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.bodyExcerpt = bodyExcerpt;
  }
}

/**
 * A 2xx response that is neither `text/event-stream` nor AG-UI protobuf (a login page, JSON…).
 * @deprecated as a name to catch: catch `TransportError` and branch on `code`.
 */
export class UnexpectedContentTypeError extends TransportError {
  declare readonly code: "UNEXPECTED_CONTENT_TYPE";
  readonly url: string;
  readonly contentType: string;
  readonly bodyExcerpt: string;

  constructor(url: string, contentType: string, bodyExcerpt: string) {
    super(
      "UNEXPECTED_CONTENT_TYPE",
      DEV
        ? `Response from ${url} is "${contentType}", not an event stream (text/event-stream or ` +
            `application/vnd.ag-ui.event+proto): ${summarizeBody(bodyExcerpt)}`
        : "",
      { where: url },
    );
    this.url = url;
    this.contentType = contentType;
    this.bodyExcerpt = bodyExcerpt;
  }
}

/**
 * An SSE `data` payload that is not JSON.
 * @deprecated as a name to catch: catch `TransportError` and branch on `code`.
 */
export class SseDataError extends TransportError {
  declare readonly code: "SSE_INVALID_JSON";
  /** How many payloads of this stream came before the bad one (its 0-based index). */
  readonly eventIndex: number;
  readonly dataExcerpt: string;

  constructor(eventIndex: number, dataExcerpt: string, cause: unknown) {
    super("SSE_INVALID_JSON", DEV ? `SSE data payload #${eventIndex} is not JSON (${describeValue(cause)}): ${dataExcerpt}` : "", { cause, where: `payload #${eventIndex}` });
    this.eventIndex = eventIndex;
    this.dataExcerpt = dataExcerpt;
  }
}

/**
 * A length-prefixed protobuf frame that `@ag-ui/proto` could not decode.
 * @deprecated as a name to catch: catch `TransportError` and branch on `code`.
 */
export class ProtobufFrameError extends TransportError {
  declare readonly code: "PROTOBUF_FRAME_INVALID";
  readonly frameIndex: number;
  /** Offset of the frame's length prefix in the response body. */
  readonly byteOffset: number;
  readonly frameLength: number;

  constructor(frameIndex: number, byteOffset: number, frameLength: number, cause: unknown) {
    super(
      "PROTOBUF_FRAME_INVALID",
      DEV ? `Protobuf frame #${frameIndex} (${frameLength} bytes at body offset ${byteOffset}) could not be decoded: ${describeValue(cause)}` : "",
      { cause, where: `frame #${frameIndex}` },
    );
    this.frameIndex = frameIndex;
    this.byteOffset = byteOffset;
    this.frameLength = frameLength;
  }
}

/**
 * One event (an SSE event being buffered, or a protobuf frame) is larger than the set limit.
 * @deprecated as a name to catch: catch `TransportError` and branch on `code`.
 */
export class EventTooLargeError extends TransportError {
  declare readonly code: "EVENT_TOO_LARGE";
  readonly limit: number;
  readonly encoding: "sse" | "protobuf";

  constructor(encoding: "sse" | "protobuf", limit: number, detail: string) {
    super(
      "EVENT_TOO_LARGE",
      DEV ? `${encoding === "sse" ? "SSE event" : "Protobuf frame"} exceeds the limit of ${limit} ${encoding === "sse" ? "characters" : "bytes"}: ${detail}` : "",
      { where: encoding },
    );
    this.limit = limit;
    this.encoding = encoding;
  }
}

export type TruncationReason =
  /** The connection broke while the body was being read. */
  | "connection-lost"
  /** The body ended cleanly before the blank line that completes its last SSE event. */
  | "incomplete-event"
  /** The body ended cleanly in the middle of a protobuf frame. */
  | "incomplete-frame";

/**
 * The stream stopped before it was whole. The run has no outcome: it must not be shown as a
 * success, and the events delivered before the break stay delivered.
 */
export class StreamTruncatedError extends TransportError {
  declare readonly code: "STREAM_TRUNCATED";
  readonly reason: TruncationReason;
  readonly eventsDelivered: number;

  constructor(reason: TruncationReason, eventsDelivered: number, detail: string, cause?: unknown) {
    super(
      "STREAM_TRUNCATED",
      DEV ? `Stream truncated (${reason}) after ${eventsDelivered} event(s): ${detail}` : "",
      { cause, where: reason },
    );
    this.reason = reason;
    this.eventsDelivered = eventsDelivered;
  }
}

/**
 * A wrapped agent or event iterable failed with an error of its own (kept as `cause`).
 * @deprecated as a name to catch: catch `TransportError` and branch on `code`.
 */
export class SourceFailedError extends TransportError {
  declare readonly code: "SOURCE_FAILED";
  constructor(what: string, cause: unknown) {
    super("SOURCE_FAILED", DEV ? `${what} failed: ${describeValue(cause)}` : "", { cause });
  }
}

/**
 * `connect` (attach to a run in progress) was asked of an agent that does not implement it.
 * @deprecated as a name to catch: catch `TransportError` and branch on `code`.
 */
export class ConnectNotSupportedError extends TransportError {
  declare readonly code: "CONNECT_NOT_SUPPORTED";
  constructor(detail: string) {
    super("CONNECT_NOT_SUPPORTED", DEV ? `This source cannot attach to a run in progress: ${detail}` : "");
  }
}

/**
 * A dropped run could not be resumed: the retries were spent (`attempts-exhausted`) or the server
 * refused the resume point (`refused`: unknown or expired run, an id past the log…; `cause` is the
 * `HttpError` with the server's JSON reason). What arrived before stays delivered.
 */
export class ReconnectFailedError extends TransportError {
  declare readonly code: "RECONNECT_FAILED";
  readonly reason: "attempts-exhausted" | "refused";
  readonly attempts: number;
  readonly lastEventId: string;

  constructor(reason: "attempts-exhausted" | "refused", attempts: number, lastEventId: string, cause: unknown) {
    super(
      "RECONNECT_FAILED",
      !DEV
        ? ""
        : reason === "refused"
          ? `Resuming after event '${lastEventId}' was refused: ${describeValue(cause)}`
          : `The connection dropped and ${attempts} reconnect attempt(s) after event '${lastEventId}' failed; last: ${describeValue(cause)}`,
      { cause, where: reason },
    );
    this.reason = reason;
    this.attempts = attempts;
    this.lastEventId = lastEventId;
  }
}

