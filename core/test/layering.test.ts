// The folders of core/src depend on each other in one direction only (DESIGN.md: one folder per
// stage of the data's path). A relative import that crosses into a folder not listed here for the
// importing folder fails this test — a cycle such as model → fold → model cannot creep back in.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../src");

/** What each folder may import from (besides itself and the top-level errors.ts / index.ts). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  // json/ is the leaf everything that walks untrusted values uses (the depth limit, copies).
  protocol: ["json"],
  json: [],
  transport: ["protocol"],
  pipeline: ["protocol", "transport"],
  persist: ["json", "protocol"],
  model: ["json", "protocol"],
  fold: ["json", "model", "pipeline", "protocol"],
  server: ["json", "protocol", "transport"],
  markdown: ["model"],
  "thread-window": ["model"],
  run: ["fold", "json", "model", "pipeline", "protocol", "transport"],
  tools: ["json", "model", "protocol"],
  chat: ["fold", "json", "model", "persist", "pipeline", "protocol", "run", "tools", "transport"],
  devtools: ["fold", "json", "model", "pipeline", "protocol"],
  // A2UI surfaces read activity messages and share the markdown renderer's URL policy.
  a2ui: ["json", "markdown", "model"],
  // MCP Apps read activity messages, run proxied requests through an agent source, share the URL policy.
  "mcp-apps": ["markdown", "model", "protocol", "transport"],
};

/**
 * Edges that must never appear, whatever ALLOWED grows into: the run and the tools know nothing of
 * the conversation, the model nothing of a run.
 */
const NEVER: readonly (readonly [string, string])[] = [
  ["run", "chat"],
  ["tools", "chat"],
  ["model", "run"],
];

/** Multi-tab presence (chat/presence/) is the chat's: no file outside chat/ imports it. */
const CHAT_ONLY = /from "[^"]*\/chat\/presence\/[^"]*\.js"/;

function filesOf(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts"));
}

/** The other core/src folders a file imports from (relative imports, at any depth of nesting). */
function importedFolders(path: string): string[] {
  const own = relative(SRC, path).split(sep)[0];
  const folders: string[] = [];
  for (const match of readFileSync(path, "utf8").matchAll(/from "(\.\.?\/[^"]+)"/g)) {
    const parts = relative(SRC, resolve(dirname(path), match[1]!)).split(sep);
    if (parts.length > 1 && parts[0] !== own && parts[0] !== "..") folders.push(parts[0]!);
  }
  return folders;
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

  for (const [from, to] of NEVER) {
    it(`${from}/ never imports ${to}/`, () => {
      expect(ALLOWED[from]).not.toContain(to);
      const crossings = filesOf(from).filter((file) => importedFolders(join(SRC, from, file)).includes(to));
      expect(crossings).toEqual([]);
    });
  }

  it("nothing but chat/ imports presence", () => {
    const importers: string[] = [];
    for (const entry of readdirSync(SRC, { recursive: true, encoding: "utf8" })) {
      if (!entry.endsWith(".ts") || entry.startsWith("chat/")) continue;
      if (CHAT_ONLY.test(readFileSync(join(SRC, entry), "utf8"))) importers.push(entry);
    }
    expect(importers).toEqual([]);
  });
});
