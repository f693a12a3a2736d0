import { DEV } from "esm-env";

/**
 * The `mcp-apps` activity `@ag-ui/mcp-apps-middleware` emits after it ran a tool whose MCP
 * definition declares a UI resource: which app to show (`resourceUri`, on the server named by
 * `serverHash` / `serverId`), and the tool's input and result to hand it.
 */

export const MCP_APPS_ACTIVITY_TYPE = "mcp-apps";

export interface McpAppActivity {
  /** The `ui://` resource holding the app's HTML. */
  readonly resourceUri: string;
  /** The tool's MCP result (`CallToolResult`), handed to the app. */
  readonly result: unknown;
  /** The tool's arguments, handed to the app. */
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** Which configured MCP server the middleware used (for its proxied requests). */
  readonly serverHash?: string;
  readonly serverId?: string;
}

/** The activity's content checked, or why it cannot be shown ("" in a production build). */
export function readMcpAppActivity(content: unknown): McpAppActivity | string {
  if (typeof content !== "object" || content === null || Array.isArray(content)) return DEV ? "the content is not an object" : "";
  const record = content as Record<string, unknown>;
  const uri = record["resourceUri"];
  if (typeof uri !== "string" || !uri.startsWith("ui://") || uri.length > 2048) return DEV ? "resourceUri is not a ui:// URI" : "";
  const input = record["toolInput"];
  const serverHash = record["serverHash"];
  const serverId = record["serverId"];
  return {
    resourceUri: uri,
    result: record["result"],
    toolInput: typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {},
    ...(typeof serverHash === "string" ? { serverHash } : {}),
    ...(typeof serverId === "string" ? { serverId } : {}),
  };
}
