// The chat components against a real AG-UI server: node:http on 127.0.0.1, events encoded by
// @ag-ui/encoder (SSE, and protobuf when asked), fetched by Threadline's HttpAgent.
import { render, screen } from "@testing-library/svelte";
import { HttpAgent } from "@threadline/core";
import { flushSync } from "svelte";
import { get } from "svelte/store";
import { afterEach, expect, test, vi } from "vitest";
import ChatApp from "./components/ChatApp.svelte";
import { useChat, type UseChatReturn } from "../src/index.js";
import { agentServer, type AgentServer } from "./support/agent-server.js";
import { Renders } from "./support/renders.js";
import { countSubscriptions, watchedSignals } from "./support/watchers.js";

let server: AgentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

function mount(url: string, protobuf = false) {
  const renders = new Renders();
  let chat!: UseChatReturn;
  const view = render(ChatApp, {
    options: { agent: new HttpAgent({ url, protobuf }), threadId: "t-http", presence: false, onWarning: () => {} },
    renders,
    onchat: (c: UseChatReturn) => (chat = c),
  });
  return { ...view, renders, chat };
}

for (const protobuf of [false, true]) {
  test(`renders an answer streamed by a real server (${protobuf ? "protobuf" : "SSE"}), token by token`, async () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i} `);
    server = await agentServer(async ({ input, send }) => {
      await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
      await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
      for (const word of words) {
        await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: word });
        await pause();
      }
      await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
      await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    });
    const { chat, renders } = mount(server.url, protobuf);
    const seen = new Set<string>();
    const turn = chat.sendMessage("Tell me forty words");
    // Sample the DOM while it streams: the text grows in place.
    await vi.waitFor(() => {
      flushSync();
      const node = screen.queryByTestId("text-a1");
      if (node?.textContent) seen.add(node.textContent);
      expect(node?.textContent).toBe(words.join(""));
    }, { interval: 2, timeout: 10_000 });
    expect((await turn).status).toBe("idle");
    flushSync();

    // Partial texts were on screen on the way: each a prefix of the answer.
    expect(seen.size).toBeGreaterThan(1);
    for (const partial of seen) expect(words.join("").startsWith(partial)).toBe(true);
    expect(screen.getByTestId("status").textContent).toBe("idle");
    expect(screen.getByTestId("messages").children).toHaveLength(2);
    expect(server.inputs[0]?.messages).toEqual([expect.objectContaining({ role: "user", content: "Tell me forty words" })]);
    // One list update per new message (user, then assistant) at most; the text re-rendered per
    // batch of tokens Svelte saw, never more than once per token.
    expect(renders.count("list")).toBeLessThanOrEqual(3);
    expect(renders.count("text:a1")).toBeGreaterThan(1);
    expect(renders.count("text:a1")).toBeLessThanOrEqual(words.length + 1);
    expect(get(chat.thread).status).toBe("idle");
  });
}

test("unmounting mid-stream closes the HTTP request and releases every subscription", async () => {
  let gone!: Promise<void>;
  let reachedMiddle!: () => void;
  const middle = new Promise<void>((resolve) => (reachedMiddle = resolve));
  server = await agentServer(async ({ input, send, clientGone }) => {
    gone = clientGone;
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "half an ans" });
    reachedMiddle();
    await clientGone;
  });
  const subscriptions = countSubscriptions();
  try {
    const { chat, unmount } = mount(server.url);
    const turn = chat.sendMessage("Hi");
    await middle;
    await vi.waitFor(() => {
      flushSync();
      expect(screen.getByTestId("text-a1").textContent).toBe("half an ans");
    }, { timeout: 10_000 });
    expect(subscriptions.live).toBeGreaterThan(0);

    unmount();
    await gone; // the server saw the client hang up
    expect((await turn).status).toBe("cancelled");
    expect(subscriptions.live).toBe(0);
    expect(watchedSignals(chat.chat.thread)).toEqual([]);
    expect(chat.chat.thread.toMessages().at(-1)).toMatchObject({ id: "a1", content: "half an ans" });
  } finally {
    subscriptions.restore();
  }
});

test("setState: $state follows at once, and the next request to the real server carries the edit", async () => {
  server = await agentServer(async ({ input, send }) => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  });
  const chat = useChat({ agent: new HttpAgent({ url: server.url }), threadId: "t-state", state: { todos: ["pack"] }, presence: false, onWarning: () => {} });
  try {
    const seen: unknown[] = [];
    const unsubscribe = chat.stores.state.subscribe((value) => seen.push(value));
    chat.setState({ todos: ["pack", "water the plants"] });
    expect(seen).toEqual([{ todos: ["pack"] }, { todos: ["pack", "water the plants"] }]);
    unsubscribe();

    expect((await chat.sendMessage("go")).status).toBe("idle");
    expect(server.inputs[0]?.state).toEqual({ todos: ["pack", "water the plants"] });
  } finally {
    chat.dispose();
  }
});
