// No adapter: `vite build` then `vite preview` (or `vite dev`) serve the app; add your host's
// adapter (adapter-node, adapter-vercel…) to deploy it. The workspace packages are used from
// their sources, as in the other playground apps: nothing needs building first.
/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    alias: {
      "@threadline/core": "../../core/src/index.ts",
      "@threadline/svelte": "../../svelte/src/index.ts",
      "$shared": "../shared",
    },
  },
};
