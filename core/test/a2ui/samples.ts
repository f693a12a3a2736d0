// A2UI's own sample payloads, as @a2ui/web_core 0.11 ships them (v0.9 basic catalog examples).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface A2uiSample {
  readonly file: string;
  readonly name: string;
  readonly messages: readonly Record<string, unknown>[];
}

const require = createRequire(import.meta.url);
const root = dirname(require.resolve("@a2ui/web_core/v0_9"));
const examples = join(root, "schemas/catalogs/basic/examples");

export function basicCatalogSamples(): A2uiSample[] {
  return readdirSync(examples)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      const parsed = JSON.parse(readFileSync(join(examples, file), "utf8")) as { name: string; messages: Record<string, unknown>[] };
      return { file, name: parsed.name, messages: parsed.messages };
    });
}
