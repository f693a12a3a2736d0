// @vitest-environment node
// <StreamingMarkdown> on the server: the markdown so far as escaped markup, nothing left subscribed.
import { createThread, type AGUIEvent } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { render } from "svelte/server";
import { expect, test } from "vitest";
import { StreamingMarkdown } from "../src/index.js";

test("server-renders the markdown so far, escaped", async () => {
  const thread = createThread();
  for (const event of [
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "## Hi\n\n<script>x</script> **so" },
  ])
    foldEvent(thread, event as AGUIEvent);
  const { body } = await render(StreamingMarkdown, { props: { node: thread.messages.value[0]!, options: { highlighter: false } } });
  expect(body.replace(/<!--.*?-->/g, "")).toContain('<div class="tl-markdown"><h2>Hi</h2><p>&lt;script&gt;x&lt;/script&gt; **so</p>');
});
