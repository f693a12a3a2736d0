import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "core",
    environment: "node",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // The files share their workers' modules (starting a fresh one per file cost about a minute of
    // this project's run); test/production/ mocks esm-env and so runs apart, isolated
    // (vitest.production.config.ts, the project core-production).
    exclude: [...configDefaults.exclude, "test/production/**"],
    isolate: false,
    // A time limit is a hang guard, not a speed check: the property tests (fast-check, the
    // partial-JSON oracle) take one to six seconds alone and several times that on a loaded
    // machine (CI runs every project at once), where vitest's 5 s default fails them for being slow.
    testTimeout: 30_000,
  },
});
