// The module inside a real Nuxt (loadNuxt, no build): it refuses to start without an owner, puts
// its options in the runtime config, mounts the route and its server plugin, and registers the
// auto-imports — every composable and component @threadline/vue exports, nothing forgotten.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadNuxt } from "@nuxt/kit";
import { DEFAULT_LIMITS } from "@threadline/core/server";
import type { Nuxt } from "nuxt/schema";
import * as vueApi from "@threadline/vue";
import { afterAll, describe, expect, test } from "vitest";
import { COMPONENTS, COMPOSABLES, NOT_AUTO_IMPORTED } from "../src/auto-imports.js";
import threadline, { ModuleOptionsError, type ModuleOptions } from "../src/module.js";

// Inside the package, so that Nuxt resolves from its node_modules; removed afterwards.
const here = fileURLToPath(new URL(".", import.meta.url));
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** The options Nitro's part of Nuxt adds (their types come with @nuxt/nitro-server). */
interface ServerOptions {
  readonly serverHandlers: readonly { readonly route?: string; readonly handler: string }[];
  readonly nitro: { readonly plugins?: readonly string[]; readonly virtual?: Record<string, () => string> };
}
const server = (nuxt: Nuxt): ServerOptions => nuxt.options as unknown as ServerOptions;

async function nuxtWith(options: ModuleOptions | undefined, files: Record<string, string> = {}): Promise<Nuxt> {
  const rootDir = mkdtempSync(join(here, ".nuxt-app-"));
  roots.push(rootDir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(rootDir, path, ".."), { recursive: true });
    writeFileSync(join(rootDir, path), text);
  }
  return loadNuxt({
    cwd: rootDir,
    ready: true,
    overrides: {
      modules: [threadline],
      ...(options === undefined ? {} : { threadline: options }),
      telemetry: false,
      devtools: { enabled: false },
      buildDir: join(rootDir, ".nuxt"),
    } as Record<string, unknown>,
  });
}

