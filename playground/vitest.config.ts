import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../core/src", import.meta.url)) },
  },
  test: {
    name: "playground",
    environment: "node",
    include: ["test/**/*.test.ts"],
    testTimeout: 30000,
    // expect.poll waits for something asynchronous (a browser, a server, storage): its limit
    // bounds a failure only, so it is generous — 1 s (the default) is not much on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
