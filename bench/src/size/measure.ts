// Bundles one entry with Vite's production build (library mode, minified, framework external) and
// weighs the JavaScript it emits, min+gzip. @threadline/core, /svelte and /vue resolve as an app's
// build resolves them: to their built dist/ (what users install, internal names mangled), through
// the workspace links in bench/node_modules; main.ts checks that dist/ is there and fresh first.
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import vue from "@vitejs/plugin-vue";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build, type Plugin, type Rolldown } from "vite";
import { decode } from "@jridgewell/sourcemap-codec";

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
// Entries are written beside bench's node_modules so the peers resolve from bench/.
const ENTRY_DIR = source("../../.size-entries/");
// The framework runtimes and their subpaths are the app's, not the library's.
const EXTERNAL = /^(svelte|vue|@vue\/[^/]+)(\/.*)?$/;

export interface Weight {
  minified: number;
  gzip: number;
  /** Minified bytes per package or source folder, largest first (only when weighed with `why`). */
  parts: [string, number][];
  /** Minified bytes per source module, largest first (only when weighed with `why`). */
  modules: [string, number][];
  /**
   * Minified bytes per source module of the lazy chunks the first send loads (`sendChunks`), largest
   * first (only when weighed with `why`): what a send adds, module by module.
   */
  sendModules: [string, number][];
  /**
   * The chunks reached only through `import()` (the chat's engine, HttpAgent's exchange…), each
   * gzipped on its own as the browser fetches it, largest first: not in `gzip`, loaded on first use.
   */
  lazy: LazyChunk[];
  /**
   * What a working chat has loaded once its first message is sent and one answer has streamed back
   * over SSE, min+gzip: `gzip` plus the lazy chunks that reaches (`SEND_LOADS`) and their imports.
   */
  afterSend: number;
  /** The lazy chunks in `afterSend`, by name. */
  sendChunks: string[];
  /**
   * Every chunk of the build (only when weighed with `why`): whether the page loads it up front, its
   * bytes, and the modules in it. A lazy `import()` of a module that shares code with the entry
   * moves that code into a chunk of its own, gzipped apart: this shows when that costs more than
   * the lazy part saves.
   */
  chunks: ChunkWeight[];
}

export interface LazyChunk {
  /** The chunk's name without its hash (`engine`, `http-exchange`). */
  name: string;
  gzip: number;
}

export interface ChunkWeight {
  fileName: string;
  upFront: boolean;
  minified: number;
  gzip: number;
  modules: string[];
}

/** `node_modules/.pnpm/x/node_modules/@scope/pkg/...` → `@scope/pkg`; `core/src/chat/x.ts` → `core/chat`. */
function owner(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(id);
  if (pkg) return pkg[1]!;
  const own = /\/(core|svelte|vue)\/(?:src|dist)\/(?:([^/]+)\/)?/.exec(id);
  if (own) return own[2] && !own[2].includes(".") ? `${own[1]}/${own[2]}` : own[1]!;
  return id;
}

/**
 * With `why`: each dist module is loaded with the source map tsc and the mangling step wrote beside
 * it, so the build's map (and the listing) names the src/ module, not the dist/ file. Svelte
 * components (svelte-package copies them, no map) keep their dist path.
 */
const DIST_SOURCEMAPS: Plugin = {
  name: "threadline-size-dist-sourcemaps",
  load(id) {
    if (!/\/(?:core|svelte|vue)\/dist\/.*\.js$/.test(id) || !existsSync(`${id}.map`)) return null;
    return { code: readFileSync(id, "utf8"), map: readFileSync(`${id}.map`, "utf8") };
  },
};

/** A module's path for the listing: from the workspace root, or from the package inside node_modules. */
function shortId(id: string): string {
  const pkg = /node_modules\/(?!.*node_modules)(.*)$/.exec(id);
  if (pkg) return pkg[1]!;
  const own = /\/((?:core|svelte|vue)\/(?:src|dist)\/.*)$/.exec(id);
  return own ? own[1]! : id;
}

