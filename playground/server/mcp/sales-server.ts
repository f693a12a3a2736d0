// A real MCP server (the official @modelcontextprotocol/sdk, Streamable HTTP, stateless) whose
// tool `show_sales_chart` declares a UI resource (the ext-apps server helpers): the MCP App the
// mcp-app scenario shows. `top_months` is the tool the app itself calls.
import type { IncomingMessage, ServerResponse } from "node:http";
import { RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";
import { seededRandom } from "../random.js";
import { salesChartHtml } from "./app-html.js";

export const CHART_TOOL = "show_sales_chart";
export const TOP_TOOL = "top_months";
export const CHART_URI = "ui://sales/chart.html";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"];

/** Made-up but stable figures: the same region always sells the same. */
export function salesFor(region: string): { month: string; sales: number }[] {
  const random = seededRandom(`sales:${region.toLowerCase()}`);
  return MONTHS.map((month) => ({ month, sales: random.int(20, 120) }));
}

function mcpServer(): McpServer {
  const server = new McpServer({ name: "threadline-playground-sales", version: "1.0.0" });
  registerAppTool(
    server,
    CHART_TOOL,
    {
      title: "Sales chart",
      description: "Shows a region's monthly sales as an interactive chart.",
      inputSchema: { region: z.string() },
      _meta: { ui: { resourceUri: CHART_URI } },
    },
    async ({ region }) => {
      const months = salesFor(region);
      return { content: [{ type: "text", text: `Sales in ${region}: ${months.map((m) => `${m.month} ${m.sales}`).join(", ")}` }], structuredContent: { region, months } };
    },
  );
  registerAppTool(
    server,
    TOP_TOOL,
    {
      title: "Top months",
      description: "The best months of a region, best first.",
      inputSchema: { region: z.string(), count: z.number().int().min(1).max(6) },
      _meta: { ui: { resourceUri: CHART_URI, visibility: ["app"] } },
    },
    async ({ region, count }) => {
      const months = salesFor(region).sort((a, b) => b.sales - a.sales).slice(0, count);
      return { content: [{ type: "text", text: months.map((m) => `${m.month} ${m.sales}`).join(", ") }], structuredContent: { region, months, top: true } };
    },
  );
  registerAppResource(server, "Sales chart", CHART_URI, { description: "The sales chart app" }, async () => ({
    contents: [{ uri: CHART_URI, mimeType: RESOURCE_MIME_TYPE, text: salesChartHtml() }],
  }));
  return server;
}

/** POST /mcp: one MCP request, answered by a fresh server and transport (stateless). */
export async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const server = mcpServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
