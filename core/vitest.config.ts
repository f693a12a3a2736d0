import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "core",
    environment: "node",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // A time limit is a hang guard, not a speed check: the property tests (fast-check, the
    // partial-JSON oracle) take one to six seconds alone and several times that on a loaded
    // machine (CI runs every project at once), where vitest's 5 s default fails them for being slow.
    testTimeout: 30_000,
  },
});
