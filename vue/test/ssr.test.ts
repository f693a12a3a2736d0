// @vitest-environment node
// Server rendering: the composables read current values once and subscribe nothing (Vue SSR
// never runs onScopeDispose, so anything subscribed here would leak per request).
import { signal } from "@preact/signals-core";
import { ChatClient, createThread, fromEvents } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { createSSRApp, h, withDirectives } from "vue";
import { renderToString } from "vue/server-renderer";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { StreamingText, streamText, ThreadComponent, type ComponentNodeLike } from "../src/index.js";
import ChatView from "./ChatView.vue";
import DocMessage from "./DocMessage.vue";
import MessageForms from "./MessageForms.vue";
import NoteCard from "./NoteCard.vue";
import ThreadView from "./ThreadView.vue";
import { runStarted, stateSnapshot, textContent, textStart, toolArgs, toolStart } from "./support/events.js";
import { countSubscriptions, type SubscriptionCounter } from "./support/subscriptions.js";

let subscriptions: SubscriptionCounter;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => subscriptions.restore());

test("renderToString of a thread (messages, text, tool calls) shows current values and subscribes nothing", async () => {
  const thread = createThread({ threadId: "t1", messages: [{ id: "u1", role: "user", content: "Hi" }] });
  for (const event of [
    runStarted("t1", "r1"),
    stateSnapshot({ n: 1 }),
    textStart("a1"),
    textContent("a1", "Hello from the server"),
    toolStart("tc1", "search", "a1"),
    toolArgs("tc1", '{"q":1}'),
  ]) {
    foldEvent(thread, event as never);
  }
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const html = await renderToString(createSSRApp(ThreadView, { thread }));
  expect(html).toContain("Hi");
  expect(html).toContain("Hello from the server");
  expect(html).toContain("search({&quot;q&quot;:1}) streaming");
  expect(subscriptions.made).toBe(0);
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});

test("renderToString of a <ThreadComponent> renders the component's props and subscribes nothing", async () => {
  const name = signal("Note");
  const node: ComponentNodeLike = { id: "c1", name, props: signal({ text: "server props" }), state: signal({}) };
  const html = await renderToString(createSSRApp({ render: () => h(ThreadComponent, { node, components: { Note: NoteCard } }) }));
  expect(html).toContain("server props");
  expect(subscriptions.made).toBe(0);
});

test("renderToString with useChat renders the thread, subscribes nothing and opens no cross-tab channel", async () => {
  const Original = globalThis.BroadcastChannel;
  let opened = 0;
  globalThis.BroadcastChannel = class extends Original {
    constructor(name: string) {
      super(name);
      opened++;
    }
  };
  try {
    const messages = [
      { id: "u1", role: "user" as const, content: "Hello" },
      { id: "a1", role: "assistant" as const, content: "Rendered on the server" },
    ];
    const owned = await renderToString(createSSRApp(ChatView, { options: { agent: fromEvents([]), threadId: "t-ssr", messages } }));
    expect(owned).toContain("Rendered on the server");
    expect(owned).toContain('<p data-testid="status">idle</p>');

    const chat = new ChatClient({ agent: fromEvents([]), threadId: "t-attached", messages, presence: false });
    const attached = await renderToString(createSSRApp(ChatView, { options: { chat }, badges: 1 }));
    expect(attached).toContain("Rendered on the server");
    expect(attached).toContain("idle · 2");
    chat.dispose();

    expect(subscriptions.made).toBe(0);
    expect(opened).toBe(0);
  } finally {
    globalThis.BroadcastChannel = Original;
  }
});

test("the guide's Message (<p v-stream-text>) and <StreamingText> send the text so far, escaped, and subscribe nothing", async () => {
  const thread = createThread({
    threadId: "t1",
    messages: [
      { id: "a1", role: "assistant", content: "1 < 2 & <b>bold</b>" },
      { id: "u1", role: "user", content: [{ type: "text", text: "parts " }, { type: "text", text: "joined" }] },
    ],
  });
  // Compiled for the server here (this file runs in Node): the template pushes strings and takes
  // the directive's text through ssrGetDirectiveProps.
  expect((DocMessage as { ssrRender?: unknown }).ssrRender).toBeTypeOf("function");
  const messages = thread.messages.value;
  for (const form of ["documented", "sole-hand", "sole"] as const) {
    const html = await renderToString(createSSRApp(MessageForms, { messages, form }));
    const tag = form === "documented" ? "p" : "li";
    expect(html).toContain(`<${tag} class="assistant">1 &lt; 2 &amp; &lt;b&gt;bold&lt;/b&gt;</${tag}>`);
    expect(html).toContain(`<${tag} class="user">parts joined</${tag}>`);
  }
  // A render function: the server renderer applies the directive to the vnode.
  const rendered = await renderToString(
    createSSRApp({ render: () => [withDirectives(h("p"), [[streamText, messages[0]]]), h(StreamingText, { node: messages[1]!, tag: "li" })] }),
  );
  expect(rendered).toBe('<!--[--><p>1 &lt; 2 &amp; &lt;b&gt;bold&lt;/b&gt;</p><li>parts joined</li><!--]-->');
  expect(subscriptions.made).toBe(0);
});
