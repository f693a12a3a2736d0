// useMessageParts' ref is one object of its own (every Message of a long thread makes one), so
// what Vue does with a ref is checked here: templates unwrap it, watch and computed follow it,
// a ref or getter source is followed to another node, and dispose (or the scope's end) lets go.
import { createThread, type AGUIEvent, type MessageNode, type Thread } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { computed, effectScope, isRef, isShallow, nextTick, ref, toValue, unref, watch } from "vue";
import { expect, test } from "vitest";
import { partsFollowers } from "../../core/test/support/parts-followers.js";
import { useMessageParts } from "../src/index.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const kinds = (parts: readonly { type: string }[]) => parts.map((part) => part.type);

test("a shallow ref: watch and computed hear a part added (not a token), unref and toValue read it", async () => {
  const thread = createThread({ messages: [{ id: "a1", role: "assistant", content: "let me see" }] });
  const a1 = thread.message("a1")!;
  const scope = effectScope();
  const seen: string[][] = [];
  const { parts, count } = scope.run(() => {
    const parts = useMessageParts(a1);
    watch(parts, (now) => seen.push(kinds(now)));
    return { parts, count: computed(() => parts.value.length) };
  })!;
  expect(isRef(parts)).toBe(true);
  expect(isShallow(parts)).toBe(true);
  expect(kinds(unref(parts))).toEqual(["text"]);
  expect(toValue(parts)).toBe(parts.value);
  // Read-only: a write is ignored (as the customRef it replaced ignored it), not thrown.
  (parts as unknown as { value: unknown }).value = [];
  expect(kinds(parts.value)).toEqual(["text"]);
  expect(count.value).toBe(1);
  expect(partsFollowers(a1)).toBe(1);
  fold(thread, { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "…" });
  await nextTick();
  expect(seen).toEqual([]);
  fold(thread, { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "weather", parentMessageId: "a1" });
  await nextTick();
  expect(seen).toEqual([["text", "tool-call"]]);
  expect(count.value).toBe(2);
  scope.stop();
  expect(partsFollowers(a1)).toBe(0);
  fold(thread, { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "time", parentMessageId: "a1" });
  await nextTick();
  expect(seen).toHaveLength(1);
});

test("a ref source is followed to the next node (the old one let go), to none, and other roles have no parts", async () => {
  const thread = createThread({
    messages: [
      { id: "a1", role: "assistant", content: "one" },
      { id: "a2", role: "assistant", content: "two", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { id: "u1", role: "user", content: "hi" },
    ],
  });
  const [a1, a2, u1] = thread.messages.value;
  const source = ref<MessageNode | undefined>(a1);
  const scope = effectScope();
  const parts = scope.run(() => useMessageParts(source))!;
  const lengths = computed(() => parts.value.length);
  expect(lengths.value).toBe(1);
  expect(partsFollowers(a1)).toBe(1);
  source.value = a2;
  expect(lengths.value).toBe(2);
  expect([partsFollowers(a1), partsFollowers(a2)]).toEqual([0, 1]);
  source.value = undefined;
  expect(parts.value).toEqual([]);
  expect(partsFollowers(a2)).toBe(0);
  source.value = u1;
  expect(parts.value).toEqual([]);
  // A user message: nothing followed, not even its record of rare fields.
  expect((u1 as unknown as { rare?: unknown }).rare).toBeUndefined();
  source.value = a1;
  expect(lengths.value).toBe(1);
  parts.dispose();
  expect(partsFollowers(a1)).toBe(0);
  scope.stop();
});
