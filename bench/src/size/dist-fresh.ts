// The size bench weighs what users install: each package's built dist/. A dist/ older than its
// sources would weigh yesterday's code without a word, so the bench refuses it and says what to run.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const workspace = fileURLToPath(new URL("../../../", import.meta.url));

/** What makes a package's dist/: its sources and its build's configuration. */
function inputs(pkg: string): string[] {
  const dir = join(workspace, pkg);
  const sources = readdirSync(join(dir, "src"), { recursive: true, encoding: "utf8" })
    .filter((name) => !/\.test\.ts$/.test(name))
    .map((name) => join(dir, "src", name));
  return [...sources, ...["package.json", "tsconfig.build.json", "mangle.json"].map((name) => join(dir, name)).filter(existsSync)];
}

/** Why the dists cannot be weighed (missing, or older than a source), or undefined when they can. */
export function staleDist(packages: readonly string[] = ["core", "svelte", "vue"]): string | undefined {
  for (const pkg of packages) {
    // Every build rewrites dist/index.js (core's mangling step last of all).
    const built = join(workspace, pkg, "dist", "index.js");
    if (!existsSync(built)) return `${pkg}/dist is missing`;
    const builtAt = statSync(built).mtimeMs;
    const newer = inputs(pkg).find((file) => statSync(file).mtimeMs > builtAt);
    if (newer) return `${pkg}/dist is older than ${newer.slice(workspace.length)}`;
  }
  return undefined;
}
