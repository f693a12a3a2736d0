// `useChat` talking to the module's route: the page needs neither the route's path nor an agent.
import { HttpAgent, type ChatClientOptions } from "@threadline/core";
import { useChat, type UseChatReturn } from "@threadline/vue";
import { isRef, toValue, type MaybeRefOrGetter } from "vue";
import { useRuntimeConfig } from "#app";
import type { ThreadlineChatOptions } from "./chat-options.js";

/**
 * A chat on the module's agent route (`threadline.route`), resumable: a dropped connection
 * carries on where it was, and `followRuns()` finds the thread's run after a reload. Everything
 * else is `useChat` from `@threadline/vue`: the same refs and methods, the same options (a ref or
 * getter re-keys the chat when its thread id changes), safe to call while rendering on the server.
 */
export function useThreadlineChat(options: MaybeRefOrGetter<ThreadlineChatOptions> = {}): UseChatReturn {
  const agent = new HttpAgent({ url: routeOf(useRuntimeConfig().public), resumable: true });
  const withAgent = (given: ThreadlineChatOptions): ChatClientOptions => ({ ...given, agent: given.agent ?? agent });
  return useChat(isRef(options) || typeof options === "function" ? () => withAgent(toValue(options)) : withAgent(options));
}

function routeOf(config: Record<string, unknown>): string {
  const route = (config["threadline"] as { route?: unknown } | undefined)?.route;
  if (typeof route !== "string") throw new Error("[threadline] useThreadlineChat() found no threadline.route in the public runtime config: is @threadline/nuxt in the modules of nuxt.config?");
  return route;
}
