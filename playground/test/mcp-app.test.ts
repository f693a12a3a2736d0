// The MCP App behind the official @ag-ui/mcp-apps-middleware, against the playground's real MCP
// server (@modelcontextprotocol/sdk, Streamable HTTP): the run ends with the `mcp-apps` activity
// (the tool's input and result, the UI resource), and the app's own requests — its HTML, a tool call
// — go through the agent as proxied requests (core's proxiedMcpRequest over HttpAgent).
import { EventType } from "@ag-ui/core";
import { HttpAgent } from "@threadline/core";
import { MCP_APPS_ACTIVITY_TYPE, McpAppError, mcpAppCsp, proxiedMcpRequest, readMcpAppActivity, type McpAppActivity } from "@threadline/core/mcp-apps";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { CHART_TOOL, CHART_URI, salesFor } from "../server/mcp/sales-server.js";
import { makeInput, ofType, runScenario, user } from "./support/http.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

async function appActivity(): Promise<McpAppActivity> {
  const events = await runScenario(server.url, "mcp-app", makeInput({ threadId: "mcp-1", runId: "r1", messages: [user("u1", "Show me the sales in Norway.")] }));
  const [snapshot, ...more] = ofType(events, EventType.ACTIVITY_SNAPSHOT);
  expect(more).toEqual([]);
  expect(snapshot!.activityType).toBe(MCP_APPS_ACTIVITY_TYPE);
  const activity = readMcpAppActivity(snapshot!.content);
  if (typeof activity === "string") throw new Error(activity);
  return activity;
}

test("the middleware runs the UI tool on the MCP server and emits the mcp-apps activity", async () => {
  const events = await runScenario(server.url, "mcp-app", makeInput({ threadId: "mcp-0", runId: "r0", messages: [user("u1", "Show me the sales in Norway.")] }));
  const call = ofType(events, EventType.TOOL_CALL_START)[0]!;
  expect(call.toolCallName).toBe(CHART_TOOL);
  const results = ofType(events, EventType.TOOL_CALL_RESULT);
  expect(results.map((r) => r.toolCallId)).toEqual([call.toolCallId]);
  const activity = await appActivity();
  expect(activity).toMatchObject({ resourceUri: CHART_URI, toolInput: { region: "Norway" }, serverId: "sales", result: { structuredContent: { region: "Norway", months: salesFor("Norway") } } });
  expect(events.at(-1)!.type).toBe(EventType.RUN_FINISHED);
});

test("the app's HTML and its tool calls come back through the agent as proxied requests", async () => {
  const activity = await appActivity();
  const proxy = { agent: new HttpAgent({ url: `${server.url}?scenario=mcp-app&delay=0` }) };
  const read = (await proxiedMcpRequest(proxy, activity, "resources/read", { uri: activity.resourceUri })) as { contents: { uri: string; mimeType: string; text: string }[] };
  expect(read.contents[0]).toMatchObject({ uri: CHART_URI, mimeType: "text/html;profile=mcp-app" });
  // The official App SDK is inlined: the app speaks the protocol with the host's AppBridge.
  expect(read.contents[0]!.text).toContain("const sdk = {");
  expect(read.contents[0]!.text).toContain('"App": ');
  const top = (await proxiedMcpRequest(proxy, activity, "tools/call", { name: "top_months", arguments: { region: "Norway", count: 3 } })) as { structuredContent: { months: { sales: number }[] } };
  expect(top.structuredContent.months.map((m) => m.sales)).toEqual(
    salesFor("Norway")
      .map((m) => m.sales)
      .sort((a, b) => b - a)
      .slice(0, 3),
  );
  // A server the middleware was not configured with is refused, typed.
  const stranger = await proxiedMcpRequest(proxy, { ...activity, serverHash: "nope", serverId: "nope" }, "tools/call", { name: "top_months", arguments: {} }).catch((e: unknown) => e);
  expect(stranger).toBeInstanceOf(McpAppError);
  expect((stranger as McpAppError).code).toBe("MCP_APP_REQUEST_FAILED");
});

test("the sandbox's policy: nothing from the network unless the resource declares it; malformed origins left out", () => {
  expect(mcpAppCsp(undefined)).toContain("connect-src 'none'");
  expect(mcpAppCsp(undefined)).toContain("default-src 'none'");
  const csp = mcpAppCsp({ connectDomains: ["https://api.example.com", "https://x; script-src *"], resourceDomains: ["https://cdn.example.com"] });
  expect(csp).toContain("connect-src https://api.example.com;");
  expect(csp).toContain("script-src 'unsafe-inline' https://cdn.example.com;");
  expect(csp).not.toContain("script-src *");
});
