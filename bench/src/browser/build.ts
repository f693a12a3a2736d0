// Builds the W4 pages with Vite (production mode, minified) into one output folder.
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import vue from "@vitejs/plugin-vue";
import { build } from "vite";

/** The pages, in table order; each is `pages/<lane>/index.html`. */
export const LANES = ["threadline-svelte", "threadline-svelte-runes", "threadline-vue", "threadline-svelte-window", "threadline-vue-window", "ai-sdk-svelte", "ai-sdk-vue", "floor", "floor-window", "threadline-dom"] as const;
export type LaneName = (typeof LANES)[number];
/** The pages with `<ThreadWindow>` (issue 44): they draw only the rows in view. */
export const WINDOW_LANES: readonly LaneName[] = ["threadline-svelte-window", "threadline-vue-window"];
/** W6's pages (streaming markdown), built with W4's. */
export const MARKDOWN_LANES = ["md-threadline", "md-threadline-plain", "md-marked", "md-incremark-shiki", "md-incremark", "md-streamdown"] as const;
export type MarkdownLaneName = (typeof MARKDOWN_LANES)[number];

export const LANE_TITLES: Record<LaneName, string> = {
  "threadline-svelte": "Threadline Svelte",
  "threadline-svelte-runes": "Threadline Svelte (runes)",
  "threadline-vue": "Threadline Vue",
  "threadline-svelte-window": "Threadline Svelte, <ThreadWindow>",
  "threadline-vue-window": "Threadline Vue, <ThreadWindow>",
  "ai-sdk-svelte": "@ai-sdk/svelte Chat",
  "ai-sdk-vue": "@ai-sdk/vue Chat",
  floor: "floor (hand-written)",
  "floor-window": "floor, last rows only (hand-written)",
  "threadline-dom": "Threadline core, no framework",
};

const pagesDir = fileURLToPath(new URL("./pages/", import.meta.url));
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * `minify: false` keeps function names readable, for profiling a lane; `sourcemap` writes the maps
 * a profile's summary by source file reads.
 */
export async function buildPages(outDir: string, minify = true, sourcemap = false): Promise<void> {
  await build({
    configFile: false,
    root: pagesDir,
    base: "./",
    mode: "production",
    logLevel: "warn",
    plugins: [svelte({ configFile: false }), vue()],
    resolve: {
      // The workspace packages from their sources, as the playground uses them: nothing to build first.
      alias: {
        "@threadline/core": source("../../../core/src"),
        "@threadline/svelte": source("../../../svelte/src/index.ts"),
        "@threadline/vue": source("../../../vue/src/index.ts"),
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      minify,
      sourcemap,
      reportCompressedSize: false,
      rolldownOptions: { input: Object.fromEntries([...LANES, ...MARKDOWN_LANES].map((lane) => [lane, join(pagesDir, lane, "index.html")])) },
    },
  });
}
