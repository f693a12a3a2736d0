// The folders of core/src depend on each other in one direction only (DESIGN.md: one folder per
// stage of the data's path). A relative import that crosses into a folder not listed here for the
// importing folder fails this test — a cycle such as model → fold → model cannot creep back in.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../src");

/** What each folder may import from (besides itself and the top-level errors.ts / index.ts). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  protocol: [],
  json: [],
  transport: ["protocol"],
  pipeline: ["protocol"],
  persist: ["protocol"],
  model: ["json", "protocol"],
  fold: ["json", "model", "pipeline", "protocol"],
  markdown: ["model"],
  client: ["fold", "json", "model", "persist", "pipeline", "protocol", "transport"],
};

function filesOf(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts"));
}

/** The core/src folders a file imports from, through `from "../<folder>/…"`. */
function importedFolders(path: string): string[] {
  const text = readFileSync(path, "utf8");
  return [...text.matchAll(/from "\.\.\/([a-z-]+)\//g)].map((match) => match[1]!);
}

describe("core/src layering", () => {
  it("knows every folder", () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(Object.keys(ALLOWED).sort());
  });

  for (const [folder, allowed] of Object.entries(ALLOWED)) {
    it(`${folder}/ imports only from ${allowed.length === 0 ? "nothing else" : allowed.join(", ")}`, () => {
      const crossings: string[] = [];
      for (const file of filesOf(folder)) {
        for (const imported of importedFolders(join(SRC, folder, file))) {
          if (!allowed.includes(imported)) crossings.push(`${folder}/${file} → ${imported}/`);
        }
      }
      expect(crossings).toEqual([]);
    });
  }
});
