import { warnToConsole } from "../errors.js";
import { EventTooLargeError, SseDataError, StreamTruncatedError } from "./errors.js";
import { excerpt } from "./excerpt.js";
import type { EventSink } from "./source.js";
import type { StreamDecoder } from "./stream-decoder.js";

const CR = 13;
const SPACE = 32;

/**
 * `text/event-stream` → one JSON event per `data` payload, read as the SSE standard reads a
 * stream: lines end with CRLF, LF or CR; `data:` lines join with LF; `:` starts a comment; `id`
 * names the event (one holding NUL is ignored); `event` and `retry` mean nothing to AG-UI; a blank
 * line dispatches. Plus streaming UTF-8 decoding (which also drops a leading BOM), JSON parsing
 * and the end-of-body rules. Each character is looked at a bounded number of times, however the
 * body is chunked: a line still arriving is kept as pieces and joined once its end comes.
 */
export class SseDecoder implements StreamDecoder {
  eventsDelivered = 0;
  /** The SSE `id` of the event being delivered (`undefined` when it had none). */
  eventId: string | undefined;
  /** Data payloads seen, delivered or not: the index reported for a bad one. */
  #payloads = 0;
  // `stream: true` holds back the first bytes of a UTF-8 sequence split across chunks.
  readonly #text = new TextDecoder("utf-8");
  /** A line still arriving: the text after the last line break, in the pieces it came in. */
  readonly #pending: string[] = [];
  #pendingLength = 0;
  /** The event being read: its data lines joined, how many there were, its id. */
  #data = "";
  #dataLines = 0;
  #id: string | undefined;
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
  }

  push(bytes: Uint8Array): void {
    this.#feed(this.#text.decode(bytes, { stream: true }));
  }

  end(): void {
    this.#feed(this.#text.decode());
    // A final CR is held back in case an LF follows; an LF now completes that line as CRLF
    // without adding one, so an event whose blank line was that CR is dispatched as usual.
    if (this.#lastChar === CR) this.#feed("\n");
    // Whatever a blank line dispatches now is an event the body never terminated. The SSE
    // standard discards it; here it means the stream stopped early (a last RUN_FINISHED whose
    // blank line never came is not a finished run).
    this.#ending = true;
    this.#feed("\n\n");
  }

  #feed(chunk: string): void {
    if (chunk === "") return;
    this.#lastChar = chunk.charCodeAt(chunk.length - 1);
    let text = chunk;
    if (this.#pendingLength > 0) {
      this.#pending.push(chunk);
      this.#pendingLength += chunk.length;
      // Still inside one line: nothing to read until its end arrives.
      if (chunk.indexOf("\n") === -1 && chunk.indexOf("\r") === -1) return this.#checkSize();
      text = this.#pending.join("");
      this.#pending.length = 0;
      this.#pendingLength = 0;
    }
    const n = text.length;
    let start = 0;
    let cr = text.indexOf("\r");
    let lf = text.indexOf("\n");
    for (;;) {
      if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
      if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
      const end = cr === -1 ? lf : lf === -1 || cr < lf ? cr : lf;
      // A CR that ends the text may be the first half of a CRLF: it waits for what follows.
      if (end === -1 || (end === cr && end === n - 1)) break;
      this.#line(text.slice(start, end));
      start = end + 1;
      if (end === cr && lf === start) start++;
    }
    if (start < n) {
      this.#pending.push(start === 0 ? text : text.slice(start));
      this.#pendingLength = n - start;
    }
    this.#checkSize();
  }

  #line(line: string): void {
    if (line === "") {
      const data = this.#data;
      const lines = this.#dataLines;
      const id = this.#id;
      this.#data = "";
      this.#dataLines = 0;
      this.#id = undefined;
      if (lines === 0) return;
      this.eventId = id;
      this.#deliver(data);
      return;
    }
    const colon = line.indexOf(":");
    if (colon === 0) return; // a comment
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    if (field === "data") this.#data = this.#dataLines++ === 0 ? value : `${this.#data}\n${value}`;
    else if (field === "id") {
      if (!value.includes("\0")) this.#id = value;
    } else if (field !== "event" && field !== "retry" && !this.#unknownFieldsReported) {
      // AG-UI does not reconnect by `retry:` nor name events by `event:`. The SSE spec says to
      // ignore unknown fields, but a server writing bare JSON lines would then yield nothing at
      // all: say so once per stream.
      this.#unknownFieldsReported = true;
      (this.#sink.onWarning ?? warnToConsole)({
        code: "SSE_UNKNOWN_FIELD",
        message:
          `SSE line with unknown field "${excerpt(field, 40)}" ignored ` +
          `(line: ${excerpt(line, 80)}); further ones in this stream are not reported`,
      });
    }
  }

  /** The event being read, with the line still arriving, may not outgrow `maxEventSize`. */
  #checkSize(): void {
    if (this.#pendingLength + this.#data.length > this.#maxEventSize) {
      throw new EventTooLargeError("sse", this.#maxEventSize, `payload #${this.#payloads} was still growing without its terminating blank line`);
    }
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
        `the body ended before the blank line that completes its last event (not delivered): ${excerpt(data)}`,
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
}
