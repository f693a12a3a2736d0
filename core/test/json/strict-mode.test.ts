// undoStrictMode: every rule, the gaps of Tambo's version, identity, odd schemas, streaming use.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createPartialJsonParser } from "../../src/json/partial-json-parser.js";
import { createStrictModeUndo, undoStrictMode } from "../../src/json/strict-mode.js";

const weather = {
  type: "object",
  properties: {
    city: { type: "string" },
    units: { type: "string", enum: ["metric", "imperial"], default: "metric" },
    days: { type: "integer" },
    note: { type: "string" },
  },
  required: ["city"],
  additionalProperties: false,
};

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe("nulls", () => {
  test("an optional field's null is removed, or replaced by the schema default", () => {
    expect(undoStrictMode(weather, { city: "Oslo", units: null, days: null, note: null })).toStrictEqual({ city: "Oslo", units: "metric" });
  });

  test("a required field keeps its null", () => {
    expect(undoStrictMode(weather, { city: null })).toStrictEqual({ city: null });
  });

  test.each([
    ["type list with null", { type: ["string", "null"] }],
    ["nullable: true", { type: "string", nullable: true }],
    ["anyOf with null", { anyOf: [{ type: "string" }, { type: "null" }] }],
    ["oneOf with null", { oneOf: [{ type: "number" }, { type: "null" }] }],
    ["nested anyOf with null", { anyOf: [{ type: "string" }, { anyOf: [{ type: "null" }] }] }],
    ["const null", { const: null }],
    ["enum with null", { enum: ["a", null] }],
    ["no type constraint", { description: "anything" }],
    ["true schema", true],
    ["$ref to a nullable definition", { $ref: "#/$defs/maybe" }],
  ])("null is kept where the schema allows it: %s", (_name, field) => {
    const schema = { type: "object", properties: { x: field }, $defs: { maybe: { type: ["integer", "null"] } } };
    expect(undoStrictMode(schema, { x: null })).toStrictEqual({ x: null });
  });

  test.each([
    ["a plain type", { type: "string" }],
    ["anyOf without null", { anyOf: [{ type: "string" }, { type: "number" }] }],
    ["an object schema without type", { properties: { a: { type: "string" } } }],
    ["enum without null", { enum: ["a", "b"] }],
    ["false schema", false],
  ])("null is removed where the schema does not allow it: %s", (_name, field) => {
    expect(undoStrictMode({ type: "object", properties: { x: field } }, { x: null, y: 1 })).toStrictEqual({});
  });

  test("nulls inside nested objects and array items are undone too", () => {
    const schema = {
      type: "object",
      properties: {
        filter: { type: "object", properties: { from: { type: "string" }, to: { type: "string", default: "now" } } },
        stops: { type: "array", items: { type: "object", properties: { name: { type: "string" }, eta: { type: "string" } }, required: ["name"] } },
      },
    };
    const args = { filter: { from: null, to: null }, stops: [{ name: "A", eta: null }, { name: null, eta: "1h" }, null] };
    expect(undoStrictMode(schema, args)).toStrictEqual({
      filter: { to: "now" },
      stops: [{ name: "A" }, { name: null, eta: "1h" }, null], // array items are never removed
    });
  });
});

describe("unknown keys", () => {
  test("dropped at every depth, without throwing (Tambo throws below the top level)", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "object", properties: { b: { type: "number" } } },
        list: { type: "array", items: { type: "object", properties: { id: { type: "number" } } } },
      },
    };
    const args = { a: { b: 1, invented: 2 }, list: [{ id: 1, extra: true }], stray: "x" };
    expect(undoStrictMode(schema, args)).toStrictEqual({ a: { b: 1 }, list: [{ id: 1 }] });
  });

  test("kept when additionalProperties allows them, and walked with its schema", () => {
    const schema = {
      type: "object",
      properties: {
        open: { type: "object", properties: { a: { type: "number" } }, additionalProperties: true },
        map: { type: "object", additionalProperties: { type: "object", properties: { n: { type: "number" } } } },
        empty: { type: "object", properties: { a: { type: "number" } }, additionalProperties: {} },
      },
    };
    const args = { open: { a: 1, b: 2 }, map: { x: { n: 1, junk: 0 }, y: { n: 2 } }, empty: { z: 1 } };
    expect(undoStrictMode(schema, args)).toStrictEqual({ open: { a: 1, b: 2 }, map: { x: { n: 1 }, y: { n: 2 } }, empty: { z: 1 } });
  });

  test("kept when patternProperties matches; invalid patterns are ignored", () => {
    const schema = { type: "object", properties: { id: {} }, patternProperties: { "^x-": { type: "string" }, "([": {} } };
    expect(undoStrictMode(schema, { id: 1, "x-trace": "t", other: 2 })).toStrictEqual({ id: 1, "x-trace": "t" });
  });

  test("a free-form object (no properties declared) keeps every key", () => {
    const schema = { type: "object", properties: { data: { type: "object" }, anything: {} } };
    const args = { data: { any: 1, keys: [2] }, anything: { deep: { x: null } } };
    expect(undoStrictMode(schema, args)).toBe(args);
  });

  test('"__proto__" keys are handled as plain keys', () => {
    const schema = { type: "object", properties: { ["__proto__"]: { type: "string" }, a: { type: "string" } } };
    const args = JSON.parse('{"__proto__":"p","a":null,"z":1}') as object;
    const out = undoStrictMode(schema, args) as object;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__"]);
  });
});

