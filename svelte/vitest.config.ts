import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { svelteTesting } from "@testing-library/svelte/vite";
import { defineProject } from "vitest/config";

export default defineProject({
  // Named, not looked up: Vitest 5 starts the plugin from the workspace root, where there is none.
  plugins: [svelte({ configFile: fileURLToPath(new URL("svelte.config.js", import.meta.url)) }), svelteTesting()],
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../core/src", import.meta.url)) },
  },
  // svelteTesting() puts `browser` first for every environment. Files marked
  // `@vitest-environment node` render with svelte/server, so there Svelte's server runtime
  // (the `default` condition) must be the one `svelte` resolves to.
  environments: {
    ssr: { resolve: { conditions: ["node", "module", "development"] } },
  },
  test: {
    name: "svelte",
    environment: "jsdom",
    include: ["test/**/*.test.ts"],
    // One jsdom per worker, not one per file: setting up jsdom for each file was two thirds of this
    // project's time (Vitest's own count). Testing Library unmounts after each test.
    isolate: false,
    // A time limit is a hang guard, not a speed check: the 2,000-token render test takes over a
    // second alone and several times that on a loaded machine (CI runs every project at once),
    // where vitest's 5 s default would fail it for being slow.
    testTimeout: 30_000,
    // The mount heap test forces garbage collection to measure what a mount leaves behind.
    execArgv: ["--expose-gc"],
  },
});
