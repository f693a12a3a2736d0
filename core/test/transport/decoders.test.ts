// The SSE and protobuf decoders alone, fed chosen and random chunkings of the same bytes.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as proto from "@ag-ui/proto";
import { EventEncoder } from "@ag-ui/encoder";
import type { BaseEvent } from "@ag-ui/core";
import { SseDecoder } from "../../src/transport/sse-decoder.js";
import { ProtobufDecoder } from "../../src/transport/protobuf-decoder.js";
import { protobufFaults } from "../../src/transport/protobuf-faults.js";
import type { StreamDecoder } from "../../src/transport/stream-decoder.js";
import { excerpt } from "../../src/transport/excerpt.js";
import { SseDataError } from "../../src/transport/index.js";
import { collect } from "./support.js";

const utf8 = new TextEncoder();

/** Feeds `bytes` cut at the given offsets, then ends the body. */
function feed(decoder: StreamDecoder, bytes: Uint8Array, cuts: number[]): void {
  let start = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= start || cut >= bytes.length) continue;
    decoder.push(bytes.subarray(start, cut));
    start = cut;
  }
  decoder.push(bytes.subarray(start));
  decoder.end();
}

const textEvent = fc.record({
  type: fc.constant("TEXT_MESSAGE_CONTENT"),
  messageId: fc.string({ minLength: 1, maxLength: 8 }),
  // Full Unicode, including astral characters (4 UTF-8 bytes) and newlines inside strings.
  delta: fc.string({ unit: "grapheme", maxLength: 20 }),
});

describe("SseDecoder", () => {
  it("decodes a multi-byte character cut inside its UTF-8 sequence", () => {
    const bytes = utf8.encode('data: {"delta":"a😀b"}\n\n');
    const emojiStart = bytes.indexOf(0xf0);
    for (let cut = emojiStart + 1; cut < emojiStart + 4; cut++) {
      const { sink, events } = collect();
      feed(new SseDecoder(sink, 1e6), bytes, [cut]);
      expect(events).toEqual([{ delta: "a😀b" }]);
    }
  });

  it("gives the same events for any chunking, line ending, comments and ignored fields", () => {
    fc.assert(
      fc.property(
        fc.array(textEvent, { maxLength: 8 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.boolean(),
        (events, eol, cuts, decorate) => {
          const text = events
            .map((event) => {
              const extra = decorate ? `: keep-alive${eol}id: 7${eol}event: agui${eol}retry: 10${eol}` : "";
              return `${extra}data: ${JSON.stringify(event)}${eol}${eol}`;
            })
            .join("");
          const bytes = utf8.encode(text);
          const { sink, events: got, warnings } = collect();
          feed(new SseDecoder(sink, 1e6), bytes, cuts.map((n) => n % (bytes.length + 1)));
          expect(got).toEqual(events);
          expect(warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("names the index and shows an escaped excerpt of a bad payload", () => {
    const { sink, events } = collect();
    const decoder = new SseDecoder(sink, 1e6);
    decoder.push(utf8.encode('data: {"a":1}\n\ndata: {"a":2}\n\n'));
    let caught: unknown;
    try {
      decoder.push(utf8.encode(`data: {"broken\ndata: ${"z".repeat(400)}\n\n`));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SseDataError);
    const error = caught as SseDataError;
    expect(error.eventIndex).toBe(2);
    expect(error.dataExcerpt.startsWith('{"broken\\nzzz')).toBe(true);
    expect(error.dataExcerpt.endsWith("… (409 chars in all)")).toBe(true);
    expect(events).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("stops delivering inside a chunk as soon as the sink aborts", () => {
    const { sink, events, controller } = collect(() => controller.abort());
    new SseDecoder(sink, 1e6).push(utf8.encode('data: 1\n\ndata: 2\n\ndata: 3\n\n'));
    expect(events).toEqual([1]);
  });

  it("reads fields as the SSE standard does: the first colon splits, one space is dropped, a bare name is an empty value", () => {
    const ids: Array<string | undefined> = [];
    const { sink, events, warnings } = collect(() => ids.push(decoder.eventId));
    const decoder = new SseDecoder(sink, 1e6);
    const body =
      "\uFEFFdata:[1,\n" + // a BOM opens the stream; no space after the colon
      "data\n" + // a bare name: an empty data line
      "data:  2]\n" + // only the first space is the separator's
      "id: a:b\n\n" + // the first colon splits; the id is this event's
      'data: "x"\n\n' + // no id: none carried over
      "id: bad\0id\ndata: 3\n\n" + // an id holding NUL is ignored
      "data\n\n" + // empty data dispatches nothing
      "junk\ndata: 4\n\n";
    decoder.push(utf8.encode(body));
    decoder.end();
    expect(events).toEqual([[1, 2], "x", 3, 4]);
    expect(ids).toEqual(["a:b", undefined, undefined, undefined]);
    expect(warnings).toEqual(["SSE_UNKNOWN_FIELD"]);
  });

  it("joins a line that arrives one character at a time, and refuses an event past maxEventSize", () => {
    const payload = JSON.stringify({ delta: "y".repeat(3000) });
    const { sink, events } = collect();
    const decoder = new SseDecoder(sink, 5000);
    for (const char of `data: ${payload}\r\n\r\n`) decoder.push(utf8.encode(char));
    decoder.end();
    expect(events).toEqual([JSON.parse(payload)]);

    const tooBig = new SseDecoder(collect().sink, 5000);
    tooBig.push(utf8.encode(`data: ${payload}\n`));
    expect(() => tooBig.push(utf8.encode(`data: ${payload}\n`))).toThrow(/payload #0 was still growing/);
  });
});

describe("ProtobufDecoder", () => {
  const encoder = new EventEncoder({ accept: proto.AGUI_MEDIA_TYPE });

  it("gives the same events for any chunking of the framed body", () => {
    fc.assert(
      fc.property(fc.array(textEvent, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 40 }), (events, cuts) => {
        const parts = events.map((event) => encoder.encodeProtobuf(event as BaseEvent));
        const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
        let at = 0;
        for (const part of parts) {
          bytes.set(part, at);
          at += part.length;
        }
        const { sink, events: got } = collect();
        feed(new ProtobufDecoder(proto, sink, 1e6, protobufFaults), bytes, cuts.map((n) => n % (bytes.length + 1)));
        expect(got).toEqual(events);
      }),
      { numRuns: 300 },
    );
  });

  it("stops delivering inside a chunk as soon as the sink aborts", () => {
    const { sink, events, controller } = collect(() => controller.abort());
    const frames = [0, 1, 2].map((i) =>
      encoder.encodeProtobuf({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: String(i) } as BaseEvent),
    );
    const decoder = new ProtobufDecoder(proto, sink, 1e6, protobufFaults);
    for (const frame of frames) decoder.push(frame);
    expect(events).toHaveLength(1);
  });
});

describe("excerpt", () => {
  it("escapes control characters and marks a cut", () => {
    expect(excerpt("a\r\nb\u0000c\td")).toBe("a\\r\\nb\\u0000c\\td");
    expect(excerpt("x".repeat(10), 4)).toBe("xxxx… (10 chars in all)");
    expect(excerpt("x".repeat(10), 4, false)).toBe("xxxx…");
  });
});
