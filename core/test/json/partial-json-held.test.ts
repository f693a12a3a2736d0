// Large open containers (64 entries or more) are held back: a read is either exactly the text's
// value or the previous read itself, at most entries / 8 characters behind, and every value
// handed out stays as it was. What that buys: copies amortised to at most 8 entries a character.
import fc from "fast-check";
import { Allow, parse } from "partial-json";
import { describe, expect, test } from "vitest";
import { createPartialJsonParser, type PartialJsonParser } from "../../src/json/partial-json-parser.js";
import { containers, createRandom, cut, jsonValue, writeJson } from "./json-text.js";

// The documented contract (docs/guide/streaming-tool-arguments.md), not the source's constants:
// a change to either is a change users read about.
const HOLD_FROM = 64;
const HOLD_RATIO = 8;

function oracle(prefix: string): unknown {
  try {
    return parse(prefix, Allow.ALL);
  } catch {
    return undefined;
  }
}

/**
 * What the text so far reads as, fast enough to ask after every delta of a long text: a fresh
 * parser's first read, which is never held (nothing was handed out before it), and which the
 * parity tests pin to partial-json. `expectContract` checks it against partial-json every
 * SAMPLE reads.
 */
function reference(prefix: string): unknown {
  const parser = createPartialJsonParser();
  try {
    parser.write(prefix);
  } catch {
    // the value keeps what was read before the error
  }
  return parser.value;
}
const SAMPLE = 200;

function table(rows: number): { rows: unknown[]; text: string } {
  const list = Array.from({ length: rows }, (_, id) => ({ id, name: `row ${id} of the table`, price: id * 1.25, tags: ["a", "b"] }));
  return { rows: list, text: JSON.stringify({ title: "Stock", rows: list }) };
}

function deltasOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

interface Run {
  parser: PartialJsonParser;
  /** Reads that were not exact (so were the previous read). */
  held: number;
  /** The most characters a read was behind the text. */
  maxBehind: number;
}

/**
 * Pushes every delta and checks each read against partial-json on the same prefix: equal, or
 * the previous read itself and fewer than `limit(expected)` characters since a read was exact.
 * Each read is deep-frozen, so any later write into it throws; its JSON is compared at the end.
 */
function expectContract(deltas: readonly string[], limit: (expected: unknown) => number): Run {
  const parser = createPartialJsonParser();
  const kept: Array<[unknown, string]> = [];
  let prefix = "";
  let previous: unknown = undefined;
  let exactAt = 0;
  let held = 0;
  let maxBehind = 0;
  for (const [i, delta] of deltas.entries()) {
    prefix += delta;
    const value = parser.push(delta);
    const expected = reference(prefix);
    if (i % SAMPLE === 0) expect(expected, `partial-json after ${prefix.length} characters`).toStrictEqual(oracle(prefix));
    // JSON text comparison: the values are JSON, and isDeepStrictEqual per read would be slow
    if (JSON.stringify(value) === JSON.stringify(expected)) {
      exactAt = prefix.length;
    } else {
      held++;
      expect(value, `after ${prefix.length} characters`).toBe(previous);
      maxBehind = Math.max(maxBehind, prefix.length - exactAt);
      expect(prefix.length - exactAt, `characters behind after ${prefix.length}`).toBeLessThan(limit(expected));
    }
    if (value !== previous) {
      for (const c of containers(value)) Object.freeze(c);
      kept.push([value, JSON.stringify(value) ?? "undefined"]);
    }
    previous = value;
  }
  for (const [value, json] of kept) expect(JSON.stringify(value) ?? "undefined").toBe(json);
  return { parser, held, maxBehind };
}

/** Entries of every container in `value`: at least those of the open ones that are held. */
function entriesIn(value: unknown): number {
  let n = 0;
  for (const c of containers(value)) n += Array.isArray(c) ? c.length : Object.keys(c).length;
  return n;
}

