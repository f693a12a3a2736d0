// A long thread: streaming into the newest message visits no list item per token, and a burst
// of deltas in one task costs one text update once Svelte flushes.
import { render, screen } from "@testing-library/svelte";
import type { Message } from "@threadline/core";
import { flushSync } from "svelte";
import { expect, test } from "vitest";
import ChatApp from "./components/ChatApp.svelte";
import type { UseChatReturn } from "../src/index.js";
import { Renders } from "./support/renders.js";
import { scriptedAgent, text } from "./support/scripted-agent.js";

test("2,000 tokens after 1,000 earlier messages: only the new message's text re-renders", async () => {
  const history: Message[] = Array.from({ length: 1000 }, (_, i) =>
    i % 2 === 0 ? { id: `m${i}`, role: "user", content: `question ${i}` } : { id: `m${i}`, role: "assistant", content: `answer ${i}` },
  );
  const agent = scriptedAgent();
  const renders = new Renders();
  let chat!: UseChatReturn;
  render(ChatApp, {
    options: { agent, threadId: "t-long", messages: history, presence: false, onWarning: () => {} },
    renders,
    onchat: (c: UseChatReturn) => (chat = c),
  });
  expect(screen.getByTestId("messages").children).toHaveLength(1000);
  void chat.sendMessage("one more");
  const run = await agent.nextRun();
  run.started();
  run.push(text.start("new"));
  flushSync();
  const before = renders.snapshot();

  const started = performance.now();
  for (let i = 0; i < 2000; i++) {
    run.push(text.delta("new", "x"));
    flushSync();
  }
  const perToken = (performance.now() - started) / 2000;
  const moved = Object.entries(renders.snapshot()).filter(([key, count]) => count !== (before[key] ?? 0));
  expect(moved).toEqual([["text:new", (before["text:new"] ?? 0) + 2000]]);
  expect(screen.getByTestId("text-new").textContent).toHaveLength(2000);

  // A burst: 2,000 deltas in one task, then one flush → one text update.
  const burstStart = performance.now();
  run.push(...Array.from({ length: 2000 }, () => text.delta("new", "y")));
  flushSync();
  const burst = performance.now() - burstStart;
  expect(renders.count("text:new")).toBe((before["text:new"] ?? 0) + 2001);
  expect(screen.getByTestId("text-new").textContent).toHaveLength(4000);
  console.info(`jsdom: ${(perToken * 1000).toFixed(0)} µs per token (push + flushSync), burst of 2,000 deltas ${burst.toFixed(1)} ms`);
  chat.stop();
});
