// @threadline/vue/mcp-apps: MCP Apps (`mcp-apps` activities from @ag-ui/mcp-apps-middleware)
// over @threadline/core/mcp-apps. The same names as @threadline/svelte/mcp-apps.
export { useMcpApps } from "./useMcpApps.js";
export type { UseMcpAppsOptions } from "./useMcpApps.js";
export { provideMcpApps, injectMcpApps } from "./context.js";
export type { McpAppsSetup } from "./context.js";
export { McpAppActivity } from "./McpAppActivity.js";
