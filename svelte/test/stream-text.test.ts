// streamText / StreamingText: tokens go to one Text node by appendData, outside Svelte's render.
import { createThread, type AGUIEvent, type MessageNode, type Thread } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { render } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { BindingError, streamText } from "../src/index.js";
import DocMessage from "./components/DocMessage.svelte";
import StreamItem from "./components/StreamItem.svelte";
import { Renders } from "./support/renders.js";
import { countSubscriptions } from "./support/watchers.js";
import { textListeners } from "../../core/test/support/text-listeners.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
  flushSync();
};
const start = (messageId: string) => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
const content = (messageId: string, delta: string) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
const nodeOf = (thread: Thread, id: string): MessageNode => thread.messages.value.find((m) => m.id === id)!;

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

describe.each(["component", "action"] as const)("streamText (%s)", (mode) => {
  test("100 tokens extend one Text node; the message component never re-renders; a token notifies no signal subscriber", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hi"));
    const renders = new Renders();
    const { getByTestId, unmount } = render(StreamItem, { props: { node: nodeOf(thread, "m1"), renders, mode } });
    const element = getByTestId("item").querySelector(".text")!;
    expect(element.textContent).toBe("Hi");
    const textNode = element.firstChild;
    expect(element.childNodes).toHaveLength(1);
    // Every DOM write to the text node is counted: 100 appends, nothing else.
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(getByTestId("item"), { subtree: true, childList: true, characterData: true, attributes: true });
    let expected = "Hi";
    const notified = subscriptions.notified;
    for (let i = 0; i < 100; i++) {
      const delta = ` t${i}`;
      expected += delta;
      fold(thread, content("m1", delta));
    }
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(element.textContent).toBe(expected);
    expect(element.firstChild).toBe(textNode);
    expect(renders.snapshot()).toEqual({ item: 1 });
    expect(records).toHaveLength(100);
    expect(records.every((r) => r.type === "characterData" && r.target === textNode)).toBe(true);
    // The node hands each token to the Text node itself: no signal subscription, so no signal
    // write, notification or effect per token.
    expect(subscriptions.notified - notified).toBe(0);
    expect(subscriptions.live).toBe(0);
    expect(textListeners(nodeOf(thread, "m1"))).toBe(1);
    unmount();
    expect(textListeners(nodeOf(thread, "m1"))).toBe(0);
    expect(subscriptions.live).toBe(0);
  });

  test("a snapshot replacing the text, and a new node for the same element, reset it", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "draft"), start("m2"), content("m2", "other"));
    const renders = new Renders();
    const { getByTestId, rerender, unmount } = render(StreamItem, { props: { node: nodeOf(thread, "m1"), renders, mode } });
    const element = () => getByTestId("item").querySelector(".text")!;
    fold(thread, {
      type: "MESSAGES_SNAPSHOT",
      messages: [
        { id: "m1", role: "assistant", content: "final" },
        { id: "m2", role: "assistant", content: "other" },
      ],
    });
    expect(element().textContent).toBe("final");
    void rerender({ node: nodeOf(thread, "m2"), renders, mode });
    flushSync();
    expect(element().textContent).toBe("other");
    fold(thread, content("m1", " ignored"), content("m2", "!"));
    expect(element().textContent).toBe("other!");
    expect(subscriptions.live).toBe(0);
    expect([textListeners(nodeOf(thread, "m1")), textListeners(nodeOf(thread, "m2"))]).toEqual([0, 1]);
    unmount();
    expect(textListeners(nodeOf(thread, "m2"))).toBe(0);
  });
});

test("streamText on something that is not a message node throws NOT_A_MESSAGE", () => {
  const element = document.createElement("p");
  expect(() => streamText(element, { id: "x" } as unknown as MessageNode)).toThrow(BindingError);
  expect(() => streamText(element, null as unknown as MessageNode)).toThrow(/needs a message node/);
});

describe("the guide's Message", () => {
  test("StreamingText beside useMessageParts: reading the parts leaves the text on the direct path, so a token notifies no signal subscriber", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hi"));
    const { container, unmount } = render(DocMessage, { props: { node: nodeOf(thread, "m1") } });
    const element = container.querySelector("p.assistant")!;
    expect(element.textContent).toBe("Hi");
    const textNode = element.firstChild;
    let expected = "Hi";
    const notified = subscriptions.notified;
    for (let i = 0; i < 100; i++) {
      expected += ` t${i}`;
      fold(thread, content("m1", ` t${i}`));
    }
    expect(element.textContent).toBe(expected);
    expect(element.firstChild).toBe(textNode);
    // The parts store is subscribed (it changes when a part is added); the text part it holds
    // makes no content signal, so the tokens reach the Text node from the node itself.
    expect(subscriptions.notified - notified).toBe(0);
    expect(textListeners(nodeOf(thread, "m1"))).toBe(1);
    unmount();
    expect(textListeners(nodeOf(thread, "m1"))).toBe(0);
    expect(subscriptions.live).toBe(0);
  });
});