describe("schema shapes", () => {
  test("$ref into $defs and definitions, including a recursive tree", () => {
    const schema = {
      $ref: "#/definitions/node",
      definitions: {
        node: { type: "object", properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/definitions/node" } } } },
      },
    };
    const tree = { label: "root", junk: 1, children: [{ label: null, children: [{ label: "leaf", more: true }] }] };
    expect(undoStrictMode(schema, tree)).toStrictEqual({ label: "root", children: [{ children: [{ label: "leaf" }] }] });
    const viaDefs = { type: "object", properties: { p: { $ref: "#/$defs/point" } }, $defs: { point: { type: "object", properties: { x: { type: "number" } } } } };
    expect(undoStrictMode(viaDefs, { p: { x: 1, y: 2 } })).toStrictEqual({ p: { x: 1 } });
  });

  test("unreadable refs leave the value alone; ref cycles end", () => {
    const missing = { type: "object", properties: { a: { $ref: "#/$defs/none" }, b: { $ref: "https://x/y.json" } } };
    expect(undoStrictMode(missing, { a: { z: 1 }, b: null })).toStrictEqual({ a: { z: 1 }, b: null });
    const cycle = { type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { $ref: "#/$defs/y" }, y: { $ref: "#/$defs/x" } } };
    expect(undoStrictMode(cycle, { a: { k: 1 } })).toStrictEqual({ a: { k: 1 } });
    const selfUnion = { $defs: { a: { anyOf: [{ $ref: "#/$defs/a" }, { $ref: "#/$defs/a" }] } }, type: "object", properties: { v: { $ref: "#/$defs/a" } } };
    expect(undoStrictMode(selfUnion, { v: null })).toStrictEqual({});
  });

  test("allOf parts are merged", () => {
    const schema = {
      allOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { type: "object", properties: { b: { type: "string" } } },
      ],
    };
    expect(undoStrictMode(schema, { a: null, b: null, c: 1 })).toStrictEqual({ a: null });
  });

  test("a union of objects is walked with the branch that fits, and left alone when unsure", () => {
    const shape = {
      type: "object",
      properties: {
        shape: {
          anyOf: [
            { type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } } },
            { type: "object", properties: { kind: { const: "rect" }, w: { type: "number" }, h: { type: "number" } } },
            { type: "null" },
          ],
        },
      },
    };
    expect(undoStrictMode(shape, { shape: { kind: "rect", w: 1, h: null, r: null } })).toStrictEqual({ shape: { kind: "rect", w: 1 } });
    expect(undoStrictMode(shape, { shape: { kind: "circle", r: 2, extra: 1 } })).toStrictEqual({ shape: { kind: "circle", r: 2 } });
    const partial = { shape: { kind: "ci", junk: 1 } }; // no branch fits (yet): nothing is dropped
    expect(undoStrictMode(shape, partial)).toBe(partial);
    expect(undoStrictMode(shape, { shape: null })).toStrictEqual({ shape: null });
  });

  test("tuples: prefixItems, and draft-07 items array with additionalItems", () => {
    const point = { type: "object", properties: { x: { type: "number" } } };
    const modern = { type: "array", prefixItems: [point, { type: "string" }], items: { type: "object", properties: { tag: {} } } };
    expect(undoStrictMode(modern, [{ x: 1, y: 2 }, "s", { tag: 1, no: 2 }])).toStrictEqual([{ x: 1 }, "s", { tag: 1 }]);
    const draft7 = { type: "array", items: [point], additionalItems: { type: "object", properties: {} } };
    expect(undoStrictMode(draft7, [{ x: 1, y: 2 }, { q: 1 }])).toStrictEqual([{ x: 1 }, { q: 1 }]);
  });

  test("odd schemas and values never throw and change nothing they cannot read", () => {
    const value = { a: null, b: [1, { c: null }] };
    const odd: unknown[] = [
      null, undefined, 42, "object", true, false, [], { type: "object", properties: [] },
      { type: "object", properties: { a: 5 }, required: "a" }, { type: 7, anyOf: "x", allOf: {} },
      { properties: null, items: 3, additionalProperties: "no" },
    ];
    for (const schema of odd) expect(() => undoStrictMode(schema, value)).not.toThrow();
    for (const v of [null, undefined, 1, "s", true, [], {}]) expect(undoStrictMode(weather, v)).toBe(v);
    // `5` cannot be read as a schema, so it constrains nothing: a keeps its null; b is unknown
    expect(undoStrictMode({ type: "object", properties: { a: 5 } }, value)).toStrictEqual({ a: null });
  });

  test("a value 10,000 levels deep under a recursive schema: no stack overflow", () => {
    const schema = { $ref: "#/$defs/n", $defs: { n: { type: "object", properties: { n: { $ref: "#/$defs/n" } } } } };
    let value: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) value = { n: value, junk: i };
    const out = undoStrictMode(schema, value) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["n"]);
  });
});

