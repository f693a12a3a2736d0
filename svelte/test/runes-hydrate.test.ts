// Server render, then hydration, of the runes chat: the HTML comes from the server build of the
// same components (Vite's SSR loader, as SvelteKit renders them), the browser build hydrates it
// with a chat holding the same history. Hydration adopts the server's elements (no item is
// redrawn) and then follows the chat: a token re-renders that message's text alone.
import { type Message } from "@threadline/core";
import { flushSync, hydrate, unmount } from "svelte";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import RunesChatApp from "./components/RunesChatApp.svelte";
import type { UseChatReturn } from "../src/index.js";
import { Renders } from "./support/renders.js";
import { ssrVite } from "./support/ssr-vite.js";
import { scriptedAgent, text } from "./support/scripted-agent.js";


let vite: ViteDevServer;
beforeAll(async () => {
  vite = await ssrVite();
});
afterAll(() => vite?.close());

const history: Message[] = [
  { id: "u1", role: "user", content: "Hi" },
  { id: "a1", role: "assistant", content: "Hello there." },
  { id: "u2", role: "user", content: "Weather?" },
  { id: "a2", role: "assistant", content: "Sunny." },
];

test("hydration adopts the server-rendered list and then follows the chat", async () => {
  const server = (await vite.ssrLoadModule("svelte/server")) as typeof import("svelte/server");
  const ServerApp = ((await vite.ssrLoadModule("/test/components/RunesChatApp.svelte")) as { default: typeof RunesChatApp }).default;
  const { body } = await server.render(ServerApp, {
    props: { options: { agent: scriptedAgent(), threadId: "t-h", messages: history, presence: false }, renders: new Renders() },
  });
  expect(body.match(/data-testid="message-/g)).toHaveLength(4);

  const target = document.createElement("div");
  target.innerHTML = body;
  document.body.append(target);
  const served = [...target.querySelectorAll("li")];
  const warn = vi.spyOn(console, "warn");
  const agent = scriptedAgent();
  const renders = new Renders();
  let chat!: UseChatReturn;
  const app = hydrate(RunesChatApp, {
    target,
    props: { options: { agent, threadId: "t-h", messages: history, presence: false, onWarning: () => {} }, renders, onchat: (c: UseChatReturn) => (chat = c) },
  });
  flushSync();
  // The same elements, in the same order, with the same text: nothing was redrawn or mismatched.
  const hydrated = [...target.querySelectorAll("li")];
  expect(hydrated).toHaveLength(4);
  expect(hydrated.every((li, i) => li === served[i] && li.dataset["testid"] === `message-${history[i]!.id}`)).toBe(true);
  expect(target.querySelector('[data-testid="text-a2"]')?.textContent).toBe("Sunny.");
  expect(warn.mock.calls.flat().join(" ")).not.toMatch(/hydration/i);
  warn.mockRestore();

  const turn = chat.sendMessage("More?");
  const run = await agent.nextRun();
  run.started();
  run.push(text.start("a3"), text.delta("a3", "Warm"));
  flushSync();
  expect(target.querySelectorAll("li")).toHaveLength(6);
  const before = renders.snapshot();
  run.push(text.delta("a3", "er"));
  flushSync();
  expect(renders.count("text:a3") - (before["text:a3"] ?? 0)).toBe(1);
  expect(Object.keys(renders.snapshot()).filter((key) => renders.count(key) !== (before[key] ?? 0))).toEqual(["text:a3"]);
  run.push(text.end("a3"));
  run.finished();
  await turn;
  unmount(app);
  target.remove();
});
