// Reads the fenced code blocks of a markdown file, for the snippet check (docs/snippets/check.ts)
// and the tarball check (scripts/pack-check.mjs).
import { readFileSync } from "node:fs";

const LANGS = { ts: "ts", typescript: "ts", svelte: "svelte", vue: "vue" };

/**
 * The ts / svelte / vue blocks of a markdown file, in order, with the line their fence opens on
 * and the file name their first line declares (`<!-- Message.svelte -->`, `// server.ts: …`).
 * @param {string} path
 * @returns {{ line: number, lang: "ts" | "svelte" | "vue", code: string, name: string | undefined }[]}
 */
export function codeBlocks(path) {
  const lines = readFileSync(path, "utf8").split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\S*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j].startsWith(`${indent}${fence}`); j++) body.push(lines[j].slice(indent.length));
    const lang = LANGS[info.split(/[{\s]/)[0].toLowerCase()];
    if (lang) {
      const code = body.join("\n") + "\n";
      blocks.push({ line: i + 1, lang, code, name: declaredName(code) });
    }
    i = j;
  }
  return blocks;
}

/** @param {string} code */
function declaredName(code) {
  const first = code.split("\n", 1)[0];
  const m = /^<!--\s*([\w./+\-[\]]+\.(?:svelte|vue))\b/.exec(first) ?? /^\/\/\s*([\w./+\-[\]$]+\.ts)\b/.exec(first);
  return m?.[1];
}
