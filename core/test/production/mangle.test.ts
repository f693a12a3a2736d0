// mangle.json lists internal member names that the published build shortens (scripts/mangle-props.mjs:
// esbuild renames every property of that name, in every module). A listed name must be nobody
// else's: not in the published types (an app could use it), not a string key (`"name" in x`,
// `record["name"]` keep the long name and miss the rename), not read by a binding (theirs are not
// renamed), and its short name must not already be a property of ours. Run after `pnpm build`.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const workspace = fileURLToPath(new URL("../../../", import.meta.url));
const listFile = join(workspace, "core", "mangle.json");
const props = (JSON.parse(readFileSync(listFile, "utf8")) as { props: Record<string, string> }).props;
const listed = Object.keys(props);

const files = (dir: string, test: (name: string) => boolean): string[] =>
  readdirSync(join(workspace, dir), { recursive: true, encoding: "utf8" })
    .filter(test)
    .map((name) => join(workspace, dir, name));
const sources = (pkg: string): string[] => files(`${pkg}/src`, (name) => /\.(ts|svelte|vue)$/.test(name) && !/\.test\.ts$/.test(name));

/** The identifiers and the string literals of a module (its syntax tree: comments left out). */
function tokens(file: string): { identifiers: Set<string>; strings: Set<string> } {
  const identifiers = new Set<string>();
  const strings = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) identifiers.add(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) strings.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ESNext, true));
  return { identifiers, strings };
}

/** Names a declaration file offers: members, exports, enum members, keys of object types. */
function declaredNames(file: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    // A parameter declares nothing an app can reach, unless it is a parameter property.
    const declares = !ts.isParameter(node) || ts.isParameterPropertyDeclaration(node, node.parent);
    if (declares && !ts.isTypeParameterDeclaration(node) && name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) names.add(name.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ESNext, true));
  return names;
}

describe("mangle.json", () => {
  it("maps each name to its own short name", () => {
    expect(new Set(Object.values(props)).size).toBe(listed.length);
    for (const short of Object.values(props)) expect(short).toMatch(/^[A-Za-z_$][\w$]{0,2}$/);
  });

  it("lists only names core's sources use as identifiers, and none as a string", () => {
    const identifiers = new Set<string>();
    const strings: string[] = [];
    for (const file of sources("core")) {
      const found = tokens(file);
      for (const name of found.identifiers) identifiers.add(name);
      for (const value of found.strings) if (Object.hasOwn(props, value)) strings.push(`${file.slice(workspace.length)}: "${value}"`);
    }
    expect(listed.filter((name) => !identifiers.has(name)), "stale entries").toEqual([]);
    expect(strings, "listed names written as strings").toEqual([]);
  });

  it("lists no name a binding uses (the bindings are published as written)", () => {
    const used = ["svelte", "vue"].flatMap((pkg) =>
      sources(pkg).flatMap((file) => {
        const text = readFileSync(file, "utf8");
        return listed.filter((name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(text)).map((name) => `${file.slice(workspace.length)}: ${name}`);
      }),
    );
    expect(used).toEqual([]);
  });

  it("gives short names no source of ours has as a property already", async () => {
    const taken = new Set<string>();
    for (const file of [...sources("core"), ...sources("svelte"), ...sources("vue")].filter((f) => f.endsWith(".ts"))) {
      // esbuild lists every property it could rename: all of the file's property names.
      const out = await transform(readFileSync(file, "utf8"), { loader: "ts", mangleProps: /./, mangleQuoted: true, mangleCache: {} });
      for (const name of Object.keys(out.mangleCache ?? {})) taken.add(name);
    }
    expect(Object.values(props).filter((short) => taken.has(short))).toEqual([]);
  });
});

describe("the published build", () => {
  const dist = (pkg: string): string => join(workspace, pkg, "dist");
  const built = existsSync(join(dist("core"), "index.js"));

  it("is built from the current list", () => {
    expect(built, "core/dist is missing: run `pnpm build` first").toBe(true);
    expect(statSync(join(dist("core"), "index.js")).mtimeMs, "core/dist is older than mangle.json: run `pnpm build`").toBeGreaterThanOrEqual(statSync(listFile).mtimeMs);
  });

  it("declares none of the listed names in any published .d.ts (they are @internal, stripped)", () => {
    const declared: string[] = [];
    for (const pkg of ["core", "svelte", "vue"]) {
      for (const file of files(`${pkg}/dist`, (name) => name.endsWith(".d.ts"))) {
        for (const name of declaredNames(file)) if (Object.hasOwn(props, name)) declared.push(`${file.slice(workspace.length)}: ${name}`);
      }
    }
    expect(declared).toEqual([]);
  });

  it("ships core's modules with every listed name shortened", async () => {
    const left: string[] = [];
    for (const file of files("core/dist", (name) => name.endsWith(".js"))) {
      const out = await transform(readFileSync(file, "utf8"), { loader: "js", mangleProps: /./, mangleCache: {} });
      for (const name of Object.keys(out.mangleCache ?? {})) if (Object.hasOwn(props, name)) left.push(`${file.slice(workspace.length)}: ${name}`);
    }
    expect(left).toEqual([]);
  });
});
