// The MCP App renderer (@threadline/svelte/mcp-apps) in jsdom: the app's HTML read through the
// agent as a proxied request, put in a frame sandboxed without allow-same-origin under the
// resource's CSP, a failure shown as an alert, and the frame gone when the component is.
import { render, screen } from "@testing-library/svelte";
import { createThread } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import type { ActivityMessageNode } from "@threadline/core/model";
import { expect, test, vi } from "vitest";
import { APP_HTML, CHART_CONTENT, appMessage, proxyAgent, resourceAnswer } from "../../core/test/mcp-apps/fixtures.js";
import McpHost from "./mcp-apps/McpHost.svelte";

function activity(content: object): ActivityMessageNode {
  const thread = createThread();
  foldEvent(thread, appMessage(content) as never);
  return thread.messages.value[0] as ActivityMessageNode;
}

test("reads the app through the agent and runs it sandboxed under its CSP; unmounting removes it", async () => {
  const seen: { method: string; params: Record<string, unknown> }[] = [];
  const { container, unmount } = render(McpHost, { message: activity(CHART_CONTENT), agent: proxyAgent(resourceAnswer, seen) });
  expect(screen.getByRole("status").textContent).toBe("Loading the app…");
  const frame = await vi.waitFor(() => {
    const found = container.querySelector("iframe");
    if (found === null || !found.srcdoc) throw new Error("no frame yet");
    return found;
  });
  expect(seen).toEqual([{ serverHash: "h", serverId: "sales", method: "resources/read", params: { uri: "ui://sales/chart.html" } }]);
  expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms");
  expect(frame.srcdoc.startsWith('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';')).toBe(true);
  expect(frame.srcdoc).toContain("connect-src https://api.example.com;");
  expect(frame.srcdoc.endsWith(APP_HTML)).toBe(true);
  unmount();
  await vi.waitFor(() => expect(container.querySelector("iframe")).toBeNull());
});

test("an app whose resource cannot be read is an alert naming why, not a crash", async () => {
  render(McpHost, { message: activity({ ...CHART_CONTENT, resourceUri: "ui://sales/missing.html" }), agent: proxyAgent(() => ({ error: "Unknown server: sales" })) });
  expect((await screen.findByRole("alert")).textContent).toContain("Unknown server: sales");
});

test("content that is not an app fails as MCP_APP_INVALID", async () => {
  render(McpHost, { message: activity({ resourceUri: "https://evil.example/app.html" }), agent: proxyAgent(resourceAnswer) });
  expect((await screen.findByRole("alert")).textContent).toContain("could not be shown");
});