/**
 * Charges every byte of the minified chunk to the source its sourcemap segment points at (what
 * source-map-explorer does): the minifier's output, not the pre-minify rendering, so a module full of
 * long names and comments is not over-counted. Bytes no segment maps are charged to `(unmapped)`.
 */
function chargeBytes(code: string, map: Rolldown.SourceMap, into: Map<string, number>): void {
  const lines = code.split("\n");
  const mappings = decode(map.mappings);
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    const segments = mappings[l] ?? [];
    let column = 0;
    let source = "(unmapped)";
    const charge = (to: number): void => {
      if (to > column) into.set(source, (into.get(source) ?? 0) + Buffer.byteLength(line.slice(column, to)));
      column = to;
    };
    for (const segment of segments) {
      charge(segment[0]);
      source = segment.length > 1 ? map.sources[segment[1]!]! : "(unmapped)";
    }
    charge(line.length);
    // The newline goes with the line's last segment.
    if (l < lines.length - 1) into.set(source, (into.get(source) ?? 0) + 1);
  }
}

/**
 * An app's entry (the page's script) exports nothing, so Vite builds it with
 * `preserveEntrySignatures: false`: rolldown may give the entry chunk exports of its own, and keeps
 * there the modules the lazy chunks (the chat's engine, HttpAgent's exchange) share with it — one
 * chunk up front. Library mode's `"strict"` cannot, and splits those modules into up-front chunks
 * of their own, each gzipped apart (about 2 KB more on the quick start): not what an app ships.
 * `"allow-extension"` keeps the exports weighed here and lets the chunk grow as an app's does.
 */
const AS_AN_APP: Plugin = {
  name: "threadline-size-as-an-app",
  options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
};

/**
 * The modules a send and one streamed answer load with `import()`: the chat's engine (its first
 * send, core/src/chat/engine-load.ts) and HttpAgent's exchange (its first request,
 * transport/http-agent.ts). Not the protobuf decoder: http-exchange.ts imports it (and with it
 * @ag-ui/proto, @ag-ui/core and zod) only when a response is protobuf, never for SSE. Capability
 * discovery is in the chat client's own chunk (a static import), counted up front.
 */
const SEND_LOADS = [/\/core\/dist\/chat\/engine\.js$/, /\/core\/dist\/transport\/http-exchange\.js$/];

/**
 * With `stubs` (`--stub=fold/state,json/json-patch`): each named core module (its path under
 * core/dist, without `.js`) is replaced by one that exports the same names bound to nothing, so
 * the build weighs the page as if that code were not loaded — what making it lazy or opt-in would
 * save at most. The build does not run; it is weighed only.
 */
function stubbing(stubs: readonly string[]): Plugin {
  return {
    name: "threadline-size-stubs",
    enforce: "pre",
    load(id) {
      if (!stubs.some((stub) => id.endsWith(`/core/dist/${stub}.js`))) return null;
      const names = new Set<string>();
      const code = readFileSync(id, "utf8");
      for (const m of code.matchAll(/export (?:async )?(?:class|function\*?|const|let|var) ([\w$]+)/g)) names.add(m[1]!);
      for (const m of code.matchAll(/export \{([^}]*)\}/g)) {
        for (const spec of m[1]!.split(",")) {
          const exported = spec.trim().split(/\s+as\s+/).pop();
          if (exported) names.add(exported);
        }
      }
      return [...names].map((exported) => `export const ${exported} = undefined;`).join("\n");
    },
  };
}

export async function weigh(name: string, code: string, why = false, stubs: readonly string[] = []): Promise<Weight> {
  mkdirSync(ENTRY_DIR, { recursive: true });
  const entry = `${ENTRY_DIR}${name}.js`;
  writeFileSync(entry, code);
  try {
    return await bundle(entry, why, stubs);
  } finally {
    rmSync(entry, { force: true });
  }
}

/** A chunk's file name without its hash (`engine`, `http-exchange`). */
const chunkName = (fileName: string): string => fileName.replace(/-[\w-]{8}\.js$/, "").replace(/\.js$/, "");

