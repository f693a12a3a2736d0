// A new user's first hour, as a test: pack @threadline/core, svelte, vue and nuxt as they would be
// published, check what the tarballs hold, install them into a fresh SvelteKit app, a fresh Nuxt app
// and a plain TypeScript app in a temporary directory outside the workspace, put the README's quick
// start in them as written, type-check them (svelte-check, nuxt typecheck, tsc; no warnings) and
// build them (vite, nuxt build); the Nuxt build is then started and asked for its page and its route.
// Run after `pnpm build` (the test command's lint:pack builds). KEEP_PACK_CHECK=1 keeps the directory.
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
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
const stepAsync = async (what, fn) => {
  const started = Date.now();
  try {
    await fn();
  } catch (error) {
    console.error(`pack-check: ${what} FAILED (in ${work})\n${error.stack}`);
    process.exit(1);
  }
  console.log(`pack-check: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const pin = (name) => {
  // The consumer apps use the versions the workspace is tested with.
  for (const dir of ["svelte", "vue", "nuxt", "docs", "playground/sveltekit", "playground/nuxt", "."]) {
    const pkg = JSON.parse(readFileSync(join(repo, dir, "package.json"), "utf8"));
    const version = pkg.devDependencies?.[name] ?? pkg.dependencies?.[name];
    if (version) return version;
  }
  throw new Error(`no pinned version of ${name} in the workspace`);
};

// 1. Pack, and check what is in each tarball.
const tarballs = join(work, "tarballs");
const packed = {};
const PACKAGES = ["core", "svelte", "vue", "nuxt"];
step(`packed ${PACKAGES.join(", ")}`, () => {
  mkdirSync(tarballs, { recursive: true });
  run(repo, "npx", [...pnpm, ...PACKAGES.flatMap((name) => ["--filter", `./${name}`]), "pack", "--pack-destination", tarballs]);
  for (const name of PACKAGES) {
    const { version, exports } = JSON.parse(readFileSync(join(repo, name, "package.json"), "utf8"));
    const file = `threadline-${name}-${version}.tgz`;
    packed[name] = join(tarballs, file);
    const entries = run(tarballs, "tar", ["-tzf", file]).split("\n").filter(Boolean);
    const bad = entries.filter((e) => /^package\/(src|test)\//.test(e) || /\.test\.|\.tsbuildinfo$/.test(e));
    if (bad.length) throw new Error(`${file} ships sources or tests: ${bad.slice(0, 5).join(", ")}`);
    if (name !== "svelte") {
      const js = entries.filter((e) => e.endsWith(".js"));
      const missing = js.filter((e) => !entries.includes(`${e}.map`));
      if (js.length === 0 || missing.length) throw new Error(`${file}: no source map for ${missing.slice(0, 5).join(", ")}`);
      const entry = exports["."].import.replace(/^\.\//, "");
      const map = JSON.parse(run(tarballs, "tar", ["-xzOf", file, `package/${entry}.map`]));
      if (!map.sourcesContent?.[0]) throw new Error(`${file}: ${entry}.map does not carry its sources`);
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
// pnpm would look @threadline/core (and @threadline/vue) up on the registry for the packages'
// dependencies on them; the overrides (in the app's own pnpm-workspace.yaml) point them at the
// tarballs, the same versions.
const pnpmSettings = () => `overrides:\n  "@threadline/core": "${file("core")}"\n  "@threadline/vue": "${file("vue")}"\n`;

const svelteApp = join(work, "svelte-app");
const nuxtApp = join(work, "nuxt-app");
const plainApp = join(work, "plain-app");
step("wrote the SvelteKit, Nuxt and plain TypeScript apps", () => {
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
  // A Nuxt 4 app, as `npm create nuxt` makes one (minimal template), with the README's files.
  write(nuxtApp, {
    "package.json": {
      name: "threadline-consumer-nuxt", private: true, type: "module",
      scripts: { build: "nuxt build", postinstall: "nuxt prepare" },
      dependencies: { "@threadline/core": file("core"), "@threadline/vue": file("vue"), "@threadline/nuxt": file("nuxt"), nuxt: pin("nuxt"), vue: pin("vue") },
      devDependencies: { typescript: pin("typescript"), "vue-tsc": pin("vue-tsc") },
    },
    // Nuxt's build tools include esbuild, whose install script pnpm runs only when allowed (what
    // `pnpm approve-builds` writes).
    "pnpm-workspace.yaml": `${pnpmSettings()}allowBuilds:\n  esbuild: true\n`,
    "tsconfig.json": {
      files: [],
      references: ["app", "server", "shared", "node"].map((part) => ({ path: `./.nuxt/tsconfig.${part}.json` })),
    },
    "nuxt.config.ts": need("nuxt.config.ts"),
    "app/app.vue": need("app/app.vue"),
    "server/middleware/session.ts": need("server/middleware/session.ts"),
  });
  // The plain TypeScript quick start: the page built by Vite, the server type-checked.
  write(plainApp, {
    "package.json": {
      name: "threadline-consumer-plain", private: true, type: "module",
      dependencies: { "@threadline/core": file("core") },
      devDependencies: { "@types/node": pin("@types/node"), typescript: pin("typescript"), vite: pin("vite") },
    },
    "pnpm-workspace.yaml": pnpmSettings(),
    "index.html": `<!doctype html>\n<html><body><script type="module" src="/src/main.ts"></script></body></html>\n`,
    "tsconfig.json": tsconfig(["src", "server.ts"]),
    "src/main.ts": need("src/main.ts"),
    "server.ts": need("server.ts"),
  });
});

// 3. Install (from pnpm's store where it can: the workspace has every package already), check, build.
const store = run(repo, "npx", [...pnpm, "store", "path"]).trim();
const install = (label, app) =>
  step(`${label} app: installed the tarballs`, () =>
    run(app, "npx", [...pnpm, "install", "--prefer-offline", "--store-dir", store, "--config.confirmModulesPurge=false"]));
const bin = (app, name, args) => run(app, join(app, "node_modules/.bin", name), args);

install("SvelteKit", svelteApp);
step("SvelteKit app: svelte-kit sync", () => bin(svelteApp, "svelte-kit", ["sync"]));
step("SvelteKit app: svelte-check passed", () => bin(svelteApp, "svelte-check", ["--tsconfig", "./tsconfig.json", "--fail-on-warnings"]));
step("SvelteKit app: vite build passed", () => bin(svelteApp, "vite", ["build", "--logLevel", "warn"]));

process.env.NUXT_TELEMETRY_DISABLED = "1";
install("Nuxt", nuxtApp); // its postinstall is `nuxt prepare`, as in a new Nuxt app
step("Nuxt app: nuxt typecheck (vue-tsc) passed", () => bin(nuxtApp, "nuxt", ["typecheck"]));
step("Nuxt app: nuxt build passed", () => bin(nuxtApp, "nuxt", ["build"]));
await stepAsync("Nuxt app: the build renders the page and its route answers", () => servesNuxt(nuxtApp));

install("Plain TypeScript", plainApp);
step("Plain TypeScript app: tsc passed", () => bin(plainApp, "tsc", ["-p", "tsconfig.json"]));
step("Plain TypeScript app: vite build passed", () => bin(plainApp, "vite", ["build", "--logLevel", "warn"]));

/**
 * Starts the Nuxt app's build (its Nitro server) with no agent at its upstream: the page must render
 * on the server, and the module's route must answer a run with AG-UI — the run's RUN_ERROR, since
 * the agent is not there.
 */
async function servesNuxt(app) {
  const [port, nobody] = [await freePort(), await freePort()];
  const env = { ...process.env, HOST: "127.0.0.1", PORT: String(port), NUXT_THREADLINE_UPSTREAM: `http://127.0.0.1:${nobody}/agent` };
  const server = spawn(process.execPath, [".output/server/index.mjs"], { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  try {
    let page;
    for (const deadline = Date.now() + 30_000; page === undefined; ) {
      page = await fetch(`${origin}/`).catch(() => undefined);
      if (page === undefined && (Date.now() > deadline || server.exitCode !== null)) throw new Error(`the server did not answer: ${output}`);
      if (page === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const html = await page.text();
    if (page.status !== 200 || !html.includes('aria-label="Message"')) throw new Error(`GET / answered ${page.status} without the page's form: ${html.slice(0, 300)}`);
    const cookie = page.headers.get("set-cookie")?.split(";")[0];
    if (!cookie?.startsWith("session=")) throw new Error(`GET / set no session cookie (server/middleware/session.ts): ${page.headers.get("set-cookie")}`);
    const input = { threadId: "t-pack-check", runId: "r-pack-check", messages: [{ id: "u1", role: "user", content: "Hello" }], tools: [], context: [], state: {}, forwardedProps: {} };
    const answer = await fetch(`${origin}/api/_threadline/agent`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
    const events = await answer.text();
    if (!answer.headers.get("content-type")?.startsWith("text/event-stream") || !/"type":"RUN_ERROR".*"code":"AGENT_FAILED"/.test(events)) {
      throw new Error(`the route answered ${answer.status} ${answer.headers.get("content-type")}: ${events.slice(0, 500)}`);
    }
  } finally {
    server.kill();
  }
}

if (!process.env.KEEP_PACK_CHECK) rmSync(work, { recursive: true, force: true });
console.log("pack-check: the README's quick start type-checks and builds against the packed tarballs, and the Nuxt build serves");
