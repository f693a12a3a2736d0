import { toRaw, type Ref } from "vue";
import { ChatClient } from "@threadline/core";
import type { McpAppChat, McpAppsOptions } from "@threadline/core/mcp-apps";
import { injectChat } from "../chat-context.js";
import { provideMcpApps, type McpAppsSetup } from "./context.js";

export interface UseMcpAppsOptions extends McpAppsOptions {
  /**
   * The chat an app's messages (`ui/message`) are sent to: a client, or what `useChat` returns (the
   * client current when the message is sent). Default the provided chat.
   */
  readonly chat?: ChatClient | { readonly chat: ChatClient | Readonly<Ref<ChatClient>> };
}

/**
 * MCP Apps for every `McpAppActivity` below this component: their requests go through `agent` (the
 * one `@ag-ui/mcp-apps-middleware` sits in front of), their messages to the chat. Call in setup.
 */
export function useMcpApps(options: UseMcpAppsOptions): McpAppsSetup {
  const given = toRaw(options.chat ?? (injectChat() as unknown as NonNullable<UseMcpAppsOptions["chat"]>));
  const current = (): ChatClient => {
    if (given instanceof ChatClient) return given;
    const chat = toRaw(given.chat);
    return chat instanceof ChatClient ? chat : toRaw(chat.value);
  };
  const chat: McpAppChat = { sendMessage: (text) => current().sendMessage(text) };
  const setup: McpAppsSetup = { options, chat };
  provideMcpApps(setup);
  return setup;
}
