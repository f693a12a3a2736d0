import { defineConfig } from "vitest/config";


export default defineConfig({
  test: {
    // svelte-dist and vue-dist render the built packages (the test command builds first).
    projects: ["core", "core/vitest.production.config.ts", "svelte", "vue", "nuxt", "svelte/vitest.dist.config.ts", "vue/vitest.dist.config.ts", "playground", "playground/mastra", "playground/e2e"],
  },
});
