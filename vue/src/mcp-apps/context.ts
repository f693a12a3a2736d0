import { inject, provide, toRaw, type InjectionKey } from "vue";
import type { McpAppChat, McpAppsOptions } from "@threadline/core/mcp-apps";

/** What `McpAppActivity` hosts its app with: the agent its requests go through, the chat its messages go to. */
export interface McpAppsSetup {
  readonly options: McpAppsOptions;
  readonly chat: McpAppChat | undefined;
}

const MCP_APPS: InjectionKey<McpAppsSetup> = Symbol("threadline.mcp-apps");

/** Shares how MCP Apps are hosted with every `McpAppActivity` below (in setup). */
export function provideMcpApps(setup: McpAppsSetup): void {
  provide(MCP_APPS, toRaw(setup));
}

/** What an ancestor provided (in setup), if anything. */
export function injectMcpApps(): McpAppsSetup | undefined {
  return inject(MCP_APPS, undefined);
}
