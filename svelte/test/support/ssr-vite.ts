// A Vite dev server that loads the tests' components for the server (as SvelteKit renders them),
// beside the browser build vitest compiles: for server render + hydration tests.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { createServer, type ViteDevServer } from "vite";

// Paths from the file's own path: jsdom's URL is not one node:url accepts.
const svelteRoot = join(dirname(fileURLToPath(import.meta.url)), "../..");

export function ssrVite(): Promise<ViteDevServer> {
  return createServer({
    configFile: false,
    root: svelteRoot,
    logLevel: "silent",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [svelte({ configFile: false })],
    resolve: { alias: { "@threadline/core": join(svelteRoot, "../core/src") } },
    environments: { ssr: { resolve: { conditions: ["node", "module", "development"] } } },
  });
}
