// Agents for the MCP App renderer tests: each answers a proxied MCP request as
// @ag-ui/mcp-apps-middleware does (RUN_STARTED, then RUN_FINISHED whose `result` is the answer).
import type { AgentSource, RunAgentInput } from "@threadline/core";
import { fromEvents } from "@threadline/core";

export const APP_HTML = "<!doctype html><html><body><p>hello from the app</p></body></html>";

/** Answers `resources/read` with `html` (and records every proxied request). */
export function proxyAgent(answer: (method: string, params: Record<string, unknown>) => unknown, seen: { method: string; params: Record<string, unknown> }[] = []): AgentSource {
  return {
    run(input: RunAgentInput, sink) {
      const request = (input.forwardedProps as { __proxiedMCPRequest: { method: string; params: Record<string, unknown> } }).__proxiedMCPRequest;
      seen.push(request);
      return fromEvents([
        { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
        { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, result: answer(request.method, request.params) },
      ]).run(input, sink);
    },
  };
}

export const appMessage = (content: object) => ({ type: "ACTIVITY_SNAPSHOT", messageId: "app-1", activityType: "mcp-apps", content });

export const CHART_CONTENT = {
  resourceUri: "ui://sales/chart.html",
  toolInput: { region: "Norway" },
  result: { content: [{ type: "text", text: "ok" }], structuredContent: { region: "Norway" } },
  serverHash: "h",
  serverId: "sales",
};

export function resourceAnswer(method: string): unknown {
  if (method === "resources/read") return { contents: [{ uri: CHART_CONTENT.resourceUri, mimeType: "text/html;profile=mcp-app", text: APP_HTML, _meta: { ui: { csp: { connectDomains: ["https://api.example.com"] } } } }] };
  return { error: "not here" };
}
