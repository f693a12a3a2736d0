// `partialArgs` through the Svelte binding: a component that shows a call's arguments while they
// stream gets them when the chat has `partialArgs: partialArgsParser()`, and nothing until
// TOOL_CALL_END without it. Real server (node:http, @ag-ui/encoder), real components.
import { render, screen } from "@testing-library/svelte";
import { HttpAgent, partialArgsParser, type ChatClientOptions } from "@threadline/core";
import { flushSync } from "svelte";
import { afterEach, expect, test, vi } from "vitest";
import PartialArgsApp from "./components/PartialArgsApp.svelte";
import type { UseChatReturn } from "../src/index.js";
import { agentServer, type AgentServer } from "./support/agent-server.js";

let server: AgentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server streaming one tool call in two deltas; the second waits for `next()`. */
async function serve(): Promise<{ url: string; next: () => void }> {
  let next!: () => void;
  const second = new Promise<void>((resolve) => (next = resolve));
  server = await agentServer(async ({ input, send }) => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "weather", parentMessageId: "a1" });
    await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"city":"Par' });
    await second;
    await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: 'is"}' });
    await send({ type: "TOOL_CALL_END", toolCallId: "tc" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  });
  return { url: server.url, next };
}

async function shown(text: string): Promise<void> {
  await vi.waitFor(() => {
    flushSync();
    expect(screen.getByTestId("partial-tc").textContent).toBe(text);
  }, { interval: 2, timeout: 5_000 });
}

function mount(url: string, extra: Partial<ChatClientOptions>): UseChatReturn {
  let chat!: UseChatReturn;
  render(PartialArgsApp, {
    options: { agent: new HttpAgent({ url }), threadId: "t-partial", presence: false, ...extra },
    onchat: (c: UseChatReturn) => (chat = c),
  });
  return chat;
}

test("with partialArgs: partialArgsParser(), the arguments show while they stream", async () => {
  const { url, next } = await serve();
  const chat = mount(url, { partialArgs: partialArgsParser() });
  const turn = chat.sendMessage("weather?");
  await shown('{"city":"Par"}');
  expect(screen.getByTestId("partial-tc").dataset.status).toBe("streaming");
  next();
  await turn;
  await shown('{"city":"Paris"}');
});

test("without it, nothing shows while they stream, then the whole arguments at TOOL_CALL_END", async () => {
  const { url, next } = await serve();
  const chat = mount(url, {});
  const turn = chat.sendMessage("weather?");
  await vi.waitFor(() => {
    flushSync();
    expect(screen.getByTestId("partial-tc").dataset.status).toBe("streaming");
  });
  expect(screen.getByTestId("partial-tc").textContent).toBe("none");
  next();
  await turn;
  await shown('{"city":"Paris"}');
});
