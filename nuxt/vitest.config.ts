import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineProject({
  resolve: {
    alias: {
      "@threadline/core": source("../core/src"),
      "@threadline/vue": source("../vue/src/index.ts"),
    },
  },
  test: {
    name: "nuxt",
    environment: "node",
    include: ["test/**/*.test.ts"],
    // A hang guard, not a speed check: loadNuxt and a real Redis take a few seconds on a loaded machine.
    testTimeout: 60_000,
  },
});
