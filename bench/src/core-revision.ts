// Another build of @threadline/core beside this checkout's: `git archive` of a revision's core/
// into a scratch directory, bundled by esbuild as an app's production build resolves it. Used by
// `pnpm -C bench run instructions --base=REV` (instructions per event of both builds) and by the
// W1 and W3 lanes that time the 2026-12-01 build (issue 42's reference) beside this checkout.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The build issue 42's targets are read beside: core as it was on 2026-12-01. */
export const REFERENCE_REVISION = "0c488b0";

export const repo = fileURLToPath(new URL("../../", import.meta.url));

type Esbuild = { build(options: Record<string, unknown>): Promise<unknown> };
// core's build dependency; only `build` is used, so it is typed here rather than made bench's.
const esbuild = (): Esbuild => createRequire(join(repo, "core/package.json"))("esbuild") as Esbuild;

/**
 * A core/src tree: this checkout's (rev undefined), or `rev`'s extracted under `scratch` beside
 * this checkout's node_modules. Throws when git cannot read the revision (a shallow clone).
 */
export function coreSource(rev: string | undefined, scratch: string): string {
  if (rev === undefined) return join(repo, "core/src");
  const root = join(scratch, `base-${rev.replace(/\W+/g, "-")}`);
  if (existsSync(join(root, "core/src"))) return join(root, "core/src");
  mkdirSync(root, { recursive: true });
  execFileSync("sh", ["-c", `git -C "${repo}" archive "${rev}" core | tar -x -C "${root}"`], { stdio: ["ignore", "ignore", "pipe"] });
  symlinkSync(join(repo, "core/node_modules"), join(root, "core/node_modules"));
  return join(root, "core/src");
}

/**
 * A module exporting the names the bench drives, from wherever a core tree exports them (the
 * root on 2026-12-01, subpaths later): createThread, ChatClient, foldEvent, createPipeline,
 * subscribeText. Every name used existed on 2026-12-01, so an old build runs the same code.
 */
export function writeShim(src: string, file: string): string {
  const from = (name: string) => (existsSync(join(src, name, "index.ts")) ? join(src, name, "index.ts") : join(src, "index.ts"));
  writeFileSync(
    file,
    [
      `export { createThread, ChatClient } from ${JSON.stringify(join(src, "index.ts"))};`,
      `export { foldEvent } from ${JSON.stringify(from("fold"))};`,
      `export { createPipeline } from ${JSON.stringify(from("pipeline"))};`,
      `export { subscribeText } from ${JSON.stringify(from("model"))};`,
    ].join("\n"),
  );
  return file;
}

/** esbuild's bundle of `entry` into `outfile` (ESM, node, production conditions), "threadline-under-test" aliased to `shim`. */
export async function bundle(entry: string, outfile: string, shim: string): Promise<string> {
  await esbuild().build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    conditions: ["production"],
    alias: { "threadline-under-test": shim },
    logLevel: "error",
  });
  return outfile;
}
