// The height index a virtualized thread view keeps: offsets, the row at an offset, measured
// heights and list splices, against a plain array of heights (fast-check drives random sequences).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RowHeights } from "../../src/thread-window/index.js";

/** The model: a plain array of heights, `undefined` for a row not measured. */
class Model {
  rows: (number | undefined)[];
  constructor(
    public estimate: number,
    length: number,
  ) {
    this.rows = Array.from({ length }, () => undefined);
  }
  height(i: number): number {
    return this.rows[i] ?? this.estimate;
  }
  offset(i: number): number {
    let sum = 0;
    for (let k = 0; k < i; k++) sum += this.height(k);
    return sum;
  }
  indexAt(y: number): number {
    if (this.rows.length === 0) return -1;
    let index = 0;
    for (let k = 0; k < this.rows.length; k++) if (this.offset(k) <= y) index = k;
    // Zero-height rows share an offset: the last row starting at or above y wins.
    return index;
  }
}

/** Heights as layout gives them: multiples of 1/64 px. */
const heightArb = fc.integer({ min: 0, max: 64 * 2000 }).map((n) => n / 64);

type Op =
  | { kind: "measure"; at: number; height: number }
  | { kind: "splice"; at: number; removed: number; inserted: number }
  | { kind: "estimate"; height: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("measure" as const), at: fc.nat(), height: heightArb }),
  fc.record({ kind: fc.constant("splice" as const), at: fc.nat(), removed: fc.nat({ max: 20 }), inserted: fc.nat({ max: 40 }) }),
  fc.record({ kind: fc.constant("estimate" as const), height: heightArb.filter((h) => h > 0) }),
);

function expectSame(heights: RowHeights, model: Model): void {
  expect(heights.length).toBe(model.rows.length);
  expect(heights.total).toBe(model.offset(model.rows.length));
  for (let i = 0; i <= model.rows.length; i++) expect(heights.offset(i)).toBe(model.offset(i));
  for (let i = 0; i < model.rows.length; i++) {
    expect(heights.height(i)).toBe(model.height(i));
    expect(heights.isMeasured(i)).toBe(model.rows[i] !== undefined);
  }
  const measured = model.rows.filter((h): h is number => h !== undefined);
  expect(heights.measuredCount).toBe(measured.length);
}

describe("RowHeights", () => {
  it("agrees with a plain array of heights through measures, splices and estimate changes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 * 300 }).map((n) => n / 64), fc.nat({ max: 60 }), fc.array(opArb, { maxLength: 40 }), (estimate, length, ops) => {
        const heights = new RowHeights(estimate, length);
        const model = new Model(estimate, length);
        for (const op of ops) {
          if (op.kind === "measure") {
            if (model.rows.length === 0) continue;
            const at = op.at % model.rows.length;
            const before = model.height(at);
            expect(heights.measure(at, op.height)).toBe(op.height - before);
            model.rows[at] = op.height;
          } else if (op.kind === "splice") {
            const at = op.at % (model.rows.length + 1);
            const removed = Math.min(op.removed, model.rows.length - at);
            heights.splice(at, removed, op.inserted);
            model.rows.splice(at, removed, ...Array.from({ length: op.inserted }, () => undefined));
          } else {
            heights.setEstimate(op.height);
            model.estimate = op.height;
          }
        }
        expectSame(heights, model);
        for (const y of [-5, 0, 0.5, model.offset(model.rows.length) / 3, model.offset(model.rows.length), model.offset(model.rows.length) + 100]) {
          expect(heights.indexAt(y)).toBe(model.indexAt(y));
        }
        for (let i = 0; i < model.rows.length; i++) if (model.height(i) > 0) expect(heights.indexAt(model.offset(i))).toBe(i);
      }),
      { numRuns: 300 },
    );
  });

  it("grows past its first capacity by appending, keeping every sum exact", () => {
    const heights = new RowHeights(100, 3);
    const model = new Model(100, 3);
    for (let i = 0; i < 500; i++) {
      heights.splice(heights.length, 0, 1);
      model.rows.push(undefined);
      heights.measure(i, 10 + (i % 7) / 4);
      model.rows[i] = 10 + (i % 7) / 4;
    }
    expectSame(heights, model);
  });

  it("keeps the measured heights of the rows after a prepend and before a replaced tail", () => {
    const heights = new RowHeights(50, 10);
    for (let i = 0; i < 10; i++) heights.measure(i, i + 1);
    heights.splice(0, 0, 5); // history loaded above
    expect(heights.length).toBe(15);
    expect(heights.height(0)).toBe(50);
    expect(heights.height(5)).toBe(1);
    expect(heights.height(14)).toBe(10);
    expect(heights.offset(5)).toBe(250);
    heights.splice(12, 3, 2); // a branch switch: the last three replaced by two
    expect(heights.length).toBe(14);
    expect(heights.height(11)).toBe(7);
    expect(heights.isMeasured(12)).toBe(false);
    expect(heights.total).toBe(250 + (1 + 2 + 3 + 4 + 5 + 6 + 7) + 100);
    expect(heights.measuredCount).toBe(7);
    expect(heights.measuredMean).toBe(4);
  });

  it("costs O(log n) per change: a hundred thousand rows, the last one growing token by token", () => {
    const heights = new RowHeights(120, 100_000);
    // Counted, not timed: the sums touched per growth are the tree's path, ~17 nodes here.
    let height = 20;
    for (let token = 0; token < 2000; token++) heights.measure(99_999, (height += 0.25));
    expect(heights.offset(99_999)).toBe(99_999 * 120);
    expect(heights.total).toBe(99_999 * 120 + height);
    expect(heights.indexAt(heights.total - 1)).toBe(99_999);
    expect(heights.indexAt(50_000 * 120 + 3)).toBe(50_000);
  });

  it("is empty when the thread is", () => {
    const heights = new RowHeights(80);
    expect(heights.length).toBe(0);
    expect(heights.total).toBe(0);
    expect(heights.indexAt(10)).toBe(-1);
  });
});
