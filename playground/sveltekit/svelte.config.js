// No adapter: `vite build` then `vite preview` (or `vite dev`) serve the app; add your host's
// adapter (adapter-node, adapter-vercel…) to deploy it. The workspace packages are used from
// their sources, as in the other playground apps: nothing needs building first.
/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    alias: {
      // Subpaths first: "@threadline/core" alone would also match "@threadline/core/model".
      "@threadline/core/protocol": "../../core/src/protocol/index.ts",
      "@threadline/core/transport": "../../core/src/transport/index.ts",
      "@threadline/core/pipeline": "../../core/src/pipeline/index.ts",
      "@threadline/core/model": "../../core/src/model/index.ts",
      "@threadline/core/fold": "../../core/src/fold/index.ts",
      "@threadline/core/json": "../../core/src/json/index.ts",
      "@threadline/core/run": "../../core/src/run/index.ts",
      "@threadline/core/tools": "../../core/src/tools/index.ts",
      "@threadline/core/chat": "../../core/src/chat/index.ts",
      "@threadline/core/persist": "../../core/src/persist/index.ts",
      "@threadline/core/server": "../../core/src/server/index.ts",
      "@threadline/core/markdown": "../../core/src/markdown/index.ts",
      "@threadline/core/devtools": "../../core/src/devtools/index.ts",
      "@threadline/core": "../../core/src/index.ts",
      "@threadline/svelte": "../../svelte/src/index.ts",
      "$shared": "../shared",
    },
  },
};
