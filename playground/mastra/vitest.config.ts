import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../../core/src", import.meta.url)) },
  },
  test: {
    name: "mastra",
    environment: "node",
    include: ["test/**/*.test.ts"],
    // Loading Mastra costs one to two seconds, a run milliseconds: the files share one module
    // cache (each file still starts its own server and uses its own threads).
    isolate: false,
    hookTimeout: 30000,
    testTimeout: 15000,
    // expect.poll waits for something asynchronous (a browser, a server, storage): its limit
    // bounds a failure only, so it is generous — 1 s (the default) is not much on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
