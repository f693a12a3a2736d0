import { defineConfig } from "vitest/config";


export default defineConfig({
  test: {
    projects: ["core", "svelte", "vue", "playground", "playground/mastra", "playground/e2e"],
  },
});
