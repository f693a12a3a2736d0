// @threadline/core/mcp-apps: MCP Apps carried by AG-UI `mcp-apps` activities (from
// @ag-ui/mcp-apps-middleware), hosted with the official @modelcontextprotocol/ext-apps AppBridge
// in a sandboxed iframe. Needs the optional peers @modelcontextprotocol/ext-apps and
// @modelcontextprotocol/sdk, loaded when the first app mounts.
export { MCP_APPS_ACTIVITY_TYPE, readMcpAppActivity } from "./activity.js";
export type { McpAppActivity } from "./activity.js";
export { McpAppHost } from "./host.js";
export type { McpAppApproval, McpAppHostOptions, McpAppStatus, McpAppToolCall } from "./host.js";
export { proxiedMcpRequest } from "./proxy.js";
export type { McpProxiedMethod, McpProxyOptions } from "./proxy.js";
export { mcpAppFor } from "./chat.js";
export type { McpAppChat, McpAppsOptions } from "./chat.js";
export { MCP_APP_SANDBOX, mcpAppCsp, mcpAppDocument } from "./csp.js";
export type { McpAppCsp } from "./csp.js";
export { McpAppError } from "./errors.js";
export type { McpAppErrorCode } from "./errors.js";
