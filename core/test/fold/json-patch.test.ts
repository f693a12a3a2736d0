import fc from "fast-check";
import jsonpatch from "fast-json-patch";
import type { Operation } from "fast-json-patch";
import { describe, expect, it } from "vitest";
import { FoldError } from "../../src/fold/errors.js";
import { refuseForbiddenPaths } from "../../src/fold/patch-paths.js";
import { createThread, type AGUIEvent } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { applyJsonPatch } from "../../src/json/json-patch.js";
import { ownJson } from "../../src/json/json-value.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const key = fc.constantFrom("a", "b", "c", "x~y", "p/q", "0", "1");
const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 5 }), fc.constantFrom("s", "t")),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(key, tie("value"), { maxKeys: 3 }),
  ),
})).value;
const doc = fc.dictionary(key, json, { maxKeys: 4 }) as fc.Arbitrary<Json>;

/** Every pointer that exists in `value`, plus some that do not. */
function pointers(value: Json, prefix = ""): string[] {
  const out = [prefix];
  if (value !== null && typeof value === "object") {
    const keys = Array.isArray(value) ? value.map((_, i) => String(i)) : Object.keys(value);
    for (const k of keys) {
      const child = (value as Record<string, Json>)[k]!;
      out.push(...pointers(child, `${prefix}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`));
    }
    out.push(`${prefix}/-`, `${prefix}/zz`, `${prefix}/9`);
  }
  return out;
}

const docAndPatch = doc.chain((d) => {
  const ptrs = pointers(d);
  const ptr = fc.oneof(fc.constantFrom(...ptrs), fc.constantFrom("/missing/deep", "/a/0/b"));
  const op: fc.Arbitrary<Operation> = fc.oneof(
    fc.record({ op: fc.constant("add" as const), path: ptr, value: json }),
    fc.record({ op: fc.constant("replace" as const), path: ptr, value: json }),
    fc.record({ op: fc.constant("remove" as const), path: ptr }),
    fc.record({ op: fc.constant("test" as const), path: ptr, value: json }),
    fc.record({ op: fc.constant("copy" as const), path: ptr, from: ptr }),
    fc.record({ op: fc.constant("move" as const), path: ptr, from: ptr }),
  );
  return fc.tuple(fc.constant(d), fc.array(op, { minLength: 1, maxLength: 4 }));
});

