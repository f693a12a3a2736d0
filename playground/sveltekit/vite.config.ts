import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { sveltekit } from "@sveltejs/kit/vite";
import { defineConfig, type Alias, type Plugin } from "vite";
import { startServer } from "../server/server.js";

// No adapter: `vite build` then `vite preview` (or `vite dev`) serve the app; add your host's
// adapter (adapter-node, adapter-vercel…) to deploy it. The workspace packages are used from their
// sources, as in the other playground apps (tsconfig.json maps the same names): nothing needs
// building first.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Every subpath core's package.json exports, each to its folder's index.ts: read from the exports
// map, so a subpath added to core cannot fall through to the root's entry. Exact matches only, so
// "@threadline/core" alone does not also take "@threadline/core/model".
const coreExports: Record<string, unknown> = JSON.parse(readFileSync(source("../../core/package.json"), "utf8")).exports;
const coreSubpaths: Alias[] = Object.keys(coreExports)
  .filter((key) => key.startsWith("./") && key !== "./package.json")
  .map((key) => ({ find: `@threadline/core/${key.slice(2)}`, replacement: source(`../../core/src/${key.slice(2)}/index.ts`) }));

// One command: unless AGENT_URL names an agent (the Mastra one: AGENT_URL=http://127.0.0.1:8788/agent),
// the dev and preview servers start the playground's scripted AG-UI server on a free port, and the
// server route forwards to it. PLAYGROUND_SPEED paces it (2 = twice as fast).
function scriptedAgent(): Plugin {
  const start = async (): Promise<void> => {
    if (process.env.AGENT_URL) return;
    const server = await startServer({ port: 0, speed: Number(process.env.PLAYGROUND_SPEED ?? 1) });
    process.env.AGENT_URL = server.url;
    console.log(`  scripted AG-UI agent: ${server.url}`);
  };
  return { name: "threadline-scripted-agent", configureServer: start, configurePreviewServer: start };
}

export default defineConfig({
  plugins: [sveltekit(), scriptedAgent()],
  resolve: {
    alias: [
      ...coreSubpaths,
      { find: /^@threadline\/core$/, replacement: source("../../core/src/index.ts") },
      { find: /^@threadline\/svelte$/, replacement: source("../../svelte/src/index.ts") },
      { find: /^\$shared\//, replacement: `${source("../shared")}/` },
    ],
  },
});
