import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

// The playground apps in real Chromium (Debian's /usr/bin/chromium through playwright-core).
// Each test file builds its app, starts the servers on free ports, and drives one browser.
export default defineProject({
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../../core/src/index.ts", import.meta.url)) },
  },
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
