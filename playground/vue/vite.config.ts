import { fileURLToPath } from "node:url";
import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

// The workspace packages are used from their sources: nothing needs building first.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [vue()],
  resolve: {
    alias: {
      "@threadline/core": source("../../core/src"),
      "@threadline/vue/a2ui": source("../../vue/src/a2ui/index.ts"),
      "@threadline/vue/mcp-apps": source("../../vue/src/mcp-apps/index.ts"),
      "@threadline/vue": source("../../vue/src/index.ts"),
    },
  },
  server: { host: "127.0.0.1", port: 5174, strictPort: true },
  preview: { host: "127.0.0.1", port: 5174, strictPort: true },
});