async function bundle(entry: string, why: boolean, stubs: readonly string[]): Promise<Weight> {
  const output = (await build({
    configFile: false,
    root: source("../../"),
    mode: "production",
    logLevel: "silent",
    plugins: [AS_AN_APP, ...(stubs.length > 0 ? [stubbing(stubs)] : []), ...(why ? [DIST_SOURCEMAPS] : []), svelte({ configFile: false }), vue()],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: true,
      // The sourcemap only to say where the bytes come from; it is not weighed.
      sourcemap: why,
      reportCompressedSize: false,
      lib: { entry, formats: ["es"], fileName: "entry" },
      // Library mode leaves whitespace and the `/* @__PURE__ */` annotations in ES output (they
      // are for the app's bundler); an app's production build removes both, so the weight is taken
      // fully minified and without comments.
      rolldownOptions: { external: (id) => EXTERNAL.test(id), output: { minify: true, comments: false } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(output) ? output : [output];
  let minified = 0;
  let gzip = 0;
  const bySource = new Map<string, number>();
  const bySendSource = new Map<string, number>();
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
  // Then what the first send adds: the lazy chunks whose import() is one a send reaches, with what
  // they import statically (and the sends' own dynamic imports of the same kind).
  const sent = new Set(loaded);
  const reachesSend = (fileName: string): boolean => {
    const chunk = chunks.get(fileName);
    return chunk !== undefined && chunk.facadeModuleId !== null && SEND_LOADS.some((module) => module.test(chunk.facadeModuleId!));
  };
  const send = (fileName: string): void => {
    if (sent.has(fileName) || !chunks.has(fileName)) return;
    sent.add(fileName);
    const chunk = chunks.get(fileName)!;
    for (const dep of chunk.imports) send(dep);
    for (const dep of chunk.dynamicImports) if (reachesSend(dep)) send(dep);
  };
  for (const fileName of loaded) for (const dep of chunks.get(fileName)!.dynamicImports) if (reachesSend(dep)) send(dep);
  let afterSend = 0;
  const sendChunks: string[] = [];
  const chunkWeights: ChunkWeight[] = [];
  const lazy: LazyChunk[] = [];
  for (const chunk of chunks.values()) {
    const upFront = loaded.has(chunk.fileName);
    const bytes = Buffer.from(chunk.code);
    const zipped = gzipSync(bytes, { level: 9 }).length;
    if (sent.has(chunk.fileName)) afterSend += zipped;
    if (sent.has(chunk.fileName) && !upFront) sendChunks.push(chunkName(chunk.fileName));
    if (why) chunkWeights.push({ fileName: chunk.fileName, upFront, minified: bytes.length, gzip: zipped, modules: Object.keys(chunk.modules).map(shortId) });
    if (!upFront) {
      if (why && chunk.map && sent.has(chunk.fileName)) chargeBytes(chunk.code, chunk.map, bySendSource);
      lazy.push({ name: chunkName(chunk.fileName), gzip: zipped });
      continue;
    }
    minified += bytes.length;
    gzip += zipped;
    if (why && chunk.map) chargeBytes(chunk.code, chunk.map, bySource);
  }
  const parts = new Map<string, number>();
  const modules = new Map<string, number>();
  const sendModules = new Map<string, number>();
  // Sourcemap sources are relative to the chunk's directory (bench/dist/); resolve them back to ids.
  const idOf = (mapped: string): string => (mapped.startsWith("(") ? mapped : fileURLToPath(new URL(mapped, `file://${source("../../dist/")}`)));
  for (const [mapped, bytes] of bySource) {
    const id = idOf(mapped);
    const key = owner(id);
    parts.set(key, (parts.get(key) ?? 0) + bytes);
    modules.set(shortId(id), (modules.get(shortId(id)) ?? 0) + bytes);
  }
  for (const [mapped, bytes] of bySendSource) sendModules.set(shortId(idOf(mapped)), (sendModules.get(shortId(idOf(mapped))) ?? 0) + bytes);
  const largest = (m: Map<string, number>): [string, number][] => [...m].sort((a, b) => b[1] - a[1]);
  lazy.sort((a, b) => b.gzip - a.gzip);
  return { minified, gzip, afterSend, sendChunks, lazy, parts: largest(parts), modules: largest(modules), sendModules: largest(sendModules), chunks: chunkWeights };
}
