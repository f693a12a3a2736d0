import { getContext, hasContext, setContext } from "svelte";
import type { McpAppChat, McpAppsOptions } from "@threadline/core/mcp-apps";

/** What `McpAppActivity` hosts its app with: the agent its requests go through, the chat its messages go to. */
export interface McpAppsSetup {
  readonly options: McpAppsOptions;
  readonly chat: McpAppChat | undefined;
}

const MCP_APPS = Symbol("threadline.mcp-apps");

/** Shares how MCP Apps are hosted with every `McpAppActivity` below (during init). */
export function provideMcpApps(setup: McpAppsSetup): void {
  setContext(MCP_APPS, setup);
}

/** What an ancestor provided (during init), if anything. */
export function injectMcpApps(): McpAppsSetup | undefined {
  return hasContext(MCP_APPS) ? getContext<McpAppsSetup>(MCP_APPS) : undefined;
}
