// <StreamingText>: tokens go to one Text node by appendData, outside Vue's render.
import { createThread, type AGUIEvent, type MessageNode, type Thread } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { mount } from "@vue/test-utils";
import { createSSRApp, defineComponent, h, nextTick, ref, withDirectives, type PropType } from "vue";
import { renderToString } from "vue/server-renderer";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { BindingError, StreamingText, streamText } from "../src/index.js";
import { countSubscriptions, type SubscriptionCounter } from "./support/subscriptions.js";
import { textListeners } from "../../core/test/support/text-listeners.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const start = (messageId: string) => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
const content = (messageId: string, delta: string) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
const nodeOf = (thread: Thread, id: string): MessageNode => thread.messages.value.find((m) => m.id === id)!;

/** A message item that counts its own renders. */
function messageItem(counter: { renders: number }) {
  return defineComponent({
    props: { node: { type: Object as PropType<MessageNode>, required: true } },
    setup(props) {
      return () => {
        counter.renders++;
        return h("li", { "data-id": props.node.id }, [h(StreamingText, { node: props.node, class: "text" })]);
      };
    },
  });
}

let subscriptions: SubscriptionCounter;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => subscriptions.restore());

describe("StreamingText", () => {
  test("100 tokens extend one Text node; no component re-renders; a token notifies no signal subscriber; unmount releases", async () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hi"));
    const counter = { renders: 0 };
    const wrapper = mount(messageItem(counter), { props: { node: nodeOf(thread, "m1") }, attachTo: document.body });
    const span = wrapper.element.querySelector("span.text")!;
    expect(span.textContent).toBe("Hi");
    const textNode = span.firstChild;
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(wrapper.element, { subtree: true, childList: true, characterData: true, attributes: true });
    let expected = "Hi";
    const notified = subscriptions.notified;
    for (let i = 0; i < 100; i++) {
      expected += ` t${i}`;
      fold(thread, content("m1", ` t${i}`));
    }
    await nextTick();
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(span.textContent).toBe(expected);
    expect(span.childNodes).toHaveLength(1);
    expect(span.firstChild).toBe(textNode);
    expect(records).toHaveLength(100);
    expect(records.every((r) => r.type === "characterData" && r.target === textNode)).toBe(true);
    expect(counter.renders).toBe(1);
    // The node hands each token to the Text node itself: no signal subscription, so no signal
    // write, notification or effect per token.
    expect(subscriptions.notified - notified).toBe(0);
    expect(subscriptions.live).toBe(0);
    expect(textListeners(nodeOf(thread, "m1"))).toBe(1);
    wrapper.unmount();
    expect(textListeners(nodeOf(thread, "m1"))).toBe(0);
    expect(subscriptions.live).toBe(0);
  });

  test("a snapshot replacing the text resets it; a new node prop switches message", async () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "draft"), start("m2"), content("m2", "other"));
    const wrapper = mount(StreamingText, { props: { node: nodeOf(thread, "m1"), tag: "p" } });
    expect(wrapper.element.tagName).toBe("P");
    fold(thread, {
      type: "MESSAGES_SNAPSHOT",
      messages: [
        { id: "m1", role: "assistant", content: "final" },
        { id: "m2", role: "assistant", content: "other" },
      ],
    });
    expect(wrapper.element.textContent).toBe("final");
    await wrapper.setProps({ node: nodeOf(thread, "m2") });
    expect(wrapper.element.textContent).toBe("other");
    fold(thread, content("m1", " ignored"), content("m2", "!"));
    expect(wrapper.element.textContent).toBe("other!");
    expect(subscriptions.live).toBe(0);
    expect([textListeners(nodeOf(thread, "m1")), textListeners(nodeOf(thread, "m2"))]).toEqual([0, 1]);
    wrapper.unmount();
    expect(textListeners(nodeOf(thread, "m2"))).toBe(0);
  });

  test("renderToString shows the current text and subscribes to nothing", async () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Streamed "), content("m1", "<so far>"));
    const html = await renderToString(createSSRApp({ render: () => h(StreamingText, { node: nodeOf(thread, "m1") }) }));
    expect(html).toBe("<span>Streamed &lt;so far&gt;</span>");
    // The text is read (currentText), never subscribed to: the server keeps no effect or signal.
    expect(subscriptions.made).toBe(0);
    expect(subscriptions.live).toBe(0);
  });

  test("hydrates server HTML and streams into it", async () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "abc"));
    const node = nodeOf(thread, "m1");
    const host = document.createElement("div");
    host.innerHTML = await renderToString(createSSRApp({ render: () => h(StreamingText, { node }) }));
    document.body.append(host);
    const app = createSSRApp({ render: () => h(StreamingText, { node }) });
    app.mount(host);
    fold(thread, content("m1", "d"));
    expect(host.innerHTML).toBe("<span>abcd</span>");
    app.unmount();
    host.remove();
    expect(subscriptions.live).toBe(0);
  });

  test("a node prop that is not a message throws NOT_A_MESSAGE", () => {
    expect(() => mount(StreamingText, { props: { node: { id: "x" } as unknown as MessageNode } })).toThrow(BindingError);
  });
});

describe("v-stream-text (streamText)", () => {
  test("the directive extends one Text node per token, follows a new node, and releases on unmount", async () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hi"), start("m2"), content("m2", "other"));
    const current = ref<MessageNode>(nodeOf(thread, "m1"));
    let renders = 0;
    const Item = defineComponent({
      setup() {
        return () => {
          renders++;
          return withDirectives(h("p"), [[streamText, current.value]]);
        };
      },
    });
    const wrapper = mount(Item, { attachTo: document.body });
    expect(wrapper.element.textContent).toBe("Hi");
    const textNode = wrapper.element.firstChild;
    fold(thread, content("m1", " there"), content("m1", "!"));
    expect(wrapper.element.textContent).toBe("Hi there!");
    expect(wrapper.element.firstChild).toBe(textNode);
    expect(subscriptions.live).toBe(0);
    expect(textListeners(nodeOf(thread, "m1"))).toBe(1);
    current.value = nodeOf(thread, "m2");
    await nextTick();
    expect(wrapper.element.textContent).toBe("other");
    fold(thread, content("m1", "?"), content("m2", "!"));
    expect(wrapper.element.textContent).toBe("other!");
    expect([textListeners(nodeOf(thread, "m1")), textListeners(nodeOf(thread, "m2"))]).toEqual([0, 1]);
    expect(renders).toBe(2);
    wrapper.unmount();
    expect(textListeners(nodeOf(thread, "m2"))).toBe(0);
    expect(subscriptions.live).toBe(0);
  });
});
