import { describeValue } from "../describe-value.js";
import { ThreadlineError } from "../errors.js";

/**
 * A source failed to produce its events. Every event delivered before the failure stays
 * delivered; these errors only say why no more came.
 */
export class TransportError extends ThreadlineError {
  declare readonly code: TransportErrorCode;
}

/** The codes of the transport's errors, one per subclass below. */
export type TransportErrorCode =
  | "REQUEST_FAILED"
  | "HTTP_STATUS"
  | "UNEXPECTED_CONTENT_TYPE"
  | "SSE_INVALID_JSON"
  | "PROTOBUF_FRAME_INVALID"
  | "EVENT_TOO_LARGE"
  | "STREAM_TRUNCATED"
  | "SOURCE_FAILED"
  | "CONNECT_NOT_SUPPORTED";

/** `fetch` itself failed before any response: network down, DNS, refused connection, CORS. */
export class RequestFailedError extends TransportError {
  declare readonly code: "REQUEST_FAILED";
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super("REQUEST_FAILED", `Request to ${url} failed: ${describeValue(cause)}`, { cause });
    this.url = url;
  }
}

/** The server answered with a non-2xx status. */
export class HttpError extends TransportError {
  declare readonly code: "HTTP_STATUS";
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** The start of the response body, control characters escaped (empty if there was none). */
  readonly bodyExcerpt: string;

  constructor(url: string, status: number, statusText: string, bodyExcerpt: string) {
    const said = bodyExcerpt === "" ? "no body" : `body: ${bodyExcerpt}`;
    super("HTTP_STATUS", `HTTP ${status}${statusText ? ` ${statusText}` : ""} from ${url} (${said})`);
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.bodyExcerpt = bodyExcerpt;
  }
}

/** A 2xx response that is neither `text/event-stream` nor AG-UI protobuf (a login page, JSON…). */
export class UnexpectedContentTypeError extends TransportError {
  declare readonly code: "UNEXPECTED_CONTENT_TYPE";
  readonly url: string;
  readonly contentType: string;
  readonly bodyExcerpt: string;

  constructor(url: string, contentType: string, bodyExcerpt: string) {
    super(
      "UNEXPECTED_CONTENT_TYPE",
      `Response from ${url} has content-type "${contentType}", expected text/event-stream or ` +
        `application/vnd.ag-ui.event+proto (body: ${bodyExcerpt || "empty"})`,
    );
    this.url = url;
    this.contentType = contentType;
    this.bodyExcerpt = bodyExcerpt;
  }
}

/** An SSE `data` payload that is not JSON. */
export class SseDataError extends TransportError {
  declare readonly code: "SSE_INVALID_JSON";
  /** How many payloads of this stream came before the bad one (its 0-based index). */
  readonly eventIndex: number;
  readonly dataExcerpt: string;

  constructor(eventIndex: number, dataExcerpt: string, cause: unknown) {
    super(
      "SSE_INVALID_JSON",
      `SSE data payload #${eventIndex} is not JSON (${describeValue(cause)}): ${dataExcerpt}`,
      { cause },
    );
    this.eventIndex = eventIndex;
    this.dataExcerpt = dataExcerpt;
  }
}

/** A length-prefixed protobuf frame that `@ag-ui/proto` could not decode. */
export class ProtobufFrameError extends TransportError {
  declare readonly code: "PROTOBUF_FRAME_INVALID";
  readonly frameIndex: number;
  /** Offset of the frame's length prefix in the response body. */
  readonly byteOffset: number;
  readonly frameLength: number;

  constructor(frameIndex: number, byteOffset: number, frameLength: number, cause: unknown) {
    super(
      "PROTOBUF_FRAME_INVALID",
      `Protobuf frame #${frameIndex} (${frameLength} bytes at body offset ${byteOffset}) ` +
        `could not be decoded: ${describeValue(cause)}`,
      { cause },
    );
    this.frameIndex = frameIndex;
    this.byteOffset = byteOffset;
    this.frameLength = frameLength;
  }
}

/** One event (an SSE event being buffered, or a protobuf frame) is larger than the set limit. */
export class EventTooLargeError extends TransportError {
  declare readonly code: "EVENT_TOO_LARGE";
  readonly limit: number;
  readonly encoding: "sse" | "protobuf";

  constructor(encoding: "sse" | "protobuf", limit: number, detail: string) {
    super(
      "EVENT_TOO_LARGE",
      `${encoding === "sse" ? "SSE event" : "Protobuf frame"} exceeds the limit of ${limit} ` +
        `${encoding === "sse" ? "characters" : "bytes"}: ${detail}`,
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
      `Stream truncated (${reason}) after ${eventsDelivered} event(s): ${detail}`,
      cause === undefined ? undefined : { cause },
    );
    this.reason = reason;
    this.eventsDelivered = eventsDelivered;
  }
}

/** A wrapped agent or event iterable failed with an error of its own (kept as `cause`). */
export class SourceFailedError extends TransportError {
  declare readonly code: "SOURCE_FAILED";
  constructor(what: string, cause: unknown) {
    super("SOURCE_FAILED", `${what} failed: ${describeValue(cause)}`, { cause });
  }
}

/** `connect` (attach to a run in progress) was asked of an agent that does not implement it. */
export class ConnectNotSupportedError extends TransportError {
  declare readonly code: "CONNECT_NOT_SUPPORTED";
  constructor(detail: string) {
    super("CONNECT_NOT_SUPPORTED", `This source cannot attach to a run in progress: ${detail}`);
  }
}