describe("@threadline/nuxt in Nuxt", () => {
  test("without an owner (and without anonymous: true) Nuxt does not start", async () => {
    const error = await nuxtWith(undefined).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ModuleOptionsError);
    expect(error).toMatchObject({ code: "OWNER_MISSING" });
    await expect(nuxtWith({ owner: "userId", anonymous: true })).rejects.toMatchObject({ code: "OWNER_CONFLICT" });
  });

  test("an owner: the runtime config, the route, the server plugin and the auto-imports", async () => {
    const nuxt = await nuxtWith({ owner: "userId", upstream: "http://agents.internal:9000/run", limits: { runsPerOwner: 2 } });
    try {
      expect(nuxt.options.runtimeConfig["threadline"]).toEqual({
        owner: "userId",
        anonymous: false,
        upstream: "http://agents.internal:9000/run",
        runStore: "memory",
        redisKeyPrefix: "threadline:",
        origins: "",
        // Every limit written out, so that each has its NUXT_THREADLINE_LIMITS_* variable.
        limits: { ...DEFAULT_LIMITS, runsPerOwner: 2 },
        runTimeoutMs: 600_000,
      });
      // The owner is a field: no file bundled.
      expect(server(nuxt).nitro.virtual?.["#threadline/owner"]?.()).toBe("export const ownerFile = undefined;\n");
      // Only the route's path reaches the browser.
      expect(nuxt.options.runtimeConfig.public["threadline"]).toEqual({ route: "/api/_threadline/agent" });

      const handlers = server(nuxt).serverHandlers.filter((h) => h.route?.includes("threadline")).map((h) => ({ route: h.route, handler: h.handler }));
      expect(handlers).toEqual([
        { route: "/api/_threadline/agent", handler: expect.stringMatching(/runtime\/server\/handler$/) },
        { route: "/api/_threadline/agent/**", handler: expect.stringMatching(/runtime\/server\/handler$/) },
      ]);
      expect(server(nuxt).nitro.plugins).toEqual(expect.arrayContaining([expect.stringMatching(/runtime\/server\/plugin$/)]));
      // Vite pre-bundles Threadline before the first page (no reload on the first visit in dev).
      expect(nuxt.options.vite.optimizeDeps?.include).toEqual(expect.arrayContaining(["@threadline/vue", "@threadline/core", "@threadline/core/markdown"]));

      const sources: { from: string; imports: string[] }[] = [];
      await nuxt.callHook("imports:sources", sources as never);
      expect(sources.filter((source) => source.from.includes("threadline"))).toEqual([{ from: "@threadline/vue", imports: [...COMPOSABLES] }]);
      const imports: { name: string; from: string }[] = [];
      await nuxt.callHook("imports:extend", imports as never);
      expect(imports).toEqual([expect.objectContaining({ name: "useThreadlineChat", from: expect.stringMatching(/runtime\/composables\/useThreadlineChat$/) })]);
      const components: { pascalName: string; filePath: string; export: string }[] = [];
      await nuxt.callHook("components:extend", components as never);
      expect(components.filter((c) => c.filePath.includes("threadline")).map((c) => [c.pascalName, c.filePath, c.export])).toEqual(COMPONENTS.map((name) => [name, "@threadline/vue", name]));
    } finally {
      await nuxt.close();
    }
  });

  // defineThreadlineOwner's auto-import in server code: playground/nuxt's build (server/threadline-owner.ts).
  test("an owner file: bundled with the server as #threadline/owner", async () => {
    const owner = "export default defineThreadlineOwner((event) => event.context.user?.id);\n";
    const nuxt = await nuxtWith({ owner: "~~/server/threadline-owner", origins: ["https://admin.example.com", "https://b.example"] }, { "server/threadline-owner.ts": owner });
    try {
      expect(nuxt.options.runtimeConfig["threadline"]).toMatchObject({ owner: "~~/server/threadline-owner", origins: "https://admin.example.com,https://b.example" });
      const template = server(nuxt).nitro.virtual?.["#threadline/owner"]?.();
      expect(template).toBe(
        `import owner from ${JSON.stringify(join(nuxt.options.rootDir, "server/threadline-owner.ts"))};\nexport const ownerFile = { option: "~~/server/threadline-owner", owner };\n`,
      );
    } finally {
      await nuxt.close();
    }
  });

  test("an owner file that is not there stops Nuxt, naming it", async () => {
    const error = await nuxtWith({ owner: "~~/server/threadline-owner" }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ModuleOptionsError);
    expect(error).toMatchObject({ code: "OWNER_INVALID", message: expect.stringContaining('"~~/server/threadline-owner", which is not there') });
  });

  test("anonymous: true is the one way to run without an owner", async () => {
    const nuxt = await nuxtWith({ anonymous: true, route: "/api/chat" });
    try {
      expect(nuxt.options.runtimeConfig["threadline"]).toMatchObject({ owner: "", anonymous: true });
      expect(nuxt.options.runtimeConfig.public["threadline"]).toEqual({ route: "/api/chat" });
      expect(server(nuxt).serverHandlers.map((h) => h.route).filter((route) => route?.startsWith("/api"))).toEqual(["/api/chat", "/api/chat/**"]);
    } finally {
      await nuxt.close();
    }
  });
});

test("the auto-imports are every composable and component @threadline/vue exports", () => {
  const values = Object.entries(vueApi);
  const composables = values.filter(([name, value]) => typeof value === "function" && /^(use|provide|inject)[A-Z]/.test(name)).map(([name]) => name);
  // A component is a defineComponent object, or a functional component (a function with a displayName).
  const components = values
    .filter(([name, value]) => /^[A-Z]/.test(name) && ((typeof value === "object" && value !== null && "setup" in value) || (typeof value === "function" && "displayName" in value)))
    .map(([name]) => name);
  expect([...COMPOSABLES].sort()).toEqual(composables.sort());
  expect([...COMPONENTS].sort()).toEqual(components.sort());
  const rest = values.map(([name]) => name).filter((name) => !composables.includes(name) && !components.includes(name));
  expect(rest.sort()).toEqual(Object.keys(NOT_AUTO_IMPORTED).sort());
});

// What the module claims is what it is tested with: the Nuxt its tests load (the same pin as the
// app's and pack-check's fresh app), and no Node that Nuxt itself refuses.
test("the module declares the Nuxt minor it is tested with, and that Nuxt's Node versions", async () => {
  const require = createRequire(import.meta.url);
  const nuxtPackage = JSON.parse(readFileSync(require.resolve("nuxt/package.json"), "utf8")) as { version: string; engines: { node: string } };
  const ownPackage = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { engines: { node: string } };
  const [major, minor] = nuxtPackage.version.split(".");
  const meta = await threadline.getMeta?.();
  expect(meta?.compatibility?.nuxt).toBe(`^${major}.${minor}.0`);
  expect(ownPackage.engines.node).toBe(nuxtPackage.engines.node);
});
