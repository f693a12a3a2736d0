// A new user's first hour, as a test: pack @threadline/core, svelte and vue as they would be
// published, check what the tarballs hold, install them into a fresh SvelteKit app and a Vue app in a
// temporary directory outside the workspace, put the README's quick start in them as written, and
// type-check (svelte-check / vue-tsc, no warnings) and build (vite) both apps.
// Run after `pnpm build` (the test command's lint:pack builds). KEEP_PACK_CHECK=1 keeps the directory.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { codeBlocks } from "../docs/snippets/blocks.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const pnpm = ["-y", "pnpm@12.4.2"];
const work = mkdtempSync(join(tmpdir(), "threadline-pack-check-"));
const run = (cwd, cmd, args) => execFileSync(cmd, args, { cwd, stdio: "pipe", encoding: "utf8" });
const step = (what, fn) => {
  const started = Date.now();
  try {
    fn();
  } catch (error) {
    console.error(`pack-check: ${what} FAILED (in ${work})\n${error.stdout ?? ""}${error.stderr ?? ""}${error.stdout || error.stderr ? "" : error.stack}`);
    process.exit(1);
  }
  console.log(`pack-check: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};
const pin = (name) => {
  // The consumer apps use the versions the workspace is tested with.
  for (const dir of ["svelte", "vue", "docs", "playground/sveltekit", "."]) {
    const pkg = JSON.parse(readFileSync(join(repo, dir, "package.json"), "utf8"));
    const version = pkg.devDependencies?.[name] ?? pkg.dependencies?.[name];
    if (version) return version;
  }
  throw new Error(`no pinned version of ${name} in the workspace`);
};

// 1. Pack, and check what is in each tarball.
const tarballs = join(work, "tarballs");
const packed = {};
step("packed core, svelte, vue", () => {
  mkdirSync(tarballs, { recursive: true });
  run(repo, "npx", [...pnpm, "--filter", "./core", "--filter", "./svelte", "--filter", "./vue", "pack", "--pack-destination", tarballs]);
  for (const name of ["core", "svelte", "vue"]) {
    const { version } = JSON.parse(readFileSync(join(repo, name, "package.json"), "utf8"));
    const file = `threadline-${name}-${version}.tgz`;
    packed[name] = join(tarballs, file);
    const entries = run(tarballs, "tar", ["-tzf", file]).split("\n").filter(Boolean);
    const bad = entries.filter((e) => /^package\/(src|test)\//.test(e) || /\.test\.|\.tsbuildinfo$/.test(e));
    if (bad.length) throw new Error(`${file} ships sources or tests: ${bad.slice(0, 5).join(", ")}`);
    if (name !== "svelte") {
      const js = entries.filter((e) => e.endsWith(".js"));
      const missing = js.filter((e) => !entries.includes(`${e}.map`));
      if (js.length === 0 || missing.length) throw new Error(`${file}: no source map for ${missing.slice(0, 5).join(", ")}`);
      const map = JSON.parse(run(tarballs, "tar", ["-xzOf", file, `package/dist/index.js.map`]));
      if (!map.sourcesContent?.[0]) throw new Error(`${file}: dist/index.js.map does not carry its sources`);
    }
    const pkg = JSON.parse(run(tarballs, "tar", ["-xzOf", file, "package/package.json"]));
    if (JSON.stringify(pkg).includes("workspace:")) throw new Error(`${file}: package.json still says workspace:`);
  }
});

// 2. The README's quick start, by the file names its blocks declare.
const readme = Object.fromEntries(codeBlocks(join(repo, "README.md")).filter((b) => b.name).map((b) => [b.name, b.code]));
const need = (name) => {
  if (!readme[name]) throw new Error(`README.md has no block named ${name} (its first line names the file)`);
  return readme[name];
};
const write = (root, files) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof text === "string" ? text : JSON.stringify(text, null, 2) + "\n");
  }
};
const tsconfig = (include) => ({
  compilerOptions: {
    target: "ES2022", module: "ESNext", moduleResolution: "Bundler", lib: ["ES2023", "DOM", "DOM.Iterable"],
    strict: true, verbatimModuleSyntax: true, isolatedModules: true, skipLibCheck: true, noEmit: true, types: ["node"],
  },
  include,
});
const file = (name) => `file:${packed[name]}`;
// pnpm would look @threadline/core up on the registry for the bindings' dependency on it; the
// override (in the app's own pnpm-workspace.yaml) points it at the tarball, the same version.
const pnpmSettings = () => `overrides:\n  "@threadline/core": "${file("core")}"\n`;
const html = (entry) => `<!doctype html>\n<html><body><div id="app"></div><script type="module" src="${entry}"></script></body></html>\n`;
const twoPages = (plugin) =>
  `import { defineConfig } from "vite";\n${plugin}\n\nexport default defineConfig({\n  plugins: [framework()],\n  build: { rollupOptions: { input: { app: "index.html", plain: "plain.html" } } },\n});\n`;

const svelteApp = join(work, "svelte-app");
const vueApp = join(work, "vue-app");
step("wrote the Svelte and Vue apps", () => {
  // A SvelteKit 3 app, as `npx sv create` makes one (minimal template, TypeScript: the config
  // passed to the sveltekit() Vite plugin, a tsconfig extending "$app/tsconfig"), without an
  // adapter: `vite build` builds it all the same.
  write(svelteApp, {
    "package.json": {
      name: "threadline-consumer-sveltekit", private: true, type: "module",
      dependencies: { "@threadline/core": file("core"), "@threadline/svelte": file("svelte"), svelte: pin("svelte") },
      devDependencies: {
        "@sveltejs/kit": pin("@sveltejs/kit"), "@sveltejs/vite-plugin-svelte": pin("@sveltejs/vite-plugin-svelte"),
        "svelte-check": pin("svelte-check"), typescript: pin("typescript"), vite: pin("vite"),
      },
    },
    "pnpm-workspace.yaml": pnpmSettings(),
    "vite.config.ts": `import { sveltekit } from "@sveltejs/kit/vite";\nimport { defineConfig } from "vite";\n\nexport default defineConfig({ plugins: [sveltekit()] });\n`,
    "tsconfig.json": { extends: "$app/tsconfig", compilerOptions: { strict: true }, include: ["src", "vite.config.ts"] },
    "src/app.html": `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    %sveltekit.head%\n  </head>\n  <body>\n    <div style="display: contents">%sveltekit.body%</div>\n  </body>\n</html>\n`,
    "src/app.d.ts": need("src/app.d.ts"),
    "src/env.ts": need("src/env.ts"),
    "src/hooks.server.ts": need("src/hooks.server.ts"),
    "src/routes/+page.svelte": need("src/routes/+page.svelte"),
    "src/routes/api/agent/+server.ts": need("src/routes/api/agent/+server.ts"),
  });
  write(vueApp, {
    "package.json": {
      name: "threadline-consumer-vue", private: true, type: "module",
      dependencies: { "@threadline/core": file("core"), "@threadline/vue": file("vue"), vue: pin("vue") },
      devDependencies: {
        "@vitejs/plugin-vue": pin("@vitejs/plugin-vue"), "@types/node": pin("@types/node"), h3: pin("h3"),
        typescript: pin("typescript"), vite: pin("vite"), "vue-tsc": pin("vue-tsc"),
      },
    },
    "pnpm-workspace.yaml": pnpmSettings(),
    "index.html": html("/src/main.ts"),
    "plain.html": html("/plain/src/main.ts"),
    "vite.config.ts": twoPages(`import framework from "@vitejs/plugin-vue";`),
    "tsconfig.json": tsconfig(["src", "app", "server", "plain"]),
    "src/main.ts": `import { createApp } from "vue";\nimport App from "../app/app.vue";\n\ncreateApp(App).mount("#app");\n`,
    "app/app.vue": need("app/app.vue"),
    "server/middleware/session.ts": need("server/middleware/session.ts"),
    "server/api/agent.ts": need("server/api/agent.ts"),
    "plain/src/main.ts": need("src/main.ts"),
    "plain/server.ts": need("server.ts"),
  });
});

// 3. Install (from pnpm's store where it can: the workspace has every package already), check, build.
const store = run(repo, "npx", [...pnpm, "store", "path"]).trim();
for (const [label, app, check] of [
  ["SvelteKit", svelteApp, ["svelte-check", "--tsconfig", "./tsconfig.json", "--fail-on-warnings"]],
  ["Vue", vueApp, ["vue-tsc", "-p", "tsconfig.json"]],
]) {
  step(`${label} app: installed the tarballs`, () =>
    run(app, "npx", [...pnpm, "install", "--prefer-offline", "--store-dir", store, "--config.confirmModulesPurge=false"]));
  if (app === svelteApp) step("SvelteKit app: svelte-kit sync", () => run(app, join(app, "node_modules/.bin/svelte-kit"), ["sync"]));
  step(`${label} app: ${check[0]} passed`, () => run(app, join(app, "node_modules/.bin", check[0]), check.slice(1)));
  step(`${label} app: vite build passed`, () => run(app, join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"]));
}

if (!process.env.KEEP_PACK_CHECK) rmSync(work, { recursive: true, force: true });
console.log("pack-check: the README's quick start type-checks and builds against the packed tarballs");
