import { DEV } from "esm-env";
import type { RunAgentInput } from "../protocol/events.js";
import type { AgentSource } from "../transport/source.js";
import type { McpAppActivity } from "./activity.js";
import { McpAppError } from "./errors.js";

/** The MCP methods `@ag-ui/mcp-apps-middleware` proxies for an app. */
export type McpProxiedMethod = "tools/call" | "resources/read";

export interface McpProxyOptions {
  /** The agent the middleware sits in front of (the chat's). */
  readonly agent: AgentSource;
  /** Sent with every proxied request (what the chat sends: the playground's scenario, say). */
  readonly forwardedProps?: Readonly<Record<string, unknown>>;
  /** How long one request may take (default 30 s). */
  readonly timeoutMs?: number;
}

let requests = 0;

/**
 * One MCP request an app needs (read its resource, call a tool), sent the way
 * `@ag-ui/mcp-apps-middleware` takes it: a run of its own, outside the conversation, whose
 * `forwardedProps.__proxiedMCPRequest` names the server and the method; the answer is that run's
 * RUN_FINISHED `result`. The middleware allows only tools/call, resources/read, ping and
 * notifications/message, on the servers it was configured with.
 */
export async function proxiedMcpRequest(options: McpProxyOptions, app: McpAppActivity, method: McpProxiedMethod, params: Readonly<Record<string, unknown>>): Promise<unknown> {
  const id = `mcp-app-${Date.now().toString(36)}-${(++requests).toString(36)}`;
  const input: RunAgentInput = {
    threadId: id,
    runId: id,
    messages: [],
    tools: [],
    context: [],
    state: {},
    forwardedProps: { ...options.forwardedProps, __proxiedMCPRequest: { serverHash: app.serverHash ?? "", ...(app.serverId === undefined ? {} : { serverId: app.serverId }), method, params } },
  };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 30_000);
  let result: unknown;
  let finished = false;
  try {
    await options.agent.run(input, {
      signal: abort.signal,
      onEvent(event) {
        const e = event as { type?: unknown; result?: unknown };
        if (e.type === "RUN_FINISHED") {
          finished = true;
          result = e.result;
        }
      },
    });
  } catch (error) {
    throw new McpAppError("MCP_APP_REQUEST_FAILED", DEV ? `${method} for ${app.resourceUri} failed: ${error instanceof Error ? error.message : String(error)}` : "", { cause: error, where: method });
  } finally {
    clearTimeout(timer);
  }
  if (!finished) throw new McpAppError("MCP_APP_REQUEST_FAILED", DEV ? `${method} for ${app.resourceUri}: the run ended without an answer${abort.signal.aborted ? " (timed out)" : ""}.` : "", { where: method });
  if (typeof result === "object" && result !== null && "error" in result && Object.keys(result).length === 1) {
    throw new McpAppError("MCP_APP_REQUEST_FAILED", DEV ? `${method} for ${app.resourceUri}: ${String((result as { error: unknown }).error)}` : "", { where: method });
  }
  return result;
}
