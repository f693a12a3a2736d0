// Structural sharing, immutability of values handed out, and how much copying each delta costs.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createPartialJsonParser } from "../../src/json/partial-json-parser.js";
import { containers, createRandom, cut, jsonValue, writeJson } from "./json-text.js";

/** Follows nesting outside strings, to know how many containers are open before a delta. */
class NestingScanner {
  depth = 0;
  private inString = false;
  private escaped = false;

  /** Scans `delta`; returns how many containers it opened. */
  scan(delta: string): number {
    let opened = 0;
    for (const ch of delta) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === "\\") this.escaped = true;
        else if (ch === '"') this.inString = false;
      } else if (ch === '"') this.inString = true;
      else if (ch === "[" || ch === "{") {
        this.depth++;
        opened++;
      } else if (ch === "]" || ch === "}") this.depth--;
    }
    return opened;
  }
}

describe("structural sharing", () => {
  test("extending one string field copies only the objects on its path", () => {
    const parser = createPartialJsonParser();
    const before = parser.push('{"a":{"x":[1,2],"y":"done"},"b":{"c":"hel') as any;
    const after = parser.push("lo wor") as any;
    expect(after).toStrictEqual({ a: { x: [1, 2], y: "done" }, b: { c: "hello wor" } });
    expect(after).not.toBe(before);
    expect(after.b).not.toBe(before.b);
    expect(after.a).toBe(before.a);
    expect(after.a.x).toBe(before.a.x);
    expect(before).toStrictEqual({ a: { x: [1, 2], y: "done" }, b: { c: "hel" } }); // not mutated
  });

  test("a delta that changes nothing visible returns the same value", () => {
    const parser = createPartialJsonParser();
    const a = parser.push('{"a":[1,{"b":"x"}]');
    expect(parser.push("  \n ")).toBe(a);
    expect(parser.push("")).toBe(a);
    const b = parser.push(', "pending-key'); // a dangling key is not shown yet
    expect(b).toBe(a);
    const c = parser.push('":1.5e');
    expect(c).toStrictEqual({ a: [1, { b: "x" }], "pending-key": 1.5 });
    expect(parser.push("-")).toBe(c); // "1.5e-" still reads as 1.5
  });

  test("an element appended to an array keeps the earlier elements' identity", () => {
    const parser = createPartialJsonParser();
    const first = parser.push('[{"id":1},{"id":2},') as any[];
    const second = parser.push('{"id":3') as any[];
    expect(second).toHaveLength(3);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(first).toHaveLength(2);
  });

  test("values handed out may be deep-frozen by the caller: the parser never writes into them", () => {
    fc.assert(
      fc.property(jsonValue, fc.nat(), fc.integer({ min: 1, max: 16 }), (value, seed, maxSize) => {
        const random = createRandom(seed);
        const text = writeJson(value, random);
        const parser = createPartialJsonParser();
        for (const delta of cut(text, random, maxSize)) {
          for (const c of containers(parser.push(delta))) Object.freeze(c); // writes would throw (ESM is strict)
        }
        expect(parser.end()).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  test("random JSON in random deltas: values handed out never change, and new objects are only on the path", () => {
    fc.assert(
      fc.property(jsonValue, fc.nat(), fc.integer({ min: 1, max: 16 }), (value, seed, maxSize) => {
        const random = createRandom(seed);
        const text = writeJson(value, random);
        const parser = createPartialJsonParser();
        const handedOut: Array<[unknown, string]> = [];
        let previous = new Set<object>();
        const nesting = new NestingScanner();
        for (const delta of cut(text, random, maxSize)) {
          const openBefore = nesting.depth;
          const opened = nesting.scan(delta);
          const next = parser.push(delta);
          handedOut.push([next, JSON.stringify(next) ?? "undefined"]);
          const now = containers(next);
          let fresh = 0;
          for (const c of now) if (!previous.has(c)) fresh++;
          // Only containers open at the start of the delta or opened during it may be new.
          expect(fresh).toBeLessThanOrEqual(openBefore + opened);
          previous = now;
        }
        for (const [v, serialized] of handedOut) expect(JSON.stringify(v) ?? "undefined").toBe(serialized);
      }),
      { numRuns: 200 },
    );
  });
});

describe("cost per delta (counted, not timed)", () => {
  function stream(text: string, size: number) {
    const parser = createPartialJsonParser();
    let maxCopiedPerDelta = 0;
    let last = 0;
    for (let at = 0; at < text.length; at += size) {
      parser.push(text.slice(at, at + size));
      const copied = parser.stats.entriesCopied;
      maxCopiedPerDelta = Math.max(maxCopiedPerDelta, copied - last);
      last = copied;
    }
    return { parser, maxCopiedPerDelta, deltas: Math.ceil(text.length / size) };
  }

  test("a long string field: each delta copies the two-key root once, whatever the length", () => {
    for (const length of [10_000, 100_000, 1_000_000]) {
      const body = "lorem ipsum ".repeat(length / 12);
      const text = JSON.stringify({ title: "report", body });
      const { parser, maxCopiedPerDelta, deltas } = stream(text, 10);
      expect(parser.stats.charsRead).toBe(text.length); // every character read exactly once
      expect(maxCopiedPerDelta).toBeLessThanOrEqual(2);
      expect(parser.stats.containersCopied).toBeLessThanOrEqual(deltas);
      expect((parser.value as { body: string }).body).toBe(body);
    }
  });

  test("deep nesting: a delta copies at most the open containers on its path", () => {
    const depth = 200;
    const text = '{"a":'.repeat(depth) + '"' + "x".repeat(5000) + '"' + "}".repeat(depth);
    const { parser, maxCopiedPerDelta } = stream(text, 7);
    expect(maxCopiedPerDelta).toBeLessThanOrEqual(depth);
    expect(parser.end()).toStrictEqual(JSON.parse(text));
  });

  test("a growing array is copied once per delta (the width term: new identity needs a new array)", () => {
    const rows = Array.from({ length: 300 }, (_, id) => ({ id, name: `row ${id}` }));
    const text = JSON.stringify({ rows });
    const { parser, maxCopiedPerDelta } = stream(text, 10);
    // root (1 key) + rows (≤ 300 elements) + the row being written (≤ 2 keys)
    expect(maxCopiedPerDelta).toBeLessThanOrEqual(1 + 300 + 2);
    expect(parser.end()).toStrictEqual({ rows });
  });

  test("write() builds nothing; reading value once copies each open container once", () => {
    const text = JSON.stringify({ rows: Array.from({ length: 300 }, (_, id) => ({ id, name: `row ${id}` })) });
    const parser = createPartialJsonParser();
    const early = parser.push(text.slice(0, 50)) as { rows: unknown[] };
    for (let at = 50; at < text.length - 20; at += 10) parser.write(text.slice(at, at + 10));
    expect(parser.stats.containersCopied).toBeLessThanOrEqual(3); // root, rows, the open row
    const later = parser.value as { rows: unknown[] };
    expect(later.rows.length).toBeGreaterThan(290);
    expect(later.rows[0]).toBe(early.rows[0]); // a row finished before the first read is shared
    expect(early.rows.length).toBeLessThan(5); // and the early value was not mutated
    expect(parser.value).toBe(later); // reading again without writes: same value, no copy
  });
});

describe("top-level fields", () => {
  test("pending → streaming → done for each top-level key", () => {
    const parser = createPartialJsonParser();
    const { topLevel } = parser;
    const seen: string[] = [];
    const log = () => seen.push(["city", "days", "units", "deep"].map((k) => `${k}:${topLevel.status(k)}`).join(" "));
    for (const delta of ['{"ci', 'ty":"Tok', 'yo","days":', "3", ",", '"deep":{"units":', '"x"}', ',"units":tr', "ue}"]) {
      parser.push(delta);
      log();
    }
    expect(seen).toEqual([
      "city:pending days:pending units:pending deep:pending", // a key is not streaming until it is complete
      "city:streaming days:pending units:pending deep:pending",
      "city:complete days:streaming units:pending deep:pending",
      "city:complete days:streaming units:pending deep:pending", // a number may still grow
      "city:complete days:complete units:pending deep:pending",
      "city:complete days:complete units:pending deep:streaming", // nested keys do not count
      "city:complete days:complete units:pending deep:complete",
      "city:complete days:complete units:streaming deep:complete", // a literal is done at its last letter
      "city:complete days:complete units:complete deep:complete",
    ]);
    expect([...topLevel.doneKeys]).toEqual(["city", "days", "deep", "units"]);
    expect(topLevel.streamingKey).toBeUndefined();
  });

  test("a top-level array or string has no fields", () => {
    for (const text of ['[{"a":1}]', '"x"', "12 "]) {
      const parser = createPartialJsonParser();
      parser.push(text);
      expect(parser.topLevel.doneKeys.size).toBe(0);
      expect(parser.topLevel.streamingKey).toBeUndefined();
    }
  });

  test("a repeated key streams again, then is done again", () => {
    const parser = createPartialJsonParser();
    parser.push('{"a":1,"a":"x');
    expect(parser.topLevel.status("a")).toBe("streaming");
    parser.push('y"}');
    expect(parser.topLevel.status("a")).toBe("complete");
    expect(parser.value).toStrictEqual({ a: "xy" });
    expect(parser.complete).toBe(true);
  });
});
