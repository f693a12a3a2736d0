import { createParser, type EventSourceParser, type ParseError } from "eventsource-parser";
import { warnToConsole } from "../errors.js";
import { EventTooLargeError, SseDataError, StreamTruncatedError } from "./errors.js";
import { excerpt } from "./excerpt.js";
import type { EventSink } from "./source.js";
import type { StreamDecoder } from "./stream-decoder.js";

const LF = 10;
const CR = 13;

/**
 * `text/event-stream` → one JSON event per `data` payload. Line endings, multi-line `data:`,
 * comments and `event:`/`id:`/`retry:` are eventsource-parser's business (it follows the SSE
 * spec); this class adds streaming UTF-8 decoding, JSON parsing and the end-of-body rules.
 */
export class SseDecoder implements StreamDecoder {
  eventsDelivered = 0;
  /** The SSE `id` of the event being delivered (`undefined` when it had none). */
  eventId: string | undefined;
  /** Data payloads seen, delivered or not: the index reported for a bad one. */
  private payloads = 0;
  // `stream: true` holds back the first bytes of a UTF-8 sequence split across chunks.
  private readonly text = new TextDecoder("utf-8");
  private readonly parser: EventSourceParser;
  /** The decoded text so far does not end with a line terminator. */
  private lineOpen = false;
  private ending = false;
  private unknownFieldsReported = false;

  constructor(
    private readonly sink: EventSink,
    private readonly maxEventSize: number,
  ) {
    this.parser = createParser({
      onEvent: (message) => {
        this.eventId = message.id;
        this.deliver(message.data);
      },
      onError: (error) => this.parseError(error),
      maxBufferSize: maxEventSize,
    });
  }

  push(bytes: Uint8Array): void {
    this.feed(this.text.decode(bytes, { stream: true }));
  }

  end(): void {
    this.feed(this.text.decode());
    this.ending = true;
    // A blank line dispatches what the body left pending: a last event whose blank line never
    // came, or a CR that the parser held back in case an LF followed it.
    this.parser.feed("\n\n");
  }

  private feed(chunk: string): void {
    if (chunk === "") return;
    const last = chunk.charCodeAt(chunk.length - 1);
    this.lineOpen = last !== LF && last !== CR;
    this.parser.feed(chunk);
  }

  private deliver(data: string): void {
    // A sink that aborted mid-chunk gets nothing more, even from the rest of this chunk.
    if (this.sink.signal.aborted) return;
    // An empty data field dispatches no event, as in the browser's EventSource.
    if (data === "") return;
    const index = this.payloads++;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch (cause) {
      if (this.ending && this.lineOpen) {
        throw new StreamTruncatedError(
          "incomplete-event",
          this.eventsDelivered,
          `the body ended in the middle of a line: ${excerpt(data)}`,
          cause,
        );
      }
      throw new SseDataError(index, excerpt(data), cause);
    }
    this.eventsDelivered++;
    this.sink.onEvent(event);
  }

  private parseError(error: ParseError): void {
    switch (error.type) {
      case "max-buffer-size-exceeded":
        throw new EventTooLargeError(
          "sse",
          this.maxEventSize,
          `payload #${this.payloads} was still growing without its terminating blank line`,
        );
      case "unknown-field":
        // The SSE spec says to ignore unknown fields, but a server writing bare JSON lines
        // would then yield nothing at all: say so once per stream.
        if (!this.unknownFieldsReported) {
          this.unknownFieldsReported = true;
          (this.sink.onWarning ?? warnToConsole)({
            code: "SSE_UNKNOWN_FIELD",
            message:
              `SSE line with unknown field "${excerpt(error.field ?? "", 40)}" ignored ` +
              `(line: ${excerpt(error.line ?? "", 80)}); further ones in this stream are not reported`,
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
