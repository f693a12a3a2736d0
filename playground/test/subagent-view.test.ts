// The apps' two soft decisions from #23: which messages the main list shows (not a subagent's),
// and whether the composer offers the paperclip (unless the agent says it takes no files).
import { createThread, type AGUIEvent } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { expect, test } from "vitest";
import { takesAttachments } from "../shared/capabilities.js";
import { topLevelMessages } from "../shared/subagents.js";

test("the main list leaves out the messages a subagent wrote, and keeps the list as is when there are none", () => {
  const thread = createThread();
  const events = [
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    { type: "TEXT_MESSAGE_END", messageId: "m1" },
    { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "researcher" },
    { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant", subagentRunId: "s1" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "found it", subagentRunId: "s1" },
    { type: "TEXT_MESSAGE_END", messageId: "m2", subagentRunId: "s1" },
    { type: "SUBAGENT_FINISHED", subagentRunId: "s1" },
    { type: "TEXT_MESSAGE_START", messageId: "m3", role: "assistant" },
    { type: "TEXT_MESSAGE_END", messageId: "m3" },
  ] as AGUIEvent[];
  for (const event of events) foldEvent(thread, event);
  expect(thread.messages.value.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
  expect(topLevelMessages(thread.messages.value).map((m) => m.id)).toEqual(["m1", "m3"]);
  const plain = thread.messages.value.filter((m) => m.id !== "m2");
  expect(topLevelMessages(plain)).toBe(plain);
});

test("the paperclip shows unless the capabilities say no images and no other file", () => {
  expect(takesAttachments(undefined)).toBe(true);
  expect(takesAttachments({})).toBe(true);
  expect(takesAttachments({ multimodal: { input: { image: true } } })).toBe(true);
  expect(takesAttachments({ multimodal: { input: {} } })).toBe(true);
  expect(takesAttachments({ multimodal: { input: { image: false, pdf: true } } })).toBe(true);
  expect(takesAttachments({ multimodal: { input: { image: false } } })).toBe(false);
  expect(takesAttachments({ multimodal: { input: { image: false, file: false } } })).toBe(false);
});
