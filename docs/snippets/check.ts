// Type-checks every ts / svelte / vue code block of the README and the docs pages.
// Each block becomes a file of its own under a temporary directory, one folder per page, so the
// blocks of one page can import each other by the name their first line gives them
// (`<!-- Message.svelte -->`, `// src/routes/api/agent/+server.ts`). Then tsc, svelte-check and
// vue-tsc check them, warnings included. Blocks that are not code are fenced as `text`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { codeBlocks } from "./blocks.mjs";

const docs = fileURLToPath(new URL("..", import.meta.url));
const repo = resolve(docs, "..");
const out = join(docs, "snippets", ".out");

interface Block extends ReturnType<typeof codeBlocks>[number] {
  page: string; // the markdown file, relative to the repository
}

function pages(): string[] {
  const found = process.env.SNIPPETS_DOCS_ONLY ? [] : [join(repo, "README.md")];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (["node_modules", "api", ".vitepress", "snippets", "public"].includes(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk(docs);
  return found;
}

// The files of a Nuxt app: checked apart, with the names Nuxt auto-imports in them (nuxt.d.ts).
const NUXT_FILE = /^(nuxt\.config\.ts|server\/.+\.ts|app\/.+\.vue)$/;

rmSync(out, { recursive: true, force: true });
const written: { file: string; block: Block; dir: string }[] = [];
const byPage = new Map<string, Block[]>();
for (const path of pages()) {
  const page = relative(repo, path);
  byPage.set(page, codeBlocks(path).map((b) => ({ ...b, page })));
}

for (const [page, blocks] of byPage) {
  const dir = join(out, page.replace(/\.md$/, "").replace(/[^\w/-]/g, "_"));
  blocks.forEach((block, n) => {
    const name = block.name ?? `block-${n + 1}-line-${block.line}.${block.lang}`;
    // svelte-check would take a page's vite.config.ts (the plain-TypeScript quick start's) for the
    // Svelte blocks' own config: it is checked under another name.
    const file = join(dir, name === "vite.config.ts" ? "vite-config.ts" : name);
    mkdirSync(dirname(file), { recursive: true });
    // A .ts block with no import or export would be a script sharing one global scope with
    // every other block; `export {}` makes each one a module.
    const code = block.lang === "ts" && !/^\s*(import|export)\b/m.test(block.code) ? `${block.code}export {};\n` : block.code;
    writeFileSync(file, code);
    written.push({ file, block, dir });
  });
}

// A relative import no block of the page provides, naming a file of the repository (a test inside
// the repository importing the playground server), is pointed at the real file. Components a block
// imports but the page never shows (the user's own Weather card…) get an empty stand-in, so the
// block around them is still checked.
for (const { file, dir } of written) {
  let code = readFileSync(file, "utf8");
  const fixed = code.replace(/from\s+"(\.\.?\/[^"]+)"/g, (whole, spec: string) => {
    const target = resolve(dirname(file), spec);
    if (existsSync(target) || existsSync(target.replace(/\.js$/, ".ts"))) return whole;
    const real = resolve(repo, relative(dir, target));
    return existsSync(real.replace(/\.js$/, ".ts")) ? `from "${real}"` : whole;
  });
  if (fixed !== code) writeFileSync(file, (code = fixed));
  for (const [, spec] of code.matchAll(/from\s+"(\.\.?\/[^"]+\.(?:svelte|vue))"/g)) {
    const target = resolve(dirname(file), spec!);
    if (existsSync(target)) continue;
    writeFileSync(
      target,
      target.endsWith(".vue")
        ? `<script setup lang="ts">\ndefineProps<{ node?: unknown }>();\n</script>\n\n<template><div /></template>\n`
        : `<script lang="ts">\n  let props: Record<string, unknown> = $props();\n</script>\n\n<div>{Object.keys(props).length}</div>\n`,
    );
  }
}