describe("a long table read after every delta", () => {
  test("each read is exact or the previous read, at most rows / 8 characters behind; the end is exact", () => {
    const { rows, text } = table(300);
    const { parser, held, maxBehind } = expectContract(deltasOf(text, 10), (expected) => {
      const shown = (expected as { rows?: unknown[] } | undefined)?.rows?.length ?? 0;
      return shown / HOLD_RATIO;
    });
    expect(held).toBeGreaterThan(700); // the contract was exercised, not only exact reads
    expect(maxBehind).toBeGreaterThan(25);
    expect(parser.value).toStrictEqual({ title: "Stock", rows });
    expect(parser.end()).toStrictEqual(JSON.parse(text));
  });

  test("finished rows keep their identity from read to read; only the open path is new", () => {
    const { text } = table(500);
    const parser = createPartialJsonParser();
    let previous: { rows: object[] } | undefined;
    let changes = 0;
    for (const delta of deltasOf(text, 10)) {
      const value = parser.push(delta) as { rows: object[] } | undefined;
      if (previous?.rows !== undefined && value !== previous) {
        changes++;
        const shared = previous.rows.length - 1; // the last row may have grown
        let kept = 0;
        for (let i = 0; i < shared; i++) if (value!.rows[i] === previous.rows[i]) kept++;
        expect(kept, `rows kept after ${changes} changes`).toBe(shared);
      }
      previous = value;
    }
    expect(changes).toBeGreaterThan(100);
  });

  test(`fewer than ${HOLD_FROM} entries: every read is exact, even 2 characters at a time`, () => {
    const { text } = table(HOLD_FROM - 1);
    const { held } = expectContract(deltasOf(text, 2), () => 0);
    expect(held).toBe(0);
  });

  test("copies are amortised: at most 8 entries per character, whatever the table's length", () => {
    const perChar = [200, 2000, 8000].map((rows) => {
      const parser = createPartialJsonParser();
      const deltas = deltasOf(table(rows).text, 10);
      for (const delta of deltas) parser.push(delta);
      const { entriesCopied, charsRead } = parser.stats;
      // The held table's snapshots (≤ 8 a character), plus the open row (4 keys) and its tags
      // array copied at most once per read.
      expect(entriesCopied).toBeLessThanOrEqual(HOLD_RATIO * charsRead + 6 * deltas.length);
      return entriesCopied / charsRead;
    });
    // Flat: 40 times the rows, about the same copying per character (every read copying the
    // table would make it 40 times as much).
    expect(perChar[2]! / perChar[0]!).toBeLessThan(1.5);
  });
});

describe("when a held value is exact", () => {
  test("the delta that closes the array shows all of it, and later reads keep that array", () => {
    const { rows, text } = table(700);
    const close = text.lastIndexOf("]");
    const parser = createPartialJsonParser();
    for (const delta of deltasOf(text.slice(0, close), 10)) parser.push(delta);
    const closed = parser.push(text.slice(close, close + 1)) as { rows: unknown[] };
    expect(closed.rows).toStrictEqual(rows);
    const after = parser.push("}") as { rows: unknown[] };
    expect(after.rows).toBe(closed.rows);
    expect(parser.complete).toBe(true);
  });

  test("after an error the value shows everything read before the bad character", () => {
    const { text } = table(700);
    const good = text.slice(0, text.indexOf("},{", Math.floor(text.length * 0.6)) + 1); // after a row
    const parser = createPartialJsonParser();
    for (const delta of deltasOf(good, 10)) parser.push(delta);
    expect(() => parser.push("?")).toThrow(expect.objectContaining({ code: "UNEXPECTED_CHARACTER", offset: good.length }));
    expect(parser.value).toStrictEqual(oracle(good));
  });

  test("write() then value: exact once rows / 8 characters arrived since the last exact read", () => {
    const { text } = table(1000);
    const parser = createPartialJsonParser();
    const at = Math.floor(text.length / 2);
    parser.push(text.slice(0, at));
    const rowsShown = (parser.value as { rows: unknown[] }).rows.length;
    expect(parser.value).toStrictEqual(oracle(text.slice(0, at)));
    const later = at + Math.ceil(rowsShown / HOLD_RATIO) + 40; // enough for the rows the gap adds
    for (let i = at; i < later; i += 10) parser.write(text.slice(i, Math.min(i + 10, later)));
    expect(parser.value).toStrictEqual(oracle(text.slice(0, later)));
  });
});

describe("any large container", () => {
  test("an object of 300 keys and nested large arrays, in random deltas", () => {
    const wide = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`key ${i}`, i % 3 === 0 ? `value ${i}` : i]));
    const matrix = Array.from({ length: 5 }, (_, r) => Array.from({ length: 150 }, (_, c) => r * 1000 + c));
    const text = JSON.stringify({ wide, matrix, tail: "done" });
    const random = createRandom(7);
    const { parser, held } = expectContract(cut(text, random, 12), (expected) => entriesIn(expected) / HOLD_RATIO);
    expect(held).toBeGreaterThan(50);
    expect(parser.end()).toStrictEqual(JSON.parse(text));
  });

  test("random JSON with long arrays, in random delta sizes", () => {
    const element = fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 6 }),
      fc.constantFrom(true, false, null),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 3 }),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    const long = fc.array(element, { minLength: HOLD_FROM, maxLength: 120 });
    fc.assert(
      fc.property(fc.oneof(long, fc.record({ a: long, b: jsonValue }), fc.array(long, { maxLength: 3 })), fc.nat(), fc.integer({ min: 4, max: 16 }), (value, seed, maxSize) => {
        const random = createRandom(seed);
        const text = writeJson(value, random);
        const { parser } = expectContract(cut(text, random, maxSize), (expected) => entriesIn(expected) / HOLD_RATIO);
        expect(parser.end()).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 15 },
    );
  });
});
