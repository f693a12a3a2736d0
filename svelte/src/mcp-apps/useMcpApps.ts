import { ChatClient } from "@threadline/core";
import type { McpAppsOptions } from "@threadline/core/mcp-apps";
import { injectChat } from "../chat-context.js";
import { provideMcpApps, type McpAppsSetup } from "./context.js";

export interface UseMcpAppsOptions extends McpAppsOptions {
  /** The chat an app's messages (`ui/message`) are sent to; default the provided chat. */
  readonly chat?: ChatClient | { readonly chat: ChatClient };
}

/**
 * MCP Apps for every `McpAppActivity` below this component: their requests go through `agent` (the
 * one `@ag-ui/mcp-apps-middleware` sits in front of), their messages to the chat. Call during init.
 */
export function useMcpApps(options: UseMcpAppsOptions): McpAppsSetup {
  const given = options.chat ?? injectChat();
  const setup: McpAppsSetup = { options, chat: given instanceof ChatClient ? given : given.chat };
  provideMcpApps(setup);
  return setup;
}
