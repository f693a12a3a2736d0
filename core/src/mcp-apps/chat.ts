import type { ActivityMessageNode } from "../model/types.js";
import type { AgentSource } from "../transport/source.js";
import { readMcpAppActivity } from "./activity.js";
import { McpAppError } from "./errors.js";
import { McpAppHost, type McpAppHostOptions } from "./host.js";
import { proxiedMcpRequest } from "./proxy.js";

/** What `mcpAppFor` needs of a chat: something to send the app's messages with. */
export interface McpAppChat {
  sendMessage(text: string): Promise<unknown>;
}

export interface McpAppsOptions extends Omit<McpAppHostOptions, "activity" | "request" | "sendMessage"> {
  /** The agent the middleware sits in front of (the chat's): the app's requests go through it. */
  readonly agent: AgentSource;
  /** Sent with the app's requests as the chat sends its own (the same route, the same scenario…). */
  readonly forwardedProps?: Readonly<Record<string, unknown>>;
  /** How long one of the app's requests may take (default 30 s). */
  readonly timeoutMs?: number;
}

/**
 * The host for an `mcp-apps` activity of `chat`'s thread: its requests go through the agent as the
 * middleware expects, its messages are sent as the user's. An activity whose content is not an app
 * gives a host that is `failed` with `MCP_APP_INVALID`.
 */
export function mcpAppFor(message: ActivityMessageNode, chat: McpAppChat | undefined, options: McpAppsOptions): McpAppHost {
  const activity = readMcpAppActivity(message.content.peek());
  if (typeof activity === "string") {
    const host = new McpAppHost({ ...options, activity: { resourceUri: "ui://invalid", result: undefined, toolInput: {} }, request: () => Promise.reject(new McpAppError("MCP_APP_INVALID", activity)) });
    return host;
  }
  const proxy = { agent: options.agent, ...(options.forwardedProps ? { forwardedProps: options.forwardedProps } : {}), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) };
  return new McpAppHost({
    ...options,
    activity,
    request: (method, params) => proxiedMcpRequest(proxy, activity, method, params),
    ...(chat === undefined ? {} : { sendMessage: (text: string) => chat.sendMessage(text) }),
  });
}
