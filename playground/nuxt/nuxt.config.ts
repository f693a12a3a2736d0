// The workspace packages are used from their sources, as in the other playground apps: nothing
// needs building first. Unless AGENT_URL names an agent (the Mastra one:
// AGENT_URL=http://127.0.0.1:8788/agent), `nuxt dev` starts the playground's scripted AG-UI server
// on a free port and the module's route forwards to it (NUXT_THREADLINE_UPSTREAM, set here).
import { fileURLToPath } from "node:url";
import { defineNuxtModule } from "nuxt/kit";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Starts the scripted agent for `nuxt dev` (the e2e test and `nuxt preview` start their own). */
const scriptedAgent = defineNuxtModule({
  meta: { name: "threadline-playground-scripted-agent" },
  async setup(_options, nuxt) {
    if (!nuxt.options.dev || process.env.AGENT_URL || process.env.NUXT_THREADLINE_UPSTREAM) return;
    const { startServer } = await import("../server/server.js");
    const server = await startServer({ port: 0, speed: Number(process.env.PLAYGROUND_SPEED ?? 1) });
    process.env.NUXT_THREADLINE_UPSTREAM = server.url;
    console.log(`  scripted AG-UI agent: ${server.url}`);
    nuxt.hook("close", () => server.close());
  },
});

export default defineNuxtConfig({
  compatibilityDate: "2026-01-01",
  modules: ["@threadline/nuxt", scriptedAgent],
  // Who is asking: the owner function of server/threadline-owner.ts (the README's quick start
  // names the field instead: owner: "userId").
  threadline: {
    owner: "~~/server/threadline-owner",
    ...(process.env.AGENT_URL ? { upstream: process.env.AGENT_URL } : {}),
  },
  alias: {
    "@threadline/nuxt": source("../../nuxt/src/module.ts"),
    "@threadline/core": source("../../core/src"),
    "@threadline/vue": source("../../vue/src/index.ts"),
    $shared: source("../shared"),
  },
  css: ["$shared/full-stack.css"],
  typescript: {
    // nuxt.config.ts (and through it the module's and the scripted agent's sources) are checked in
    // Node's context, which gets none of the aliases above: the same sources, and the DOM types
    // core's browser-side files use.
    nodeTsConfig: {
      compilerOptions: {
        lib: ["ESNext", "DOM", "DOM.Iterable"],
        paths: {
          "@threadline/core": ["../../../core/src/index.ts"],
          "@threadline/core/*": ["../../../core/src/*/index.ts"],
          "@threadline/vue": ["../../../vue/src/index.ts"],
          "#app": ["../node_modules/nuxt/dist/app/index.d.ts"],
        },
      },
    },
  },
  // The server's context lacks the DOM types too, which core's sources (not its published .d.ts) need.
  nitro: { typescript: { tsConfig: { compilerOptions: { lib: ["esnext", "webworker", "dom", "dom.iterable"] } } } },
  devtools: { enabled: false },
  telemetry: false,
});
