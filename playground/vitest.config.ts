import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../core/src/index.ts", import.meta.url)) },
  },
  test: {
    name: "playground",
    environment: "node",
    include: ["test/**/*.test.ts"],
    testTimeout: 30000,
  },
});
