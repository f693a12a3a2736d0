// Capability discovery starts on first read: a component that calls useChat but never subscribes
// to `capabilities` sends no discovery request, even after a whole turn; subscribing asks once.
// A real AG-UI server on 127.0.0.1 answers the run and GET <url>/capabilities.
import { render, screen } from "@testing-library/svelte";
import { HttpAgent } from "@threadline/core";
import { flushSync } from "svelte";
import { get } from "svelte/store";
import { afterEach, expect, test, vi } from "vitest";
import ChatApp from "./components/ChatApp.svelte";
import RunReport from "./components/RunReport.svelte";
import type { UseChatReturn } from "../src/index.js";
import { agentServer, type AgentServer } from "./support/agent-server.js";
import { Renders } from "./support/renders.js";
import { countSubscriptions } from "./support/watchers.js";

const DOCUMENT = { multimodal: { input: { image: true } } };

let server: AgentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** One assistant message per run. */
function answering(): Promise<AgentServer> {
  return agentServer(async ({ input, send }) => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Hello" });
    await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  }, DOCUMENT);
}

function options(url: string) {
  return { agent: new HttpAgent({ url, capabilities: "discover" }), threadId: "t-caps", presence: false as const, onWarning: () => {} };
}

test("useChat without a subscriber to capabilities asks nothing, through a whole turn; the first subscriber asks once", async () => {
  server = await answering();
  let chat!: UseChatReturn;
  render(ChatApp, { options: options(server.url), renders: new Renders(), onchat: (c: UseChatReturn) => (chat = c) });

  expect(await chat.sendMessage("Hi")).toEqual({ status: "idle" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(server.inputs).toHaveLength(1);
  expect(server.gets).toEqual([]);

  expect(chat.capabilities).toBeUndefined();
  await vi.waitFor(() => expect(chat.capabilities).toEqual(DOCUMENT), { timeout: 5_000 });
  expect(server.gets).toEqual(["/agent/capabilities"]);
});

test("a component showing $capabilities asks once and renders the answer; its subscription ends with the component", async () => {
  server = await answering();
  const subscriptions = countSubscriptions();
  try {
    const view = render(RunReport, { options: options(server.url) });
    expect(screen.getByTestId("capabilities").textContent).toBe("unknown");
    await vi.waitFor(() => {
      flushSync();
      expect(screen.getByTestId("capabilities").textContent).toBe(JSON.stringify(DOCUMENT));
    }, { timeout: 5_000 });
    expect(server.gets).toEqual(["/agent/capabilities"]);
    expect(subscriptions.live).toBeGreaterThan(0);
    view.unmount();
    expect(subscriptions.live).toBe(0);
  } finally {
    subscriptions.restore();
  }
});
