import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { svelteTesting } from "@testing-library/svelte/vite";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [svelte(), svelteTesting()],
  resolve: {
    alias: { "@threadline/core": fileURLToPath(new URL("../core/src/index.ts", import.meta.url)) },
  },
  test: {
    name: "svelte",
    environment: "jsdom",
    include: ["test/**/*.test.ts"],
  },
});
