// @vitest-environment node
// Server rendering with svelte/server: the stores subscribe and unsubscribe within render(); the
// runes reads (`chat.messages`, `chat.status`, `text.current`, `call.argsText`) are values read
// once and subscribe nothing at all; the chat a component created is disposed at the end of
// render(), and nothing stays attached.
import { fromEvents, type Message } from "@threadline/core";
import { render } from "svelte/server";
import { afterEach, beforeEach, expect, test } from "vitest";
import ChatApp from "./components/ChatApp.svelte";
import RunesChatApp from "./components/RunesChatApp.svelte";
import RunesChatOwner from "./components/RunesChatOwner.svelte";
import Components from "./components/Components.svelte";
import Weather from "./components/Weather.svelte";
import RestCard from "./components/RestCard.svelte";
import type { UseChatReturn } from "../src/index.js";
import { componentNode } from "./support/component-node.js";
import { Renders } from "./support/renders.js";
import { countSubscriptions, isWatched, watchedSignals } from "./support/watchers.js";

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

const history: Message[] = [
  { id: "u1", role: "user", content: "Weather in Paris?" },
  {
    id: "a1",
    role: "assistant",
    content: "Let me check.",
    toolCalls: [{ id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } }],
  },
  { id: "t1", role: "tool", toolCallId: "c1", content: "21°C" },
  { id: "a2", role: "assistant", content: "It is 21°C in Paris." },
];

test("renders a chat on the server and leaves no live subscription", async () => {
  expect(typeof window).toBe("undefined");
  const renders = new Renders();
  let chat!: UseChatReturn;
  const { body } = await render(ChatApp, {
    props: {
      options: { agent: fromEvents([]), threadId: "t-ssr", messages: history, presence: false },
      renders,
      onchat: (c: UseChatReturn) => (chat = c),
    },
  });
  expect(body).toContain("Weather in Paris?");
  expect(body).toContain("It is 21°C in Paris.");
  expect(body).toContain(`<code data-testid="args-c1">{"city":"Paris"}</code>`);
  expect(body).toMatch(/data-testid="status-c1"[^>]*>succeeded</);
  // Stores were read (subscribed) during render, and all released by its end.
  expect(subscriptions.opened).toBeGreaterThan(0);
  expect(subscriptions.live).toBe(0);
  expect(watchedSignals(chat.chat.thread)).toEqual([]);
  // The component created the chat, so the end of render disposed it: nothing runs.
  expect((await chat.sendMessage("another?")).status).toBe("skipped");
});

test("renders generative components on the server with their props, and releases them", async () => {
  const node = componentNode("w1", "weather", { city: "Oslo", temperature: -3 });
  const { body } = await render(Components, { props: { nodes: [node], components: { weather: Weather } } });
  expect(body).toContain("Oslo");
  expect(body).toContain("-3");
  // Declared props only, on the server too: the careless card's ...rest gets no agent key.
  const careless = componentNode("r1", "card", { label: "Hi", onclick: "alert(1)" });
  const rendered = await render(Components, { props: { nodes: [careless], components: { card: RestCard } } });
  expect(rendered.body).toContain(">Hi</div>");
  expect(rendered.body).not.toContain("onclick");
  expect(isWatched(node.props)).toBe(false);
  expect(isWatched(node.state)).toBe(false);
  expect(subscriptions.live).toBe(0);
});

test("renders a runes chat on the server from values read once: no subscription is ever opened", async () => {
  expect(typeof window).toBe("undefined");
  const renders = new Renders();
  let chat!: UseChatReturn;
  const { body } = await render(RunesChatApp, {
    props: { options: { agent: fromEvents([]), threadId: "t-ssr", messages: history, presence: false }, renders, onchat: (c: UseChatReturn) => (chat = c) },
  });
  expect(body).toContain("Weather in Paris?");
  expect(body).toContain("It is 21°C in Paris.");
  expect(body).toContain(`<code data-testid="args-c1">{"city":"Paris"}</code>`);
  expect(body).toMatch(/data-testid="status-c1"[^>]*>succeeded</);
  expect(body).toMatch(/data-testid="status"[^>]*>idle</);
  expect(body.match(/data-testid="message-/g)).toHaveLength(4);
  // Each expression was evaluated once: the server renders, it does not follow.
  expect(renders.snapshot()).toMatchObject({ list: 1, status: 1, "text:a2": 1, "args:c1": 1, "status:c1": 1 });
  expect(subscriptions.opened).toBe(0);
  expect(watchedSignals(chat.chat.thread)).toEqual([]);
  // The component created the chat, so the end of render disposed it: nothing runs.
  expect((await chat.sendMessage("another?")).status).toBe("skipped");
});

test("every chat field reads on the server", async () => {
  const { body } = await render(RunesChatOwner, {
    props: { options: { agent: fromEvents([]), threadId: "t-ssr-2", messages: history, state: { todos: ["pack"] }, presence: false } },
  });
  expect(body).toContain(`data-status="idle"`);
  expect(body).toContain(`idle 4  {"todos":["pack"]} 0`);
  expect(subscriptions.opened).toBe(0);
});
