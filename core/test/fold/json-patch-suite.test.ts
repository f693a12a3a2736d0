import { createRequire } from "node:module";
import type { Operation } from "fast-json-patch";
import { describe, expect, it } from "vitest";
import { foldEvent } from "../../src/fold/index.js";
import { createThread, type AGUIEvent } from "../../src/index.js";
import { applyJsonPatch } from "../../src/json/json-patch.js";
import { ownJson } from "../../src/json/json-value.js";

// The JSON Patch working group's shared cases (RFC 6902's own examples and the edge cases
// implementations got wrong), as published in json-patch-test-suite.
interface SuiteCase {
  readonly comment?: string;
  readonly doc: unknown;
  readonly patch: Operation[];
  readonly expected?: unknown;
  readonly error?: string;
  readonly disabled?: boolean;
}
const require = createRequire(import.meta.url);
const cases = [
  ...(require("json-patch-test-suite/tests.json") as SuiteCase[]),
  ...(require("json-patch-test-suite/spec_tests.json") as SuiteCase[]),
].filter((c) => c.disabled !== true);
const title = (c: SuiteCase, i: number) => `${i}: ${c.comment ?? c.error ?? JSON.stringify(c.patch)}`;

describe("the JSON Patch test suite", () => {
  it("has its cases (the package is the one the suite publishes)", () => {
    expect(cases.length).toBeGreaterThan(80);
    expect(cases.some((c) => c.error !== undefined)).toBe(true);
  });

  it.each(cases.map((c, i) => [title(c, i), c] as const))("applyJsonPatch: %s", (_, c) => {
    // Frozen: any write to a container the patch did not copy would throw.
    const document = ownJson(structuredClone(c.doc));
    const before = JSON.stringify(document);
    const outcome = applyJsonPatch(document, c.patch);
    expect(JSON.stringify(document)).toBe(before);
    if (c.error !== undefined) {
      expect(outcome.ok).toBe(false);
      // Every refusal is a typed one, never a TypeError from a walk gone wrong.
      expect(!outcome.ok && outcome.error.name).toMatch(/^[A-Z_]+$/);
    } else {
      expect(outcome).toEqual({ ok: true, value: "expected" in c ? c.expected : expect.anything() });
    }
  });

  it.each(cases.map((c, i) => [title(c, i), c] as const))("STATE_DELTA: %s", (_, c) => {
    const warnings: string[] = [];
    const thread = createThread({ state: structuredClone(c.doc), onWarning: (w) => warnings.push(w.code) });
    const before = thread.state.value;
    foldEvent(thread, { type: "STATE_DELTA", delta: c.patch } as AGUIEvent);
    if (c.error !== undefined) {
      expect(warnings).toEqual(["STATE_PATCH_FAILED"]);
      expect(thread.state.value).toBe(before);
    } else {
      expect(warnings).toEqual([]);
      if ("expected" in c) expect(thread.state.value).toEqual(c.expected);
    }
  });
});
