// core's production-build tests: each mocks esm-env (DEV false) or builds core, so each file runs
// with modules of its own; the rest of core shares them (vitest.config.ts).
import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "core-production",
    environment: "node",
    include: ["test/production/**/*.test.ts"],
    // A hang guard: the production build takes a few seconds alone, more on a loaded machine.
    testTimeout: 30_000,
  },
});
