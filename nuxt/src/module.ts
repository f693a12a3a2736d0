// @threadline/nuxt: one line in nuxt.config gives the pages Threadline's Vue composables without
// imports and the server an AG-UI route on createAgentHandler — owned, bounded, resumable — in
// front of the agent named in the config.
import { pathToFileURL } from "node:url";
import {
  addComponent,
  addImports,
  addImportsSources,
  addServerHandler,
  addServerImports,
  addServerPlugin,
  addServerTemplate,
  addTypeTemplate,
  createResolver,
  defineNuxtModule,
  findPath,
  tryResolveModule,
} from "@nuxt/kit";
import { COMPONENTS, COMPOSABLES } from "./auto-imports.js";
import { ModuleOptionsError, routePath, routeSettings, type ModuleOptions } from "./runtime/settings.js";

export type { ModuleOptions, ModuleOptionsErrorCode, OwnerSetting, RouteSettings } from "./runtime/settings.js";
export { ModuleOptionsError } from "./runtime/settings.js";
export type { ThreadlineRun } from "./runtime/server/agent-route.js";
export type { ThreadlineOwner } from "./runtime/server/owner.js";
export type { ThreadlineChatOptions } from "./runtime/composables/chat-options.js";

/** What the pages import from Threadline: the composables, the chat and the streamed markdown. */
const PREBUNDLED = ["@threadline/vue", "@threadline/core", "@threadline/core/markdown"];

export default defineNuxtModule<ModuleOptions>({
  // The Nuxt it is tested with (module tests, the app, pack-check's fresh app), from that minor on.
  meta: { name: "@threadline/nuxt", configKey: "threadline", compatibility: { nuxt: "^4.6.0" } },
  async setup(options, nuxt) {
    // Checked now, so a missing owner stops `nuxt dev` and `nuxt build` with the fix in the message.
    const settings = routeSettings(options);
    const route = routePath(options);
    const { resolve } = createResolver(import.meta.url);

    // The server reads its settings from the runtime config, so NUXT_THREADLINE_UPSTREAM (and the
    // other NUXT_THREADLINE_* variables) change them where the app runs. Unset strings stay "", so
    // that a variable has a key to override.
    nuxt.options.runtimeConfig.threadline = {
      owner: options.owner ?? "",
      anonymous: settings.anonymous,
      upstream: settings.upstream,
      runStore: settings.runStore,
      redisKeyPrefix: settings.redisKeyPrefix,
      // As text, "*" or comma-separated, as NUXT_THREADLINE_ORIGINS gives them.
      origins: settings.origins === "*" ? "*" : settings.origins.join(","),
      // Every limit is written out, so that each has a NUXT_THREADLINE_LIMITS_* variable.
      limits: { ...settings.limits },
      runTimeoutMs: settings.runTimeoutMs,
    };
    nuxt.options.runtimeConfig.public.threadline = { route };

    // Pre-bundled by Vite before the first page rather than found on it: otherwise the first visit
    // in development reloads the page once Vite has bundled what the page imports, and a message
    // typed meanwhile is lost.
    const optimizeDeps = (nuxt.options.vite.optimizeDeps ??= {});
    optimizeDeps.include = [...new Set([...(optimizeDeps.include ?? []), ...PREBUNDLED])];

    addImportsSources({ from: "@threadline/vue", imports: [...COMPOSABLES] });
    addImports({ name: "useThreadlineChat", from: resolve("./runtime/composables/useThreadlineChat") });
    for (const name of COMPONENTS) addComponent({ name, export: name, filePath: "@threadline/vue" });

    // An owner file is bundled with the server; its default export answers who is asking.
    const ownerFile = settings.owner?.file;
    const ownerPath = ownerFile === undefined ? undefined : await findPath(ownerFile, { cwd: nuxt.options.rootDir });
    if (ownerFile !== undefined && ownerPath === null) {
      throw new ModuleOptionsError(
        "OWNER_INVALID",
        "threadline.owner",
        `threadline.owner names the file ${JSON.stringify(ownerFile)}, which is not there: write it (export default defineThreadlineOwner((event) => …)), or name a field of event.context ("userId").`,
      );
    }
    addServerTemplate({
      filename: "#threadline/owner",
      getContents: () =>
        ownerFile === undefined || ownerPath == null
          ? "export const ownerFile = undefined;\n"
          : `import owner from ${JSON.stringify(ownerPath)};\nexport const ownerFile = { option: ${JSON.stringify(ownerFile)}, owner };\n`,
    });
    addServerImports([{ name: "defineThreadlineOwner", from: resolve("./runtime/server/owner") }]);

    addServerPlugin(resolve("./runtime/server/plugin"));
    // The handler also answers below its path: `…/connect` (AG-UI connect) and `…/capabilities`.
    for (const path of [route, `${route}/**`]) addServerHandler({ route: path, handler: resolve("./runtime/server/handler") });

    // The Redis client comes from the app's own `redis` package, when it has one: a memory run log
    // needs none, and the server names the package when a Redis URL is set without it.
    const redis = await tryResolveModule("redis", pathToFileURL(`${nuxt.options.rootDir}/`));
    addServerTemplate({
      filename: "#threadline/redis",
      getContents: () => (redis === undefined ? "export const createClient = undefined;\n" : `export { createClient } from ${JSON.stringify(redis)};\n`),
    });
    // `nitroApp.hooks.hook("threadline:run", …)` typed in the app's server code.
    addTypeTemplate({ filename: "types/threadline-hooks.d.ts", getContents: () => `import "${resolve("./runtime/server/hooks")}";\nexport {};\n` }, { nitro: true });
  },
});
