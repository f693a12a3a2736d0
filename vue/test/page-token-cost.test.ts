// Issue 42: what a streamed token costs the page the Vue guide describes, counted, not timed. A
// token goes from the run's sink through core's pipeline and fold to the message's Text node
// (`v-stream-text`); on the way it must run no Vue effect (render, watcher; so no scheduler job)
// and notify no core-signal subscriber (a signal→ref bridge of useChat or a Message
// composable). Any of them would put the Vue page's per-token JS above the Svelte page's, on the
// same core path, and a browser benchmark on a shared machine cannot tell that reliably.
import type { AgentSource, ChatClient, RunAgentInput } from "@threadline/core";
import type { EventSink, RunEnd } from "@threadline/core/transport";
import { mount } from "@vue/test-utils";
import { nextTick, ReactiveEffect } from "vue";
import { afterEach, expect, test } from "vitest";
import { countSubscriptions } from "./support/subscriptions.js";
import { textListeners } from "../../core/test/support/text-listeners.js";
import GuideChat from "./GuideChat.vue";

/** An agent whose run stays open until `end()`, the events pushed into its sink by the test. */
class PushAgent implements AgentSource {
  sink: EventSink | undefined;
  input: RunAgentInput | undefined;
  finish: ((end: RunEnd) => void) | undefined;
  run(input: RunAgentInput, sink: EventSink): Promise<RunEnd> {
    this.input = input;
    this.sink = sink;
    return new Promise((resolve) => (this.finish = resolve));
  }
  end(): void {
    this.finish?.("completed");
  }
}

/**
 * Counts Vue's reactive effects (render effects and watchers) notified of a change and run: a
 * scheduler job is only ever queued by an effect's notification, so none notified is none queued.
 */
function countVueWork() {
  const effect = ReactiveEffect.prototype as unknown as { notify(): void; run(): unknown };
  const { notify, run } = effect;
  const counts = { notified: 0, ran: 0 };
  effect.notify = function (this: unknown) {
    counts.notified++;
    return notify.call(this);
  };
  effect.run = function (this: unknown) {
    counts.ran++;
    return run.call(this);
  };
  return {
    counts,
    restore() {
      effect.notify = notify;
      effect.run = run;
    },
  };
}

let restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore) undo();
  restore = [];
});

test("the guide's Vue chat page: 200 tokens through a ChatClient run no Vue effect, notify no signal subscriber", async () => {
  // Counted from before the mount: a bridge made then (useChat's, a Message's) is what a token would notify.
  const signals = countSubscriptions();
  restore.push(() => signals.restore());
  const agent = new PushAgent();
  const priors = 20;
  const wrapper = mount(GuideChat, { props: { agent, threadId: "t" }, attachTo: document.body });
  const chat = (wrapper.vm as unknown as { chat: { chat: { value: ChatClient }; sendMessage(text: string): Promise<unknown> } }).chat;
  chat.chat.value.setMessages(Array.from({ length: priors }, (_, i) => ({ id: `p${i}`, role: i % 2 === 0 ? "user" : "assistant", content: `message ${i}` })));
  const turn = chat.sendMessage("go");
  for (let waited = 0; agent.sink === undefined; waited++) {
    if (waited > 1000) throw new Error("the chat never started its run");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const sink = agent.sink;
  const { threadId, runId } = agent.input!;
  sink.onEvent({ type: "RUN_STARTED", threadId, runId });
  sink.onEvent({ type: "TEXT_MESSAGE_START", messageId: "live", role: "assistant" });
  sink.onEvent({ type: "TEXT_MESSAGE_CONTENT", messageId: "live", delta: "Hello" });
  await nextTick();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const live = () => wrapper.findAll("p.assistant").at(-1)!.element;
  expect(live().textContent).toBe("Hello");
  const textNode = live().firstChild;
  const node = chat.chat.value.thread.message("live")!;

  const signalsBefore = signals.notified;
  const vue = countVueWork();
  restore.push(() => vue.restore());
  let expected = "Hello";
  for (let i = 0; i < 200; i++) {
    expected += ` t${i}`;
    sink.onEvent({ type: "TEXT_MESSAGE_CONTENT", messageId: "live", delta: ` t${i}` });
  }
  const { notified, ran } = vue.counts;
  const signalNotifications = signals.notified - signalsBefore;
  vue.restore();

  expect(live().textContent).toBe(expected);
  expect(live().firstChild).toBe(textNode);
  // Per token: nothing in Vue, and nothing through a signal subscription (the guide's Message
  // reads the message's parts, whose text part must not make the content signal).
  expect({ notified, ran, signalNotifications }).toEqual({ notified: 0, ran: 0, signalNotifications: 0 });
  expect(textListeners(node)).toBe(1);

  sink.onEvent({ type: "TEXT_MESSAGE_END", messageId: "live" });
  sink.onEvent({ type: "RUN_FINISHED", threadId, runId });
  agent.end();
  await turn;
  wrapper.unmount();
});
