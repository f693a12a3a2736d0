// Bundles one entry with Vite's production build (library mode, minified, framework external) and
// weighs the JavaScript it emits, min+gzip.
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import vue from "@vitejs/plugin-vue";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { build, type Rolldown } from "vite";

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
// Entries are written beside bench's node_modules so the peers resolve from bench/.
const ENTRY_DIR = source("../../.size-entries/");
// The framework runtimes and their subpaths are the app's, not the library's.
const EXTERNAL = /^(svelte|vue|@vue\/[^/]+)(\/.*)?$/;

export interface Weight {
  minified: number;
  gzip: number;
  /** Rendered (pre-minify) bytes per package or source folder, largest first. */
  parts: [string, number][];
}

/** `node_modules/.pnpm/x/node_modules/@scope/pkg/...` → `@scope/pkg`; `core/src/chat/x.ts` → `core/chat`. */
function owner(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(id);
  if (pkg) return pkg[1]!;
  const own = /\/(core|svelte|vue)\/src\/(?:([^/]+)\/)?/.exec(id);
  if (own) return own[2] && !own[2].includes(".") ? `${own[1]}/${own[2]}` : own[1]!;
  return id;
}

export async function weigh(name: string, code: string): Promise<Weight> {
  mkdirSync(ENTRY_DIR, { recursive: true });
  const entry = `${ENTRY_DIR}${name}.js`;
  writeFileSync(entry, code);
  try {
    return await bundle(entry);
  } finally {
    rmSync(entry, { force: true });
  }
}

async function bundle(entry: string): Promise<Weight> {
  const output = (await build({
    configFile: false,
    root: source("../../"),
    mode: "production",
    logLevel: "silent",
    plugins: [svelte({ configFile: false }), vue()],
    resolve: {
      // The workspace packages from their sources, as the playground and the browser bench use them.
      alias: [
        { find: /^@threadline\/core\/([a-z-]+)$/, replacement: source("../../../core/src/$1/index.ts") },
        { find: /^@threadline\/core$/, replacement: source("../../../core/src/index.ts") },
        { find: /^@threadline\/svelte$/, replacement: source("../../../svelte/src/index.ts") },
        { find: /^@threadline\/vue$/, replacement: source("../../../vue/src/index.ts") },
      ],
    },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: true,
      reportCompressedSize: false,
      lib: { entry, formats: ["es"], fileName: "entry" },
      rolldownOptions: { external: (id) => EXTERNAL.test(id) },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(output) ? output : [output];
  let minified = 0;
  let gzip = 0;
  const parts = new Map<string, number>();
  // What the page loads up front: the entry chunk and what it imports statically. A chunk reached
  // only through `import()` (the protobuf decoder) is loaded when first needed, so it is not counted.
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const out of outputs) for (const c of out.output) if (c.type === "chunk") chunks.set(c.fileName, c);
  const loaded = new Set<string>();
  const visit = (fileName: string): void => {
    if (loaded.has(fileName) || !chunks.has(fileName)) return;
    loaded.add(fileName);
    for (const dep of chunks.get(fileName)!.imports) visit(dep);
  };
  for (const c of chunks.values()) if (c.isEntry) visit(c.fileName);
  {
    for (const chunk of [...loaded].map((f) => chunks.get(f)!)) {
      const bytes = Buffer.from(chunk.code);
      minified += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
      for (const [id, info] of Object.entries(chunk.modules)) {
        const key = owner(id);
        parts.set(key, (parts.get(key) ?? 0) + info.renderedLength);
      }
    }
  }
  return { minified, gzip, parts: [...parts].sort((a, b) => b[1] - a[1]) };
}
