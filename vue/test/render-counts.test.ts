// Real SFCs over a thread fed by a real run (RunLoop over fromEvents): what re-renders per event.
import { createThread, fromEvents } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { RunLoop } from "@threadline/core/run";
import { cleanup, render, screen } from "@testing-library/vue";
import { flushPromises } from "@vue/test-utils";
import { nextTick } from "vue";
import { afterEach, beforeEach, expect, test } from "vitest";
import { partsFollowers } from "../../core/test/support/parts-followers.js";
import ThreadView from "./ThreadView.vue";
import { eventQueue, runFinished, runStarted, textContent, textEnd, textStart, toolArgs, toolEnd, toolStart } from "./support/events.js";
import { mounts, resetRenders, updates, updatesOf } from "./support/renders.js";
import { countSubscriptions, type SubscriptionCounter } from "./support/subscriptions.js";

let subscriptions: SubscriptionCounter;
beforeEach(() => {
  resetRenders();
  subscriptions = countSubscriptions();
});
afterEach(() => {
  cleanup();
  subscriptions.restore();
});

function streamingLoop() {
  const queue = eventQueue();
  const loop = new RunLoop({ source: fromEvents(queue), threadId: "t1", createId: () => "r1" });
  return { queue, loop };
}

/** Pushes one event and lets the run fold it and Vue render it. */
async function send(queue: ReturnType<typeof eventQueue>, event: object): Promise<void> {
  queue.push(event);
  await flushPromises();
}

test("100 streamed tokens re-render only the streaming message, once per token; the list renders once for the new message", async () => {
  const { queue, loop } = streamingLoop();
  render(ThreadView, { props: { thread: loop.thread } });
  const running = loop.run({ messages: [{ id: "u1", role: "user", content: "Hi" }] });
  await send(queue, runStarted("t1", "r1"));
  expect(screen.getByTestId("text-u1").textContent).toBe("Hi");
  const listBefore = updatesOf("list");

  await send(queue, textStart("a1"));
  expect(updatesOf("list") - listBefore).toBe(1);
  for (let i = 0; i < 100; i++) {
    await send(queue, textContent("a1", `t${i} `));
    expect(screen.getByTestId("text-a1").textContent).toBe(Array.from({ length: i + 1 }, (_, k) => `t${k} `).join(""));
  }
  await send(queue, textEnd("a1"));
  await send(queue, runFinished("t1", "r1"));
  queue.close();
  expect((await running).status).toBe("succeeded");

  expect(updatesOf("message:a1")).toBe(100);
  expect(updatesOf("message:u1")).toBe(0);
  expect(updatesOf("list") - listBefore).toBe(1);
  expect(mounts.get("message:a1")).toBe(1);
});

test("an argument stream re-renders only its own tool call, not its message, its sibling or the list", async () => {
  const { queue, loop } = streamingLoop();
  render(ThreadView, { props: { thread: loop.thread } });
  const running = loop.run();
  await send(queue, runStarted("t1", "r1"));
  await send(queue, textStart("a1"));
  await send(queue, textContent("a1", "Let me look."));
  await send(queue, textEnd("a1"));
  await send(queue, toolStart("tc1", "search", "a1"));
  await send(queue, toolArgs("tc1", '{"q":"x"}'));
  await send(queue, toolEnd("tc1"));
  await send(queue, toolStart("tc2", "weather", "a1"));
  expect(screen.getByTestId("tool-tc2").textContent).toBe("weather() streaming");
  const before = { list: updatesOf("list"), message: updatesOf("message:a1"), tc1: updatesOf("tool:tc1"), tc2: updatesOf("tool:tc2") };

  const deltas = ['{"city":"', ...Array.from({ length: 48 }, (_, i) => String.fromCharCode(97 + (i % 26))), '"}'];
  for (const delta of deltas) await send(queue, toolArgs("tc2", delta));
  expect(screen.getByTestId("tool-tc2").textContent).toBe(`weather(${deltas.join("")}) streaming`);

  expect(updatesOf("tool:tc2") - before.tc2).toBe(deltas.length);
  expect(updatesOf("tool:tc1") - before.tc1).toBe(0);
  expect(updatesOf("message:a1") - before.message).toBe(0);
  expect(updatesOf("list") - before.list).toBe(0);

  await send(queue, toolEnd("tc2"));
  expect(screen.getByTestId("tool-tc2").textContent).toBe(`weather(${deltas.join("")}) complete`);
  await send(queue, runFinished("t1", "r1"));
  queue.close();
  await running;
});

test("unmounting the components releases every subscription they made", async () => {
  const { queue, loop } = streamingLoop();
  const before = subscriptions.live;
  const view = render(ThreadView, { props: { thread: loop.thread } });
  const running = loop.run({ messages: [{ id: "u1", role: "user", content: "Hi" }] });
  for (const event of [runStarted("t1", "r1"), textStart("a1"), textContent("a1", "x"), toolStart("tc1", "f", "a1")]) {
    await send(queue, event);
  }
  // the list (1) + the user message's text (1; a user message has no parts) + the assistant
  // message's text (1) + one tool call's 8 fields; the assistant message's parts are followed on
  // the node (core's subscribeParts), not through a signal
  expect(subscriptions.live - before).toBe(11);
  const followers = () => partsFollowers(loop.thread.message("a1"));
  expect(followers()).toBe(1);
  view.unmount();
  expect(subscriptions.live).toBe(before);
  expect(followers()).toBe(0);
  loop.stop();
  expect((await running).status).toBe("cancelled");
});

test("2,000 tokens after 1,000 earlier messages: no list render and no other message render per token", async () => {
  const earlier = Array.from({ length: 1000 }, (_, i) => ({ id: `m${i}`, role: i % 2 === 0 ? ("user" as const) : ("assistant" as const), content: `message ${i}` }));
  const thread = createThread({ threadId: "t1", messages: earlier });
  render(ThreadView, { props: { thread } });
  expect(screen.getByTestId("text-m999").textContent).toBe("message 999");
  foldEvent(thread, runStarted("t1", "r1") as never);
  foldEvent(thread, textStart("a1") as never);
  await nextTick();
  resetRenders();

  const started = performance.now();
  for (let i = 0; i < 2000; i++) {
    foldEvent(thread, textContent("a1", "x") as never);
    await nextTick();
  }
  const perToken = (performance.now() - started) / 2000;
  expect(screen.getByTestId("text-a1").textContent).toBe("x".repeat(2000));
  expect(updatesOf("message:a1")).toBe(2000);
  expect(updatesOf("list")).toBe(0);
  expect([...updates.keys()]).toEqual(["message:a1"]);
  // Informal: jsdom render + fold per token, printed for the report. Not asserted: speed is the
  // benchmarks' business, and a loaded machine would fail any bound here.
  console.info(`[vue] per token with 1,000 earlier messages: ${perToken.toFixed(3)} ms`);
});
