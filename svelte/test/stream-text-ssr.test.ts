// @vitest-environment node
// StreamingText on the server: the current text is in the HTML, and nothing is subscribed.
import { createThread, type AGUIEvent } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { render } from "svelte/server";
import { afterEach, beforeEach, expect, test } from "vitest";
import StreamItem from "./components/StreamItem.svelte";
import { Renders } from "./support/renders.js";
import { countSubscriptions } from "./support/watchers.js";

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

test("server-renders the text so far and subscribes to nothing", async () => {
  const thread = createThread();
  for (const event of [
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Streamed " },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "<so far>" },
  ])
    foldEvent(thread, event as AGUIEvent);
  const node = thread.messages.value[0]!;
  const { body } = await render(StreamItem, { props: { node, renders: new Renders() } });
  // (`<!---->` is the anchor Svelte puts in a dynamic element: StreamingText's `tag`.)
  expect(body).toMatch(/<span class="text">Streamed &lt;so far>(<!---->)?<\/span>/);
  // The text is read (currentText), never subscribed to: the server keeps no effect or signal.
  expect(subscriptions.opened).toBe(0);
  expect(subscriptions.live).toBe(0);
});
