// @threadline/svelte/a2ui and @threadline/vue/a2ui: the same names, from same-named files (a Svelte
// component's `.svelte` is the Vue component's `.ts`), so an app moves between them by its imports.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import * as svelteA2ui from "../src/a2ui/index.js";
import * as vueA2ui from "../../vue/src/a2ui/index.js";

const SVELTE = join(import.meta.dirname, "../src/a2ui");
const VUE = join(import.meta.dirname, "../../vue/src/a2ui");

/** Type names an entry exports (`export type { … }`). */
function typeNames(dir: string): string[] {
  const text = readFileSync(join(dir, "index.ts"), "utf8");
  return [...text.matchAll(/export type \{([^}]*)\}/g)].flatMap((m) => m[1]!.split(",").map((n) => n.trim())).filter(Boolean).sort();
}

const stem = (file: string) => file.replace(/\.(svelte|ts)$/, "");

test("the same values and types", () => {
  expect(Object.keys(svelteA2ui).sort()).toEqual(Object.keys(vueA2ui).sort());
  expect(typeNames(SVELTE)).toEqual(typeNames(VUE));
});

test("the same files", () => {
  expect(readdirSync(SVELTE).map(stem).sort()).toEqual(readdirSync(VUE).map(stem).sort());
});
