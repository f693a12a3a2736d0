// @threadline/svelte/a2ui and /mcp-apps beside @threadline/vue's: the same names, from same-named files (a Svelte
// component's `.svelte` is the Vue component's `.ts`), so an app moves between them by its imports.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import * as svelteA2ui from "../src/a2ui/index.js";
import * as vueA2ui from "../../vue/src/a2ui/index.js";
import * as svelteMcp from "../src/mcp-apps/index.js";
import * as vueMcp from "../../vue/src/mcp-apps/index.js";

const SUBPATHS = [
  ["a2ui", svelteA2ui, vueA2ui],
  ["mcp-apps", svelteMcp, vueMcp],
] as const;

/** Type names an entry exports (`export type { … }`). */
function typeNames(dir: string): string[] {
  const text = readFileSync(join(dir, "index.ts"), "utf8");
  return [...text.matchAll(/export type \{([^}]*)\}/g)].flatMap((m) => m[1]!.split(",").map((n) => n.trim())).filter(Boolean).sort();
}

const stem = (file: string) => file.replace(/\.(svelte|ts)$/, "");

for (const [subpath, svelte, vue] of SUBPATHS) {
  const svelteDir = join(import.meta.dirname, "../src", subpath);
  const vueDir = join(import.meta.dirname, "../../vue/src", subpath);

  test(`${subpath}: the same values and types`, () => {
    expect(Object.keys(svelte).sort()).toEqual(Object.keys(vue).sort());
    expect(typeNames(svelteDir)).toEqual(typeNames(vueDir));
  });

  test(`${subpath}: the same files`, () => {
    expect(readdirSync(svelteDir).map(stem).sort()).toEqual(readdirSync(vueDir).map(stem).sort());
  });
}
