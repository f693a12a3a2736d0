// No adapter: `vite build` then `vite preview` (or `vite dev`) serve the app; add your host's
// adapter (adapter-node, adapter-vercel…) to deploy it. The workspace packages are used from
// their sources, as in the other playground apps: nothing needs building first.
/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    alias: {
      // Subpaths first: "@threadline/core" alone would also match "@threadline/core/markdown".
      "@threadline/core/markdown": "../../core/src/markdown/index.ts",
      "@threadline/core/server": "../../core/src/server/index.ts",
      "@threadline/core/devtools": "../../core/src/devtools/index.ts",
      "@threadline/core": "../../core/src/index.ts",
      "@threadline/svelte": "../../svelte/src/index.ts",
      "$shared": "../shared",
    },
  },
};
