// The class of bug, not the instance: fast-check breaks valid AG-UI streams (random event order,
// dropped/duplicated/inserted events, corrupted fields, early ends) and SSE bodies (framing, line
// endings, chunk splits at any byte, truncation at every offset, garbage bytes), and checks that
// Threadline only ever answers with ThreadlineErrors, settles in bounded time, changes the thread
// only by the events it folded, and serves a good run afterwards. FUZZ_RUNS scales it
// (scripts/fuzz-campaign.mjs runs a larger campaign by hand).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HttpAgent, ThreadlineError, TransportError } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { SseDecoder } from "../../src/transport/sse-decoder.js";
import { streamArbitrary } from "../fold/stream-generator.js";
import { serverPerTest, write } from "../run/support.js";
import { sseText } from "../support/agui-server.js";
import { bounded, checkCase, EOLS, framing, fuzzParameters, goodRun, invalidStream, RUNS, sseEvent } from "./invalid-streams.fuzz.js";

const servers = serverPerTest();
const utf8 = new TextEncoder();

interface Decoded {
  events: unknown[];
  error: unknown;
}

function decode(chunks: readonly Uint8Array[]): Decoded {
  const events: unknown[] = [];
  const decoder = new SseDecoder({ signal: new AbortController().signal, onEvent: (event) => void events.push(event), onWarning: () => undefined }, 1 << 20);
  try {
    for (const chunk of chunks) decoder.push(chunk);
    decoder.end();
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

/** Pushes `events` through a fresh pipeline: whatever it throws must be a ThreadlineError, never INTERNAL_ERROR. */
function expectOnlyThreadlineErrors(events: readonly unknown[]): void {
  const pipeline = createPipeline(() => undefined, { onWarning: () => undefined });
  try {
    for (const raw of events) pipeline.push(raw);
    pipeline.end();
  } catch (error) {
    expect(error).toBeInstanceOf(ThreadlineError);
    expect((error as ThreadlineError).code).not.toBe("INTERNAL_ERROR");
  }
}

function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    if (point <= start) continue;
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

/** The events of a generated stream as one SSE body, each with its own line ending and decoration. */
function body(events: readonly unknown[], eols: readonly number[], decorations: readonly number[]): string {
  return events.map((event, i) => sseEvent(event, EOLS[eols[i % eols.length]!]!, decorations[i % decorations.length]!)).join("");
}

describe(`invalid event streams (${RUNS} cases per property)`, () => {
  it("through a RunLoop: only ThreadlineErrors, bounded, the thread is the fold of what was handed on, a good run works after", async () => {
    await fc.assert(
      fc.asyncProperty(invalidStream, async (stream) => {
        const { problems } = await checkCase(stream);
        expect(problems).toEqual([]);
      }),
      fuzzParameters,
    );
  });

  it("through a pipeline alone: every push either passes or throws a ThreadlineError", () => {
    fc.assert(
      fc.property(invalidStream, (stream) => {
        expectOnlyThreadlineErrors(stream.events);
      }),
      fuzzParameters,
    );
  });
});

describe(`SSE bodies broken at the byte level (${RUNS} cases per property)`, () => {
  it("any framing (LF/CRLF/CR per event, comments, ignored fields) and any chunk split gives exactly the events", () => {
    fc.assert(
      fc.property(streamArbitrary, framing, (stream, frame) => {
        const bytes = utf8.encode(body(stream.events, frame.eols, frame.decorations));
        const decoded = decode(cutAt(bytes, frame.cuts));
        expect(decoded.error).toBeUndefined();
        expect(decoded.events).toEqual(JSON.parse(JSON.stringify(stream.events)));
      }),
      fuzzParameters,
    );
  });

  it("truncated at every offset: a prefix of the events, and STREAM_TRUNCATED unless the cut fell between events", () => {
    fc.assert(
      fc.property(streamArbitrary, framing, (stream, frame) => {
        // The first events only: every offset of the body is tried, so its length counts twice.
        const events = JSON.parse(JSON.stringify(stream.events.slice(0, 5))) as unknown[];
        const text = body(events, frame.eols, frame.decorations);
        const bytes = utf8.encode(text);
        for (let offset = 0; offset <= bytes.length; offset++) {
          const decoded = decode([bytes.subarray(0, offset)]);
          expect(events.slice(0, decoded.events.length)).toEqual(decoded.events);
          if (decoded.error !== undefined) expect(decoded.error).toMatchObject({ code: "STREAM_TRUNCATED", reason: "incomplete-event" });
          if (offset === bytes.length) expect(decoded).toEqual({ events, error: undefined });
        }
      }),
      { ...fuzzParameters, numRuns: Math.max(5, Math.floor(RUNS / 6)) },
    );
  });

  it("split at every byte: one-byte chunks give the same events", () => {
    fc.assert(
      fc.property(streamArbitrary, framing, (stream, frame) => {
        const bytes = utf8.encode(body(stream.events, frame.eols, frame.decorations));
        const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
        expect(decode(chunks)).toEqual({ events: JSON.parse(JSON.stringify(stream.events)), error: undefined });
      }),
      { ...fuzzParameters, numRuns: Math.max(5, Math.floor(RUNS / 6)) },
    );
  });

  it("garbage bytes anywhere: only TransportErrors from the decoder, only ThreadlineErrors from the pipeline after it", () => {
    fc.assert(
      fc.property(streamArbitrary, framing, (stream, frame) => {
        let bytes = utf8.encode(body(stream.events, frame.eols, frame.decorations));
        for (const { at, bytes: junk } of frame.garbage) {
          const where = at % (bytes.length + 1);
          bytes = new Uint8Array([...bytes.subarray(0, where), ...junk, ...bytes.subarray(where)]);
        }
        const decoded = decode(cutAt(bytes, frame.cuts));
        if (decoded.error !== undefined) expect(decoded.error).toBeInstanceOf(TransportError);
        expectOnlyThreadlineErrors(decoded.events);
      }),
      fuzzParameters,
    );
  });

  it("over a real node:http server: broken events in random chunks, garbage and early ends, then a good run", async () => {
    let current: { chunks: Uint8Array[] } = { chunks: [] };
    const server = await servers.startAgent(async ({ res, input, index }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      if (index % 2 === 0) for (const chunk of current.chunks) await write(res, chunk);
      else await write(res, sseText(goodRun(input.threadId, input.runId, "recovered")));
      res.end();
    });
    const agent = new HttpAgent({ url: server.url });
    await fc.assert(
      fc.asyncProperty(invalidStream, framing, async (stream, frame) => {
        let text: string;
        try {
          text = body(stream.events, frame.eols, frame.decorations);
        } catch {
          // A value JSON.stringify cannot write (12,000 levels deep) cannot be sent by a server either.
          fc.pre(false);
          return;
        }
        let bytes = utf8.encode(text);
        for (const { at, bytes: junk } of frame.garbage.slice(0, 1)) {
          const where = at % (bytes.length + 1);
          bytes = new Uint8Array([...bytes.subarray(0, where), ...junk, ...bytes.subarray(where)]);
        }
        current = { chunks: cutAt(bytes, frame.cuts.slice(0, 8)) };
        const { problems } = await bounded(checkCase(stream, agent), 20_000, "an HTTP case");
        expect(problems).toEqual([]);
      }),
      { ...fuzzParameters, numRuns: Math.max(5, Math.floor(RUNS / 4)) },
    );
  });
});
