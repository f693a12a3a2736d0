import { fileURLToPath } from "node:url";
import vue from "@vitejs/plugin-vue";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [vue()],
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../core/src", import.meta.url)) },
  },
  test: {
    name: "vue",
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
    // Load the testing libraries through Vite too, so they share the one Vue instance
    // the components use (otherwise Node loads Vue's CJS build beside Vite's ESM build).
    server: { deps: { inline: ["@vue/test-utils", "@testing-library/vue"] } },
  },
});
