// @vitest-environment node
// <ThreadWindow> on the server: the last `initialRows` rows of the thread, as a list with their
// positions, and nothing left subscribed. (Hydrating that HTML in a browser is tested in Chromium:
// playground/e2e/thread-window.e2e.test.ts.)
import { createThread, type Message } from "@threadline/core";
import { render } from "svelte/server";
import { afterEach, beforeEach, expect, test } from "vitest";
import WindowThread from "./components/WindowThread.svelte";
import { Renders } from "./support/renders.js";
import { countSubscriptions } from "./support/watchers.js";

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

test("server-renders the last rows of a 100,000-message thread and subscribes to nothing that stays", async () => {
  const messages: Message[] = Array.from({ length: 100_000 }, (_, i) => ({ id: `h${i}`, role: i % 2 === 0 ? "user" : "assistant", content: `message ${i}` }) as Message);
  const thread = createThread({ threadId: "t", messages });
  const renders = new Renders();
  const { body } = await render(WindowThread, { props: { thread, renders, options: { initialRows: 4 } } });
  const positions = [...body.matchAll(/aria-posinset="(\d+)"/g)].map((match) => match[1]);
  expect(positions).toEqual(["99997", "99998", "99999", "100000"]);
  expect(body).toContain('role="list" aria-label="Conversation"');
  expect(body).toContain('aria-setsize="100000"');
  expect(body).toContain("message 99999");
  expect(body).toContain('tabindex="0"');
  // No padding is written on the server: before hydration the last rows show at the top.
  expect(body).not.toContain("padding-top");
  expect(subscriptions.live).toBe(0);
});
