import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

// The workspace packages are used from their sources: nothing needs building first.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [svelte()],
  resolve: {
    alias: {
      "@threadline/core": source("../../core/src"),
      "@threadline/svelte/a2ui": source("../../svelte/src/a2ui/index.ts"),
      "@threadline/svelte/mcp-apps": source("../../svelte/src/mcp-apps/index.ts"),
      "@threadline/svelte": source("../../svelte/src/index.ts"),
    },
  },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1", port: 5173, strictPort: true },
});
