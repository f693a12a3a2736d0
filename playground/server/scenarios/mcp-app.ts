// An MCP App behind the official @ag-ui/mcp-apps-middleware: the middleware finds the playground's
// MCP server (/mcp, a real @modelcontextprotocol/sdk server) and its UI tool `show_sales_chart`; the
// script calls it as a model would; at the end of the run the middleware runs the call on the MCP
// server and emits the `mcp-apps` activity the app renders from. The app's own requests (its HTML,
// its `top_months` calls) come back as proxied requests the middleware answers; a message the app
// sends is an ordinary user message, answered here.
import { MCPAppsMiddleware } from "@ag-ui/mcp-apps-middleware";
import type { RunAgentInput } from "@ag-ui/core";
import { lastUserText } from "../conversation.js";
import { RunIds, runFinished, runStarted, textMessage, toolCall } from "../events.js";
import { CHART_TOOL, salesFor } from "../mcp/sales-server.js";
import type { Scenario, Step } from "../scenario.js";

/** "sales in Norway" → "Norway"; Europe when the message names no place. */
export function regionFrom(text: string): string {
  return /\b(?:in|for)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/u.exec(text)?.[1] ?? "Europe";
}

function* showChart(input: RunAgentInput): Generator<Step> {
  const ids = new RunIds(input.runId);
  const messageId = ids.next("msg");
  const region = regionFrom(lastUserText(input));
  yield runStarted(input);
  yield* textMessage(messageId, `Here are the sales for ${region}; the chart is interactive.`);
  yield* toolCall(ids.next("tool"), CHART_TOOL, { region }, messageId);
  yield runFinished(input);
}

function* answerQuestion(input: RunAgentInput, region: string): Generator<Step> {
  const ids = new RunIds(input.runId);
  const best = salesFor(region).reduce((a, b) => (b.sales > a.sales ? b : a));
  yield runStarted(input);
  yield* textMessage(ids.next("msg"), `The best month in ${region} was ${best.month}, with ${best.sales} sales.`);
  yield runFinished(input);
}

export const mcpApp: Scenario = {
  name: "mcp-app",
  title: "MCP App",
  description:
    "A real MCP server's UI tool, through @ag-ui/mcp-apps-middleware: an interactive sales chart in a sandboxed frame, whose buttons call a tool (after your approval) and ask the agent.",
  prompt: "Show me the sales in Norway.",
  variants: [],
  run(input) {
    const asked = /^Which month was best in (.+)\?$/.exec(lastUserText(input));
    return asked !== null ? answerQuestion(input, asked[1]!) : showChart(input);
  },
  middleware: (context) => new MCPAppsMiddleware({ mcpServers: [{ type: "http", url: `${context.origin}/mcp`, serverId: "sales" }] }),
};
