// <StreamingMarkdown>: a message's markdown streamed by core — settled blocks keep their nodes,
// the end is the one-shot render, app components draw links with the app's provides.
import { createThread, type AGUIEvent, type MessageNode, type Thread } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { renderMarkdown, type LinkProps } from "@threadline/core/markdown";
import { render } from "@testing-library/vue";
import { defineComponent, h, inject, nextTick, provide, type PropType } from "vue";
import { expect, test } from "vitest";
import { StreamingMarkdown } from "../src/index.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const ANSWER = "## Plan\n\n1. Read **the brief**\n2. Write `code`\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nDone, see [docs](https://example.com).";

test("streams a message's markdown: settled blocks keep their nodes, the end is the one-shot render", () => {
  const thread = createThread();
  fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" });
  const node: MessageNode = thread.messages.value[0]!;
  const { container, unmount } = render(StreamingMarkdown, { props: { node, options: { highlighter: false } } });
  const root = container.querySelector(".tl-markdown")!;
  const seen: Node[] = [];
  for (let at = 0; at < ANSWER.length; at += 4) {
    fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: ANSWER.slice(at, at + 4) });
    seen.forEach((block, i) => expect(root.childNodes[i]).toBe(block));
    while (seen.length < root.childNodes.length - 2) seen.push(root.childNodes[seen.length]!);
  }
  expect(root.querySelector("strong")!.textContent).toBe("the brief");
  fold(thread, { type: "TEXT_MESSAGE_END", messageId: "m1" });
  const expected = document.createElement("div");
  renderMarkdown(expected, ANSWER, { highlighter: false });
  expect(root.innerHTML).toBe(expected.innerHTML);
  expect(seen.length).toBe(3);
  unmount();
});

const AppLink = defineComponent({
  props: { href: { type: String as PropType<LinkProps["href"]>, required: true }, title: { type: String, required: true }, text: { type: String, required: true } },
  setup(props) {
    const prefix = inject<string>("link-prefix", "");
    return () => h("a", { class: "app-link", href: props.href }, `${prefix}${props.text}`);
  },
});

test("app components draw links, with the app's provides", async () => {
  const thread = createThread();
  fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "See [the do" });
  const node = thread.messages.value[0]!;
  const Host = defineComponent({
    setup() {
      provide("link-prefix", "→ ");
      return () => h(StreamingMarkdown, { node, options: { highlighter: false }, components: { link: AppLink }, class: "answer" });
    },
  });
  const { container } = render(Host);
  expect(container.querySelector(".answer")!.textContent).toBe("See the do");
  fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "cs](https://example.com/docs) now." });
  await nextTick();
  const link = container.querySelector("a.app-link")!;
  expect(link.getAttribute("href")).toBe("https://example.com/docs");
  expect(link.textContent).toBe("→ the docs");
  fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: " More." });
  await nextTick();
  expect(container.querySelector("a.app-link")).toBe(link);
});

test("a new node switches the element to that message", async () => {
  const thread = createThread();
  fold(
    thread,
    { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "# First" },
    { type: "TEXT_MESSAGE_START", messageId: "b", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "b", delta: "*Second*" },
  );
  const [a, b] = thread.messages.value;
  const options = { highlighter: false } as const;
  const { container, rerender } = render(StreamingMarkdown, { props: { node: a!, options } });
  expect(container.querySelector("h1")!.textContent).toBe("First");
  await rerender({ node: b!, options });
  await nextTick();
  expect(container.querySelector(".tl-markdown")!.innerHTML).toBe("<p><em>Second</em></p>");
});

test("remote images wait for a click unless options.imageOrigins allows their origin", () => {
  const thread = createThread();
  fold(
    thread,
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "![Q3](https://charts.example/q3.png) and ![x](//evil.example/p.gif?d=secret)" },
    { type: "TEXT_MESSAGE_END", messageId: "m1" },
  );
  const node = thread.messages.value[0]!;
  const blocked = render(StreamingMarkdown, { props: { node, options: { highlighter: false } } });
  expect(blocked.container.querySelector("img")).toBeNull();
  expect([...blocked.container.querySelectorAll(".tl-image-alt")].map((alt) => alt.textContent)).toEqual(["Q3", "x"]);
  blocked.container.querySelector<HTMLButtonElement>(".tl-image-load")!.click();
  expect(blocked.container.querySelector("img")!.getAttribute("src")).toBe("https://charts.example/q3.png");
  blocked.unmount();
  const allowed = render(StreamingMarkdown, { props: { node, options: { highlighter: false, imageOrigins: ["https://charts.example"] } } });
  expect([...allowed.container.querySelectorAll("img")].map((image) => image.getAttribute("src"))).toEqual(["https://charts.example/q3.png"]);
  expect(allowed.container.querySelectorAll(".tl-image-blocked")).toHaveLength(1);
  allowed.unmount();
});