/** After `move`'s removal, whether the parent of its target is a primitive (where a write is lost). */
function movesBelowPrimitive(document: unknown, op: Extract<Operation, { op: "move" }>): boolean {
  let node: unknown;
  try {
    node = jsonpatch.applyOperation(structuredClone(document), { op: "remove", path: op.from }, false, true).newDocument;
  } catch {
    return false;
  }
  const segments = op.path.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  for (const segment of segments.slice(0, -1)) {
    if (node === null || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return node !== null && node !== undefined && typeof node !== "object";
}

/** fast-json-patch's outcome; `name` is its error's name when it refused with a JsonPatchError. */
function reference(d: Json, patch: Operation[]): { ok: boolean; value?: unknown; name?: string } {
  try {
    // Op by op, as applyPatch(doc, patch, true, false) does, so an intermediate undefined is visible.
    let document: unknown = structuredClone(d);
    for (const [i, op] of structuredClone(patch).entries()) {
      // Moving a value into its own child builds a cycle there (RFC 6902 forbids it); refused here.
      if (op.op === "move" && op.path !== "" && (op.from === "" || op.path.startsWith(`${op.from}/`))) {
        return { ok: false };
      }
      // Below a primitive root there is nothing to address: fast-json-patch (sloppy-mode CommonJS)
      // silently ignores some such writes; they fail here.
      if (op.path !== "" && (document === null || typeof document !== "object")) return { ok: false };
      // A move whose removal shifts an array so that its target now lies below a primitive: the
      // same sloppy-mode write drops the value silently; RFC 6902 (remove, then add) fails. Refused here.
      if (op.op === "move" && movesBelowPrimitive(document, op)) return { ok: false };
      document = jsonpatch.applyOperation(document, op, true, true, true, i).newDocument;
      // A root copy/move from a missing pointer "succeeds" there with an undefined document
      // (RFC 6902 says `from` MUST exist); refused here.
      if (document === undefined) return { ok: false };
    }
    // JSON round trip: fast-json-patch may leave array holes (moves past the end) that JSON renders as null.
    return { ok: true, value: JSON.parse(JSON.stringify(document)) };
  } catch (error) {
    return { ok: false, name: error instanceof jsonpatch.JsonPatchError ? error.name : undefined };
  }
}

describe("applyJsonPatch (structural sharing)", () => {
  it("agrees with fast-json-patch applyPatch(validate) on random documents and patches", () => {
    fc.assert(
      fc.property(docAndPatch, ([d, patch]) => {
        const before = JSON.stringify(d);
        const frozen = ownJson(d);
        const expected = reference(d, patch);
        const actual = applyJsonPatch(frozen, patch);
        expect(JSON.stringify(frozen)).toBe(before);
        expect(actual.ok).toBe(expected.ok);
        if (actual.ok && expected.ok) {
          expect(JSON.parse(JSON.stringify(actual.value ?? null))).toEqual(expected.value);
        }
      }),
      { numRuns: Number(process.env.PATCH_RUNS ?? 3000), ...(process.env.PATCH_SEED ? { seed: Number(process.env.PATCH_SEED) } : {}) },
    );
    // Thousands of generated cases: well under a second alone, several on a loaded 2-core CI box.
  }, 30_000);

  it("STATE_DELTA on a thread (root overlay, lazy root) agrees with fast-json-patch over patch sequences", () => {
    const sequence = doc.chain((d) =>
      fc.tuple(
        fc.constant(d),
        fc.array(
          fc.tuple(
            docAndPatch.map(([, patch]) => patch),
            fc.boolean(), // read the whole state after this patch (materialises the root)
          ),
          { minLength: 1, maxLength: 5 },
        ),
      ),
    );
    fc.assert(
      fc.property(sequence, ([d, patches]) => {
        const thread = createThread({ state: d, onWarning: () => {} });
        let expected: unknown = structuredClone(d);
        // Everything handed out along the way, with its JSON then: later patches must not change it.
        const handedOut: [unknown, string][] = [];
        for (const [patch, read] of patches) {
          const before = thread.state.value;
          const beforeJson = JSON.stringify(before);
          const result = reference(expected as Json, patch);
          foldEvent(thread, { type: "STATE_DELTA", delta: patch } as AGUIEvent);
          if (result.ok) expected = result.value;
          if (read || !result.ok) {
            expect(JSON.parse(JSON.stringify(thread.state.value ?? null))).toEqual(expected);
            if (!result.ok) expect(thread.state.value).toBe(before);
          }
          expect(JSON.stringify(before)).toBe(beforeJson);
          handedOut.push([before, beforeJson]);
          for (const key of ["a", "b", "c"]) {
            const selected = thread.select(`/${key}`).value;
            handedOut.push([selected, JSON.stringify(selected ?? null)]);
            const want = expected !== null && typeof expected === "object" && !Array.isArray(expected) ? (expected as Record<string, unknown>)[key] : undefined;
            expect(JSON.parse(JSON.stringify(selected ?? null))).toEqual(JSON.parse(JSON.stringify(want ?? null)));
          }
        }
        for (const [value, json] of handedOut) expect(JSON.stringify(value ?? null)).toBe(json === undefined ? "null" : json);
        expect(JSON.parse(JSON.stringify(thread.state.value ?? null))).toEqual(expected);
      }),
      { numRuns: Number(process.env.PATCH_RUNS ?? 1000), ...(process.env.PATCH_SEED ? { seed: Number(process.env.PATCH_SEED) } : {}) },
    );
  }, 30_000);

  it("refuses with fast-json-patch's error name (applyJsonPatch, and the STATE_DELTA warning)", () => {
    let named = 0;
    fc.assert(
      fc.property(docAndPatch, ([d, patch]) => {
        const expected = reference(d, patch);
        if (expected.name === undefined) return;
        named++;
        const actual = applyJsonPatch(ownJson(d), patch);
        expect(!actual.ok && actual.error.name).toBe(expected.name);
        const warnings: string[] = [];
        const thread = createThread({ state: d, onWarning: (w) => warnings.push(w.message) });
        foldEvent(thread, { type: "STATE_DELTA", delta: patch } as AGUIEvent);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain(`[${expected.name}]`);
      }),
      { numRuns: Number(process.env.PATCH_RUNS ?? 2000), ...(process.env.PATCH_SEED ? { seed: Number(process.env.PATCH_SEED) } : {}) },
    );
    // Most generated patches touch a missing or out-of-range path somewhere: plenty are refused.
    expect(named).toBeGreaterThan(100);
  }, 30_000);

  it("shares every untouched subtree, copies only the path", () => {
    const big: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) big[`k${i}`] = { n: i, tags: ["a", "b"] };
    const state = ownJson({ big, other: { deep: { list: [1, 2, 3] } } });
    const result = applyJsonPatch(state, [{ op: "replace", path: "/big/k5/n", value: 50 }]);
    expect(result.ok).toBe(true);
    const next = (result as { value: typeof state }).value;
    expect(next).not.toBe(state);
    expect(next.other).toBe(state.other);
    expect(next.big).not.toBe(state.big);
    expect((next.big as Record<string, unknown>).k4).toBe((state.big as Record<string, unknown>).k4);
    const k5 = (next.big as Record<string, { n: number; tags: string[] }>).k5!;
    expect(k5.n).toBe(50);
    expect(k5.tags).toBe((state.big as Record<string, { tags: string[] }>).k5!.tags);
    expect((state.big as Record<string, { n: number }>).k5!.n).toBe(5);
  });

  it("is all-or-nothing: a failing operation leaves the document as it was", () => {
    const state = ownJson({ a: 1 });
    const result = applyJsonPatch(state, [
      { op: "add", path: "/b", value: 2 },
      { op: "replace", path: "/missing", value: 3 },
    ]);
    expect(result.ok).toBe(false);
    expect(state).toEqual({ a: 1 });
  });

  it("an `_get` operation (fast-json-patch's internal read, which its validator lets through) changes nothing, as in applyPatch", () => {
    const document = { a: { b: 1 } };
    const op = { op: "_get", path: "/a" } as Operation;

    const outcome = applyJsonPatch(document, [op]);

    expect(outcome).toEqual({ ok: true, value: document });
    expect(outcome.ok && outcome.value).toBe(document);
    // Unlike fast-json-patch, which writes what it read into the operation, the event is not touched.
    expect(op).toEqual({ op: "_get", path: "/a" });
    expect(jsonpatch.applyPatch(structuredClone(document), [{ op: "_get", path: "/a" } as Operation], true).newDocument).toEqual(document);
  });

  it("copies values out of the event so later changes to the event do not leak in", () => {
    const value = { list: [1] };
    const result = applyJsonPatch(ownJson({}), [{ op: "add", path: "/v", value }]);
    value.list.push(2);
    expect((result as { value: { v: unknown } }).value.v).toEqual({ list: [1] });
  });

  it("a value copied within one patch is not aliased to its source", () => {
    const result = applyJsonPatch(ownJson({ a: { n: 1 } }), [
      { op: "replace", path: "/a/n", value: 2 },
      { op: "copy", from: "/a", path: "/b" },
      { op: "replace", path: "/b/n", value: 3 },
    ]);
    expect((result as { value: unknown }).value).toEqual({ a: { n: 2 }, b: { n: 3 } });
  });

  // A null-prototype object is a JSON object like any other (RFC 6902 §4.6 compares members),
  // but fast-json-patch's equality calls `value.hasOwnProperty`, which it lacks: the `test` threw
  // a TypeError and the whole patch was skipped. fast-check's fc.dictionary makes such objects.
  const bare = <T extends object>(members: T): T => Object.assign(Object.create(null) as T, members);

  it("a `test` whose value is a null-prototype object compares its members (applyJsonPatch)", () => {
    const document = ownJson({ a: { b: [1, { c: 2 }] } });
    const value = bare({ b: [1, bare({ c: 2 })] });
    for (const patch of [
      [{ op: "test", path: "/a", value }, { op: "add", path: "/t", value: 1 }],
      [{ op: "test", path: "", value: bare({ a: value }) }, { op: "add", path: "/t", value: 1 }],
    ] as Operation[][]) {
      expect(applyJsonPatch(document, patch)).toEqual({ ok: true, value: { a: { b: [1, { c: 2 }] }, t: 1 } });
    }
    const failed = applyJsonPatch(document, [{ op: "test", path: "/a", value: bare({ b: [1] }) }]);
    expect(failed.ok).toBe(false);
    expect(!failed.ok && (failed.error as Error & { name: string }).name).toBe("TEST_OPERATION_FAILED");
  });

  it("a `test` whose value is a null-prototype object compares its members (STATE_DELTA, overlay and root paths)", () => {
    const warnings: string[] = [];
    const thread = createThread({ state: { x: { a: 1 }, y: [bare({ z: true })] }, onWarning: (w) => warnings.push(w.code) });
    const deltas: Operation[][] = [
      [{ op: "test", path: "/x", value: bare({ a: 1 }) }, { op: "add", path: "/t", value: 1 }], // overlay, root key
      [{ op: "test", path: "/y/0", value: bare({ z: true }) }, { op: "add", path: "/u", value: 2 }], // below a root key
      [{ op: "test", path: "", value: bare({ x: bare({ a: 1 }), y: [{ z: true }], t: 1, u: 2 }) }, { op: "add", path: "/v", value: 3 }],
      [{ op: "test", path: "/x", value: bare({ a: 2 }) }, { op: "add", path: "/w", value: 4 }], // fails: skipped
    ];
    for (const delta of deltas) foldEvent(thread, { type: "STATE_DELTA", delta } as AGUIEvent);
    expect(thread.state.value).toEqual({ x: { a: 1 }, y: [{ z: true }], t: 1, u: 2, v: 3 });
    expect(warnings).toEqual(["STATE_PATCH_FAILED"]);
  });

  it("refuses, with a typed name, the paths fast-json-patch resolves oddly (docs/reference/deviations.md)", () => {
    const document = ownJson({ list: [1, 2], a: 1 });
    const name = (patch: unknown[]) => {
      const outcome = applyJsonPatch(document, patch as Operation[]);
      return !outcome.ok && outcome.error.name;
    };
    expect(name([{ op: "add", path: "/list/", value: 0 }])).toBe("OPERATION_PATH_ILLEGAL_ARRAY_INDEX");
    expect(name([{ op: "copy", from: "/list/length", path: "/n" }])).toBe("OPERATION_FROM_UNRESOLVABLE");
    expect(name([{ op: "move", from: "/list/length", path: "/n" }])).toBe("OPERATION_FROM_UNRESOLVABLE");
    expect(name([{ op: "replace", path: "/toString", value: 1 }])).toBe("OPERATION_PATH_UNRESOLVABLE");
    expect(name([{ op: "remove", path: "/hasOwnProperty" }])).toBe("OPERATION_PATH_UNRESOLVABLE");
    expect(name([{ op: "toString", path: "/a" }])).toBe("OPERATION_OP_INVALID");
    // A move whose removal shifts the array under its target: a typed error, not a TypeError.
    expect(name([{ op: "move", from: "/list/0", path: "/list/1/x" }])).toBe("OPERATION_PATH_UNRESOLVABLE");
    // Where the target is an object before the removal and a number after it, fast-json-patch
    // validates the target first, then writes below the number: it reports success and the moved
    // value is gone. Here the patch fails, and the state is kept.
    const shifted: Operation[] = [{ op: "move", from: "/rows/0", path: "/rows/1/x" }];
    expect(jsonpatch.applyPatch({ rows: [1, {}, 3] }, shifted, true).newDocument).toEqual({ rows: [{}, 3] });
    const outcome = applyJsonPatch(ownJson({ rows: [1, {}, 3] }), shifted);
    expect(!outcome.ok && outcome.error.name).toBe("OPERATION_PATH_UNRESOLVABLE");
    expect(document).toEqual({ list: [1, 2], a: 1 });
  });

  it("a failure below one of the root's keys names the operation's whole path in the warning", () => {
    const warnings: string[] = [];
    const thread = createThread({ state: { a: { b: 1 } }, onWarning: (w) => warnings.push(w.message) });
    foldEvent(thread, { type: "STATE_DELTA", delta: [{ op: "replace", path: "/a/zz", value: 2 }] } as AGUIEvent);
    foldEvent(thread, { type: "STATE_DELTA", delta: [{ op: "add", path: "/nope/x/y", value: 2 }] } as AGUIEvent);
    expect(warnings[0]).toContain('(replace "/a/zz")');
    expect(warnings[0]).toContain("[OPERATION_PATH_UNRESOLVABLE]");
    expect(warnings[1]).toContain('(add "/nope/x/y")');
    expect(warnings[1]).toContain("[OPERATION_PATH_CANNOT_ADD]");
  });

  it("refuses prototype-reaching segments with a typed error", () => {
    for (const path of ["/__proto__/polluted", "/a/constructor/prototype/x", "/prototype"]) {
      let caught: unknown;
      try {
        refuseForbiddenPaths([{ op: "add", path, value: 1 }], "STATE_DELTA");
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(FoldError);
      expect((caught as FoldError).code).toBe("FORBIDDEN_PATCH_PATH");
    }
    expect(() => refuseForbiddenPaths([{ op: "copy", from: "/__proto__", path: "/x" }], "STATE_DELTA")).toThrow(
      FoldError,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
