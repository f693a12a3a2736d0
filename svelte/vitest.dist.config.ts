// The published build, rendered: test-dist/ renders components from svelte/dist against
// @threadline/core's dist (no alias to the sources, as the other svelte tests have), so a member
// name core's build shortened (core/mangle.json) and a binding still reads fails here. Run after
// `pnpm build`.
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { svelteTesting } from "@testing-library/svelte/vite";
import { defineProject } from "vitest/config";

export default defineProject({
  // Named, not looked up: Vitest 5 starts the plugin from the workspace root, where there is none.
  plugins: [svelte({ configFile: fileURLToPath(new URL("svelte.config.js", import.meta.url)) }), svelteTesting()],
  test: {
    name: "svelte-dist",
    environment: "jsdom",
    include: ["test-dist/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
