// No adapter: `vite build` then `vite preview` (or `vite dev`) serve the app; add your host's
// adapter (adapter-node, adapter-vercel…) to deploy it. The workspace packages are used from
// their sources, as in the other playground apps: nothing needs building first.
import { readFileSync } from "node:fs";

// Every subpath core's package.json exports, each to its folder's index.ts: read from the exports
// map, so a subpath added to core cannot fall through to the root alias here.
const coreExports = JSON.parse(readFileSync(new URL("../../core/package.json", import.meta.url), "utf8")).exports;
const coreSubpaths = Object.fromEntries(
  Object.keys(coreExports)
    .filter((key) => key.startsWith("./") && key !== "./package.json")
    .map((key) => [`@threadline/core/${key.slice(2)}`, `../../core/src/${key.slice(2)}/index.ts`]),
);

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    alias: {
      // Subpaths first: "@threadline/core" alone would also match "@threadline/core/model".
      ...coreSubpaths,
      "@threadline/core": "../../core/src/index.ts",
      "@threadline/svelte": "../../svelte/src/index.ts",
      "$shared": "../shared",
    },
  },
};
