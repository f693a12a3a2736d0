// Real documents for the markdown tests, read at test time from the README files of the packages
// installed in the workspace (none is copied into the repository). The lockfile pins which
// versions are installed, so the same checkout always reads the same documents.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const STORE = join(import.meta.dirname, "../../../node_modules/.pnpm");

export interface Document {
  /** The package the README belongs to (`name@version`). */
  readonly name: string;
  readonly text: string;
}

function readmeOf(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const file = readdirSync(dir).find((name) => /^readme\.md$/i.test(name));
  return file === undefined ? undefined : join(dir, file);
}

let cache: Document[] | undefined;

/**
 * Every installed package's README between `min` and `max` bytes, one per distinct text, in the
 * order of their package names.
 */
export function installedReadmes(min = 1_000, max = 40_000): readonly Document[] {
  if (cache === undefined) {
    const found: Document[] = [];
    const seen = new Set<string>();
    for (const entry of readdirSync(STORE).sort()) {
      const modules = join(STORE, entry, "node_modules");
      if (!existsSync(modules)) continue;
      // The store entry is `name@version` or `@scope+name@version` (with peer suffixes after `_`).
      const at = entry.indexOf("@", 1);
      const name = entry.slice(0, at).replace("+", "/");
      const file = readmeOf(join(modules, name));
      if (file === undefined) continue;
      const text = readFileSync(file, "utf8");
      const hash = createHash("sha1").update(text).digest("hex");
      if (seen.has(hash)) continue;
      seen.add(hash);
      found.push({ name: entry.split("_")[0]!, text });
    }
    cache = found;
  }
  return cache.filter((doc) => Buffer.byteLength(doc.text) >= min && Buffer.byteLength(doc.text) <= max);
}
