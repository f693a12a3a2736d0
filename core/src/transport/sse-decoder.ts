import { DEV } from "esm-env";
import { createParser, type EventSourceParser, type ParseError } from "eventsource-parser";
import { warnToConsole } from "../errors.js";
import { EventTooLargeError, SseDataError, StreamTruncatedError } from "./errors.js";
import { excerpt } from "./excerpt.js";
import type { EventSink } from "./source.js";
import type { StreamDecoder } from "./stream-decoder.js";

const CR = 13;

/**
 * `text/event-stream` → one JSON event per `data` payload. Line endings, multi-line `data:`,
 * comments and `event:`/`id:`/`retry:` are eventsource-parser's business (it follows the SSE
 * spec); this class adds streaming UTF-8 decoding, JSON parsing and the end-of-body rules.
 */
export class SseDecoder implements StreamDecoder {
  eventsDelivered = 0;
  /** The SSE `id` of the event being delivered (`undefined` when it had none). */
  eventId: string | undefined = undefined;
  /** Data payloads seen, delivered or not: the index reported for a bad one. */
  #payloads = 0;
  // `stream: true` holds back the first bytes of a UTF-8 sequence split across chunks.
  readonly #text = new TextDecoder("utf-8");
  readonly #parser: EventSourceParser;
  /** The last character of the decoded text so far (a CR may still be waiting for its LF). */
  #lastChar = 0;
  /** end() is flushing what the body left pending: whatever dispatches now was never terminated. */
  #ending = false;
  #unknownFieldsReported = false;

  readonly #sink: EventSink;
  readonly #maxEventSize: number;
  constructor(
    sink: EventSink,
    maxEventSize: number,
  ) {
    this.#sink = sink;
    this.#maxEventSize = maxEventSize;
    this.#parser = createParser({
      onEvent: (message) => {
        this.eventId = message.id;
        this.#deliver(message.data);
      },
      onError: (error) => this.#parseError(error),
      maxBufferSize: maxEventSize,
    });
  }

  push(bytes: Uint8Array): void {
    this.#feed(this.#text.decode(bytes, { stream: true }));
  }

  end(): void {
    this.#feed(this.#text.decode());
    // The parser holds back a final CR in case an LF follows; an LF now completes that line as
    // CRLF without adding one, so an event whose blank line was that CR is dispatched as usual.
    if (this.#lastChar === CR) this.#parser.feed("\n");
    // Whatever a blank line dispatches now is an event the body never terminated. The SSE
    // standard discards it; here it means the stream stopped early (a last RUN_FINISHED whose
    // blank line never came is not a finished run).
    this.#ending = true;
    this.#parser.feed("\n\n");
  }

  #feed(chunk: string): void {
    if (chunk === "") return;
    this.#lastChar = chunk.charCodeAt(chunk.length - 1);
    this.#parser.feed(chunk);
  }

  #deliver(data: string): void {
    // A sink that aborted mid-chunk gets nothing more, even from the rest of this chunk.
    if (this.#sink.signal.aborted) return;
    // An empty data field dispatches no event, as in the browser's EventSource.
    if (data === "") return;
    if (this.#ending) {
      throw new StreamTruncatedError(
        "incomplete-event",
        this.eventsDelivered,
        DEV ? `the body ended before the blank line that completes its last event (not delivered): ${excerpt(data)}` : "",
      );
    }
    const index = this.#payloads++;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch (cause) {
      throw new SseDataError(index, excerpt(data), cause);
    }
    this.eventsDelivered++;
    this.#sink.onEvent(event);
  }

  #parseError(error: ParseError): void {
    switch (error.type) {
      case "max-buffer-size-exceeded":
        throw new EventTooLargeError(
          "sse",
          this.#maxEventSize,
          DEV ? `payload #${this.#payloads} was still growing without its terminating blank line` : "",
        );
      case "unknown-field":
        // The SSE spec says to ignore unknown fields, but a server writing bare JSON lines
        // would then yield nothing at all: say so once per stream.
        if (!this.#unknownFieldsReported) {
          this.#unknownFieldsReported = true;
          (this.#sink.onWarning ?? warnToConsole)({
            code: "SSE_UNKNOWN_FIELD",
            message: DEV
              ? `SSE line with unknown field "${excerpt(error.field ?? "", 40)}" ignored ` +
                `(line: ${excerpt(error.line ?? "", 80)}); further ones in this stream are not reported`
              : "",
          });
        }
        return;
      case "invalid-retry":
        // AG-UI does not reconnect, so `retry:` is ignored whatever its value.
        return;
      default: {
        const never: never = error.type;
        return never;
      }
    }
  }
}