const tsconfig = (include: string[], extra: Record<string, unknown> = {}, exclude: string[] = [], ambient = ["ambient.d.ts", "modules.d.ts"]): string =>
  JSON.stringify(
    {
      extends: join(repo, "tsconfig.base.json"),
      compilerOptions: {
        noEmit: true,
        types: ["node"],
        typeRoots: [join(docs, "node_modules/@types")],
        noUnusedLocals: false,
        allowImportingTsExtensions: true,
        paths: {
          "@threadline/core": [join(repo, "core/src/index.ts")],
          // Every subpath is its folder's index.ts (core/package.json exports).
          "@threadline/core/*": [join(repo, "core/src/*/index.ts")],
          // what a reader installs beside Threadline (a Redis client, Shiki's grammars): core's copies
          redis: [join(repo, "core/node_modules/redis")],
          // SvelteKit's and h3's types, for the server routes of the quick starts
          "@sveltejs/kit": [join(repo, "playground/sveltekit/node_modules/@sveltejs/kit")],
          "@shikijs/themes/*": [join(repo, "core/node_modules/@shikijs/themes/dist/*.d.mts")],
          "@shikijs/langs/*": [join(repo, "core/node_modules/@shikijs/langs/dist/*.d.mts")],
          "@threadline/svelte": [join(repo, "svelte/src/index.ts")],
          "@threadline/svelte/a2ui": [join(repo, "svelte/src/a2ui/index.ts")],
          "@threadline/svelte/mcp-apps": [join(repo, "svelte/src/mcp-apps/index.ts")],
          "@threadline/vue": [join(repo, "vue/src/index.ts")],
          "@threadline/vue/a2ui": [join(repo, "vue/src/a2ui/index.ts")],
          "@threadline/vue/mcp-apps": [join(repo, "vue/src/mcp-apps/index.ts")],
          // the Nuxt module, and the Nuxt and Nitro types its blocks use (the module's copies)
          "@threadline/nuxt": [join(repo, "nuxt/src/module.ts")],
          "nuxt/schema": [join(repo, "nuxt/node_modules/nuxt/schema.d.ts")],
          "nitropack/*": [join(repo, "nuxt/node_modules/nitropack/*")],
          "#app": [join(repo, "nuxt/node_modules/nuxt/dist/app/index.d.ts")],
        },
        ...extra,
      },
      include: [...include, ...ambient.map((file) => join(docs, "snippets", file))],
      exclude,
    },
    null,
    2,
  );

const nuxtFiles = written.filter(({ block }) => block.name !== undefined && NUXT_FILE.test(block.name)).map(({ file }) => file);
writeFileSync(join(out, "tsconfig.ts.json"), tsconfig(["**/*.ts"], {}, nuxtFiles));
writeFileSync(join(out, "tsconfig.json"), tsconfig(["**/*.svelte"]));
writeFileSync(join(out, "tsconfig.vue.json"), tsconfig(["**/*.vue", join(repo, "vue/env.d.ts")], {}, nuxtFiles));
writeFileSync(join(out, "tsconfig.nuxt.json"), tsconfig([...nuxtFiles, join(repo, "vue/env.d.ts")], {}, [], ["ambient.d.ts", "modules.d.ts", "nuxt.d.ts"]));

const counts = { ts: 0, svelte: 0, vue: 0 };
for (const { block, file } of written) if (!nuxtFiles.includes(file)) counts[block.lang]++;
const bin = (name: string): string => join(docs, "node_modules/.bin", name);
let failed = false;
const run = (label: string, cmd: string, args: string[]): void => {
  try {
    execFileSync(cmd, args, { cwd: out, stdio: "pipe", encoding: "utf8" });
    console.log(`${label}: ok`);
  } catch (error) {
    failed = true;
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    console.error(`${label}: FAILED\n${stdout}${stderr}`);
  }
};
run(`tsc (${counts.ts} ts blocks)`, bin("tsc"), ["-p", "tsconfig.ts.json"]);
run(`svelte-check (${counts.svelte} svelte blocks)`, bin("svelte-check"), [
  "--tsconfig", "./tsconfig.json", "--fail-on-warnings", "--output", "human",
]);
run(`vue-tsc (${counts.vue} vue blocks)`, bin("vue-tsc"), ["-p", "tsconfig.vue.json"]);
run(`vue-tsc (${nuxtFiles.length} Nuxt blocks)`, bin("vue-tsc"), ["-p", "tsconfig.nuxt.json"]);
if (failed) {
  console.error(`\nThe files are in ${relative(repo, out)}/, one folder per page; each block's page and line:`);
  for (const { file, block } of written) console.error(`  ${relative(out, file)} <- ${block.page}:${block.line}`);
  process.exit(1);
}
console.log(`${written.length} code blocks from ${[...byPage.values()].filter((b) => b.length > 0).length} pages compile.`);

// One quick start: every block of the first-chat guide that names a file the README's quick start
// also names must be the README's block, to the letter.
{
  const readme = new Map((byPage.get("README.md") ?? []).filter((b) => b.name).map((b) => [b.name!, b.code]));
  const differing = (byPage.get(join("docs", "guide", "first-chat.md")) ?? []).filter((b) => b.name && readme.has(b.name) && readme.get(b.name) !== b.code);
  for (const block of differing) console.error(`docs/guide/first-chat.md:${block.line}: ${block.name} differs from the README's`);
  if (differing.length > 0) process.exit(1);
  console.log("the first-chat guide's quick start is the README's.");
}