describe("identity and purity", () => {
  test("nothing to undo: the very same value comes back", () => {
    const args = deepFreeze({ city: "Oslo", days: 3 });
    expect(undoStrictMode(weather, args)).toBe(args);
  });

  test("a change copies only the path to it; frozen input is not touched", () => {
    const schema = { type: "object", properties: { a: { type: "object", properties: { x: { type: "array", items: {} } } }, b: { type: "object", properties: { y: { type: "string" } } } } };
    const args = deepFreeze({ a: { x: [1, 2] }, b: { y: null } });
    const out = undoStrictMode(schema, args) as typeof args;
    expect(out).toStrictEqual({ a: { x: [1, 2] }, b: {} });
    expect(out.a).toBe(args.a);
  });

  test("property: strict-mode output (nulls for every missing optional field) undoes to the original", () => {
    const item = { type: "object", properties: { id: { type: "integer" }, label: { type: "string" }, tags: { type: "array", items: { type: "string" } } }, required: ["id"] };
    const schema = { type: "object", properties: { title: { type: "string" }, items: { type: "array", items: item }, limit: { type: "number" } }, required: ["items"] };
    const itemValue = fc.record({ id: fc.integer(), label: fc.string(), tags: fc.array(fc.string()) }, { requiredKeys: ["id"], noNullPrototype: true });
    const original = fc.record({ title: fc.string(), items: fc.array(itemValue), limit: fc.double({ noNaN: true }) }, { requiredKeys: ["items"], noNullPrototype: true });
    const strictify = (v: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, k in v ? v[k] : null]));
    fc.assert(
      fc.property(original, (value) => {
        const strict = strictify({ ...value, items: value.items.map((i) => strictify(i, ["id", "label", "tags"])) }, ["title", "items", "limit"]);
        expect(undoStrictMode(schema, deepFreeze(strict))).toStrictEqual(value);
        expect(undoStrictMode(schema, value)).toBe(value);
      }),
      { numRuns: 200 },
    );
  });
});

describe("streaming", () => {
  test("createStrictModeUndo on each partial value: same results, untouched branches reused", () => {
    const schema = {
      type: "object",
      properties: {
        rows: { type: "array", items: { type: "object", properties: { name: { type: "string" }, note: { type: "string" } } } },
        footer: { type: "string" },
      },
    };
    const text = JSON.stringify({ rows: [{ name: "a", note: null }, { name: "b", note: null, x: 1 }], footer: null });
    const undo = createStrictModeUndo(schema);
    const parser = createPartialJsonParser();
    let previous: { rows?: unknown[] } | undefined;
    for (let at = 0; at < text.length; at += 3) {
      const partial = parser.push(text.slice(at, at + 3));
      const out = undo(partial) as { rows?: unknown[] };
      expect(out).toStrictEqual(undoStrictMode(schema, partial));
      const firstRowDone = (partial as { rows?: unknown[] } | undefined)?.rows?.length === 2;
      if (firstRowDone && previous?.rows?.length === 2) expect(out.rows?.[0]).toBe(previous.rows[0]);
      previous = out;
    }
    expect(previous).toStrictEqual({ rows: [{ name: "a" }, { name: "b" }] });
  });

  test("a delta costs no re-reading of the schema: an object schema's view is built once, not per partial value", () => {
    let propertyReads = 0;
    let patternReads = 0;
    const properties = { title: { type: "string" }, body: { type: "string" }, note: { type: "string" } };
    const schema = {
      type: "object",
      get properties() {
        propertyReads++;
        return properties;
      },
      get patternProperties() {
        patternReads++; // each read compiled every pattern into a RegExp
        return { "^x-": { type: "string" } };
      },
    };
    const undo = createStrictModeUndo(schema);
    const parser = createPartialJsonParser();
    const text = JSON.stringify({ title: "t", note: null, body: "word ".repeat(200), extra: 1 });
    let last: unknown;
    for (let at = 0; at < text.length; at += 4) last = undo(parser.push(text.slice(at, at + 4)));
    expect(last).toStrictEqual({ title: "t", body: "word ".repeat(200) });
    // ~260 partial values, each a new top-level object: the view is built once and reused.
    expect(propertyReads).toBeLessThanOrEqual(2);
    expect(patternReads).toBeLessThanOrEqual(2);
  });

  test("a union's view still follows the value (it is not reused across values)", () => {
    const schema = {
      anyOf: [
        { type: "object", properties: { kind: { const: "a" }, a: { type: "string" } }, required: ["kind"], additionalProperties: false },
        { type: "object", properties: { kind: { const: "b" }, b: { type: "string" } }, required: ["kind"], additionalProperties: false },
      ],
    };
    const undo = createStrictModeUndo(schema);
    expect(undo({ kind: "a", a: "x", b: null })).toStrictEqual({ kind: "a", a: "x" });
    expect(undo({ kind: "b", b: "y", a: null })).toStrictEqual({ kind: "b", b: "y" });
  });
});

