// @threadline/nuxt: one line in nuxt.config gives the pages Threadline's Vue composables without
// imports and the server an AG-UI route on createAgentHandler — owned, bounded, resumable — in
// front of the agent named in the config.
import { pathToFileURL } from "node:url";
import { addComponent, addImports, addImportsSources, addServerHandler, addServerPlugin, addServerTemplate, addTypeTemplate, createResolver, defineNuxtModule, tryResolveModule } from "@nuxt/kit";
import { COMPONENTS, COMPOSABLES } from "./auto-imports.js";
import { routePath, routeSettings, type ModuleOptions } from "./runtime/settings.js";

export type { ModuleOptions, ModuleOptionsErrorCode, RouteSettings } from "./runtime/settings.js";
export { ModuleOptionsError } from "./runtime/settings.js";
export type { ThreadlineRun } from "./runtime/server/agent-route.js";
export type { ThreadlineChatOptions } from "./runtime/composables/chat-options.js";

export default defineNuxtModule<ModuleOptions>({
  meta: { name: "@threadline/nuxt", configKey: "threadline", compatibility: { nuxt: "^4.0.0" } },
  async setup(options, nuxt) {
    // Checked now, so a missing owner stops `nuxt dev` and `nuxt build` with the fix in the message.
    const settings = routeSettings(options);
    const route = routePath(options);
    const { resolve } = createResolver(import.meta.url);

    // The server reads its settings from the runtime config, so NUXT_THREADLINE_UPSTREAM (and the
    // other NUXT_THREADLINE_* variables) change them where the app runs. Unset strings stay "", so
    // that a variable has a key to override.
    nuxt.options.runtimeConfig.threadline = {
      owner: settings.owner ?? "",
      anonymous: settings.anonymous,
      upstream: settings.upstream,
      runStore: settings.runStore,
      redisKeyPrefix: settings.redisKeyPrefix,
    };
    nuxt.options.runtimeConfig.public.threadline = { route };

    addImportsSources({ from: "@threadline/vue", imports: [...COMPOSABLES] });
    addImports({ name: "useThreadlineChat", from: resolve("./runtime/composables/useThreadlineChat") });
    for (const name of COMPONENTS) addComponent({ name, export: name, filePath: "@threadline/vue" });

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
