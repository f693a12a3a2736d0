// What a Nuxt app's generated types (.nuxt/) give its files without an import, for the docs' Nuxt
// blocks (nuxt.config.ts, server/…, app/…): Nuxt's and Nitro's auto-imports that the blocks use,
// and what @threadline/nuxt adds — its own composable and hook, and @threadline/vue's names.
import type { NuxtConfig } from "nuxt/schema";
import type { Message } from "@threadline/core";
import type { ModuleOptions } from "@threadline/nuxt";
import "../../nuxt/src/runtime/server/hooks.js";

type Vue = typeof import("vue");
type ThreadlineVue = typeof import("@threadline/vue");

declare global {
  // nuxt.config.ts, with the module's key as `nuxi prepare` types it
  function defineNuxtConfig(config: NuxtConfig & { threadline?: ModuleOptions }): NuxtConfig;
  // Vue's, in components
  const ref: Vue["ref"];
  const computed: Vue["computed"];
  // @threadline/nuxt's and @threadline/vue's, in components
  const useThreadlineChat: typeof import("../../nuxt/src/runtime/composables/useThreadlineChat.js").useThreadlineChat;
  const useChat: ThreadlineVue["useChat"];
  const provideChat: ThreadlineVue["provideChat"];
  const injectChat: ThreadlineVue["injectChat"];
  const useToolCall: ThreadlineVue["useToolCall"];
  const useSignal: ThreadlineVue["useSignal"];
  // Nitro's and h3's, in server/
  const defineEventHandler: typeof import("h3").defineEventHandler;
  const getCookie: typeof import("h3").getCookie;
  const setCookie: typeof import("h3").setCookie;
  const getRequestProtocol: typeof import("h3").getRequestProtocol;
  const defineNitroPlugin: typeof import("nitropack/runtime").defineNitroPlugin;
  // @threadline/nuxt's, in server/
  const defineThreadlineOwner: typeof import("../../nuxt/src/runtime/server/owner.js").defineThreadlineOwner;
  // the reader's own (server/utils/, auto-imported)
  function getUserSession(event: import("h3").H3Event): Promise<{ user?: { id: string } }>;
  function saveThread(owner: string, threadId: string, messages: readonly Message[], state: unknown): Promise<void>;
}

declare module "vue" {
  interface GlobalComponents {
    StreamingText: ThreadlineVue["StreamingText"];
    StreamingMarkdown: ThreadlineVue["StreamingMarkdown"];
    ThreadComponent: ThreadlineVue["ThreadComponent"];
  }
}
