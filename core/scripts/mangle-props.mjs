// After `tsc`: renames the internal property names listed in mangle.json, in every module of dist/,
// to the short names listed beside them (esbuild's mangleProps with a fixed mangleCache), so an app
// ships `a()` where the sources say `ensureRare()`. Nothing else changes: one module per file, tsc's
// formatting and comments, and each source map still points at src/ (tsc's map is the input map).
// Only names in the list are touched; the list's test (test/production/mangle.test.ts) checks that
// none of them is in the published types and that the built dist still runs a conversation.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const { props } = JSON.parse(readFileSync(join(root, "mangle.json"), "utf8"));
const names = Object.keys(props);
const shorts = new Set(Object.values(props));
if (shorts.size !== names.length) throw new Error("mangle.json: two names share a short name");
const mangleProps = new RegExp(`^(?:${names.join("|")})$`);
const MAP_COMMENT = /\/\/# sourceMappingURL=(\S+)\s*$/;

let files = 0;
for (const name of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
  if (!name.endsWith(".js")) continue;
  const file = join(dist, name);
  const code = readFileSync(file, "utf8");
  const linked = MAP_COMMENT.exec(code);
  if (!linked) throw new Error(`${name}: tsc wrote no source map comment`);
  const mapFile = join(file, "..", linked[1]);
  // esbuild's transform takes its input map inline; it then maps the output back to tsc's sources.
  const input = code.replace(MAP_COMMENT, `//# sourceMappingURL=data:application/json;base64,${Buffer.from(readFileSync(mapFile)).toString("base64")}\n`);
  const out = await transform(input, {
    loader: "js",
    format: "esm",
    target: "esnext",
    charset: "utf8",
    sourcefile: name,
    sourcemap: "external",
    mangleProps,
    mangleCache: props,
  });
  for (const [key, value] of Object.entries(out.mangleCache ?? {})) {
    if (props[key] !== value) throw new Error(`${name}: esbuild renamed ${key} to ${value}, not to mangle.json's ${props[key]}`);
  }
  writeFileSync(file, `${out.code}//# sourceMappingURL=${linked[1]}\n`);
  writeFileSync(mapFile, out.map);
  files++;
}
console.log(`mangle-props: ${names.length} internal names shortened in ${files} modules`);
