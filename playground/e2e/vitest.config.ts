import { fileURLToPath } from "node:url";
import { configDefaults, defineProject } from "vitest/config";

// The playground apps in real Chromium (Debian's /usr/bin/chromium through playwright-core).
// Each test file builds its app, starts the servers on free ports, and drives one browser.
export default defineProject({
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../../core/src", import.meta.url)) },
  },
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.test.ts"],
    // The full-stack apps' suites (SvelteKit, Nuxt) run on their own after the rest (the test
    // command's second vitest step, E2E_FULL_STACK=1), so their production builds do not compete
    // with the other projects for the two cores.
    exclude:
      process.env.E2E_FULL_STACK === "1" ? configDefaults.exclude : [...configDefaults.exclude, "**/sveltekit.e2e.test.ts", "**/nuxt.e2e.test.ts"],
    testTimeout: 60_000,
    // expect.poll waits for something asynchronous (a browser, a server, storage): its limit
    // bounds a failure only, so it is generous — 1 s (the default) is not much on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
    // A hang guard: the full-stack suites build their apps (vite build, nuxt build) in beforeAll,
    // which takes minutes while other work runs on the same two cores.
    hookTimeout: 600_000,
  },
});
