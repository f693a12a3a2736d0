// Issue 42: the Message of docs/guide/vue.md (DocMessage.vue, in the guide's Chat, GuideChat.vue)
// through a real chat: a real server speaking AG-UI through the official encoder, the components
// rendered with Testing Library, the chat driven through the page's form. A message that is text
// alone is its element and nothing else (no fragment anchors, no comment: what every message of
// a long thread would otherwise keep); when a tool call joins it, it becomes one element holding
// its parts in arrival order, and its text goes on streaming.
import { createThread, HttpAgent } from "@threadline/core";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/vue";
import { afterEach, expect, test } from "vitest";
import GuideChat from "./GuideChat.vue";
import { hydratedList } from "./support/hydrated-list.js";
import { agentServer, type AgentServer, type Exchange } from "./support/server.js";

let server: AgentServer | undefined;
afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

/** The comments and empty Text nodes under `root`: what Vue leaves for fragments and false `v-if`s. */
function placeholders(root: Node): number {
  let found = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE || node.textContent === "") found++;
  }
  return found;
}

/** Renders the guide's chat over `handle` and returns a send through its form. */
async function guideChat(handle: (exchange: Exchange) => Promise<void>) {
  server = await agentServer(handle);
  const { container } = render(GuideChat, { props: { agent: new HttpAgent({ url: server.url }), threadId: "t-guide" } });
  const send = async (text: string) => {
    await fireEvent.update(container.querySelector("input")!, text);
    await fireEvent.submit(container.querySelector("form")!);
  };
  return { view: container as HTMLElement, send };
}

test("a text-only message is its <p> alone: a longer thread adds no comment, anchor or other node", async () => {
  let turn = 0;
  const { view, send } = await guideChat(async ({ input, send, end }) => {
    turn++;
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    for (let i = 0; i < (turn === 1 ? 2 : 20); i++) {
      const messageId = `a${turn}-${i}`;
      await send({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
      await send({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: `answer ${turn}.${i}` });
      await send({ type: "TEXT_MESSAGE_END", messageId });
    }
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  });
  await send("first");
  await waitFor(() => expect(view.querySelectorAll("p.assistant")).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole("button", { name: "Stop" })).toBeNull());
  const few = placeholders(view);
  await send("second");
  await waitFor(() => expect(view.querySelectorAll("p.assistant")).toHaveLength(22));
  await waitFor(() => expect(screen.queryByRole("button", { name: "Stop" })).toBeNull());
  // The list's own (its loop's anchors, the error's v-if): the same for 4 messages and for 24.
  expect(placeholders(view)).toBe(few);
  expect(view.querySelectorAll("p.user")).toHaveLength(2);
  const answer = view.querySelectorAll("p.assistant")[5]!;
  expect(answer.outerHTML).toBe('<p class="assistant">answer 2.3</p>');
  expect(answer.childNodes).toHaveLength(1);
});

test("when a tool call joins a streaming message, it becomes one <div> with its parts in order, and the text keeps streaming", async () => {
  let next!: () => void;
  const later = new Promise<void>((resolve) => (next = resolve));
  const { view, send } = await guideChat(async ({ input, send, end }) => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Let me look" });
    await later;
    await send({ type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "weather", parentMessageId: "a1" });
    await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"city":"Paris"}' });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: " it up." });
    await send({ type: "TOOL_CALL_END", toolCallId: "tc" });
    await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  });
  await send("weather?");
  await waitFor(() => expect(view.querySelector("p.assistant")?.textContent).toBe("Let me look"));
  expect(view.querySelector("div.assistant")).toBeNull();
  next();
  await waitFor(() => expect(screen.getByTestId("tool-tc").textContent).toContain('weather({"city":"Paris"})'));
  await waitFor(() => expect(view.querySelector("div.assistant > p")?.textContent).toBe("Let me look it up."));
  const message = view.querySelector("div.assistant")!;
  // One element for the message: its text part, then its tool call, in arrival order.
  expect(view.querySelector("p.assistant")).toBeNull();
  expect([...message.children].map((child) => child.tagName)).toEqual(["P", "DIV"]);
  expect(message.children[1]).toBe(screen.getByTestId("tool-tc"));
});

test("a message with a tool call is rendered on the server as its <div> with the text and the call, and hydrated without a mismatch", async () => {
  const thread = createThread({
    threadId: "t-ssr",
    messages: [
      { id: "u1", role: "user", content: "weather?" },
      { id: "a1", role: "assistant", content: "Let me <look>", toolCalls: [{ id: "tc", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } }] },
    ],
  });
  const list = await hydratedList("documented", thread.messages.value, "div.assistant > p, div.assistant > div");
  expect(list.html).toContain('<p class="user">weather?</p>');
  expect(list.served.map((element) => element.outerHTML)).toEqual(['<p>Let me &lt;look&gt;</p>', '<div data-testid="tool-tc">weather({"city":"Paris"}) complete</div>']);
  // The server's elements and their Text nodes are taken over, not replaced.
  expect(list.inPlace).toBe(true);
  list.done();
});
