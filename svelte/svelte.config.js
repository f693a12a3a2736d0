// Used by svelte-package (build), vite-plugin-svelte (tests) and svelte-check: TypeScript in
// .svelte files is compiled away, so the published component is plain JavaScript.
import { vitePreprocess } from "@sveltejs/vite-plugin-svelte";

export default {
  preprocess: vitePreprocess({ script: true }),
};
