import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../../core/src/index.ts", import.meta.url)) },
  },
  test: {
    name: "mastra",
    environment: "node",
    include: ["test/**/*.test.ts"],
    // Loading Mastra takes about a second on a shared machine; a run takes milliseconds.
    hookTimeout: 30000,
    testTimeout: 15000,
  },
});
