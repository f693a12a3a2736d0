// `partialArgs` through the Vue binding: a component that shows a call's arguments while they
// stream gets them when the chat has `partialArgs: partialArgsParser()`, and nothing until
// TOOL_CALL_END without it. Real server (node:http, @ag-ui/encoder), real components.
import { HttpAgent, partialArgsParser, type ChatClientOptions } from "@threadline/core";
import { cleanup, render, screen, waitFor } from "@testing-library/vue";
import { afterEach, expect, test } from "vitest";
import type { UseChatReturn } from "../src/index.js";
import PartialArgsView from "./PartialArgsView.vue";
import { agentServer, type AgentServer } from "./support/server.js";

let server: AgentServer | undefined;
afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

/** A server streaming one tool call in two deltas; the second waits for `next()`. */
async function serve(): Promise<{ url: string; next: () => void }> {
  let next!: () => void;
  const second = new Promise<void>((resolve) => (next = resolve));
  server = await agentServer(async ({ input, send, end }) => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "weather", parentMessageId: "a1" });
    await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"city":"Par' });
    await second;
    await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: 'is"}' });
    await send({ type: "TOOL_CALL_END", toolCallId: "tc" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  });
  return { url: server.url, next };
}

function mount(url: string, extra: Partial<ChatClientOptions>): UseChatReturn {
  let chat!: UseChatReturn;
  render(PartialArgsView, {
    props: {
      options: { agent: new HttpAgent({ url }), threadId: "t-partial", presence: false, ...extra },
      onchat: (c: UseChatReturn) => (chat = c),
    },
  });
  return chat;
}

const call = () => screen.getByTestId("partial-tc");

test("with partialArgs: partialArgsParser(), the arguments show while they stream", async () => {
  const { url, next } = await serve();
  const chat = mount(url, { partialArgs: partialArgsParser() });
  const turn = chat.sendMessage("weather?");
  await waitFor(() => expect(call().textContent).toBe('{"city":"Par"}'));
  expect(call().dataset.status).toBe("streaming");
  next();
  await turn;
  await waitFor(() => expect(call().textContent).toBe('{"city":"Paris"}'));
});

test("without it, nothing shows while they stream, then the whole arguments at TOOL_CALL_END", async () => {
  const { url, next } = await serve();
  const chat = mount(url, {});
  const turn = chat.sendMessage("weather?");
  await waitFor(() => expect(call().dataset.status).toBe("streaming"));
  expect(call().textContent).toBe("none");
  next();
  await turn;
  await waitFor(() => expect(call().textContent).toBe('{"city":"Paris"}'));
});
