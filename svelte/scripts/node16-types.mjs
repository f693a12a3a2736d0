// After svelte-package: give each component's declarations a second name, X.d.svelte.ts, beside
// X.svelte.d.ts. TypeScript's node16/nodenext resolution looks for the types of `./X.svelte` under
// the arbitrary-extension name only (svelte-check and bundler resolution read X.svelte.d.ts), so
// without it `import { StreamingText } from "@threadline/svelte"` has no types there.
import { copyFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dist = new URL("../dist/", import.meta.url).pathname;
for (const name of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
  if (name.endsWith(".svelte.d.ts")) copyFileSync(join(dist, name), join(dist, name.replace(/\.svelte\.d\.ts$/, ".d.svelte.ts")));
}
