import { effect } from "@preact/signals-core";
import { expect, it } from "vitest";
import { createThread, type AGUIEvent, type AssistantPart, type MessageNode, type Thread } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { currentParts, subscribeParts } from "../../src/model/index.js";

// Issue 42: the guides' Message reads its parts beside its text, so every message of a thread
// follows them. subscribeParts hears the node's writes without making the parts signal.

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const node = (thread: Thread, id: string): MessageNode => {
  const found = thread.message(id);
  if (found === undefined) throw new Error(`no node ${id}`);
  return found;
};
const kinds = (parts: readonly AssistantPart[]) => parts.map((part) => (part.type === "tool-call" ? `tool-call:${part.toolCall.name.peek()}` : part.type));

it("subscribeParts hears a tool call added to a text answer without making the parts signal, and stops", () => {
  const thread = createThread({ messages: [{ id: "u1", role: "user", content: "weather?" }, { id: "a1", role: "assistant", content: "let me see" }] });
  const a1 = node(thread, "a1");
  const slot = () => (a1 as unknown as { partsSlot: unknown }).partsSlot;
  const heard: string[][] = [];
  const stop = subscribeParts(a1, () => heard.push(kinds(currentParts(a1))));
  expect(kinds(currentParts(a1))).toEqual(["text"]);
  // Tokens are not parts: nothing is heard for them.
  fold(thread, { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "…" });
  expect(heard).toEqual([]);
  fold(thread, { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "weather", parentMessageId: "a1" });
  expect(heard).toEqual([["text", "tool-call:weather"]]);
  // No signal was made for the parts: the slot holds the plain array.
  expect(Array.isArray(slot())).toBe(true);
  stop();
  stop(); // twice is harmless
  fold(thread, { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "time", parentMessageId: "a1" });
  expect(heard).toHaveLength(1);
  expect(kinds(currentParts(a1))).toEqual(["text", "tool-call:weather", "tool-call:time"]);
  expect((a1 as unknown as { rare?: { partsFollowers?: unknown } }).rare?.partsFollowers).toBeUndefined();
});

it("a follower and the parts signal both hear a write made after the signal exists; other roles follow nothing", () => {
  const thread = createThread({ messages: [{ id: "u1", role: "user", content: "hi" }, { id: "a1", role: "assistant", content: "ok" }] });
  const a1 = node(thread, "a1");
  const viaSignal: number[] = [];
  const stopEffect = effect(() => void viaSignal.push(a1.role === "assistant" ? a1.parts.value.length : -1));
  const heard: number[] = [];
  const stop = subscribeParts(a1, () => heard.push(currentParts(a1).length));
  fold(thread, { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "weather", parentMessageId: "a1" });
  expect(viaSignal).toEqual([1, 2]);
  expect(heard).toEqual([2]);
  stop();
  stopEffect();
  const u1 = node(thread, "u1");
  expect(currentParts(u1)).toEqual([]);
  const none = subscribeParts(u1, () => heard.push(-1));
  none();
  expect((u1 as unknown as { rare?: unknown }).rare).toBeUndefined();
});

it("several followers each hear a write, one stopping while it is told does not keep the others from it, and each stop removes its own", () => {
  const thread = createThread({ messages: [{ id: "a1", role: "assistant", content: "ok" }] });
  const a1 = node(thread, "a1");
  const kept = () => (a1 as unknown as { rare?: { partsFollowers?: unknown } }).rare?.partsFollowers;
  const heard: string[] = [];
  const first = (): void => void heard.push("first");
  const stopFirst = subscribeParts(a1, first);
  // One follower is kept as itself (a Message of a long thread makes no array for it).
  expect(kept()).toBe(first);
  const stopSecond = subscribeParts(a1, () => {
    heard.push("second");
    stopSecond();
  });
  const stopThird = subscribeParts(a1, () => heard.push("third"));
  // The same function twice: two followers, each stop removes one.
  const stopFirstAgain = subscribeParts(a1, first);
  fold(thread, { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "weather", parentMessageId: "a1" });
  expect(heard).toEqual(["first", "second", "third", "first"]);
  heard.length = 0;
  stopFirstAgain();
  stopFirstAgain(); // twice is harmless
  fold(thread, { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "time", parentMessageId: "a1" });
  expect(heard).toEqual(["first", "third"]);
  stopThird();
  expect(kept()).toBe(first);
  stopFirst();
  expect(kept()).toBeUndefined();
});
