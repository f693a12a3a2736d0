import { effect, type Signal } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { createThread, type AGUIEvent, type Message, type Thread } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { subscribeText, currentText } from "../../src/model/index.js";
import { textListeners } from "../support/text-listeners.js";

/**
 * Rarely written node fields (metadata, subagentRunId, name, encryptedValue, a tool message's
 * error) are plain values until their signal is first read. These tests pin what that must never
 * change: a read sees every earlier write, a signal read before the first write still hears it,
 * and every read of a field is the same signal.
 */

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const node = (thread: Thread, id: string) => {
  const found = thread.message(id);
  if (found === undefined) throw new Error(`no node ${id}`);
  return found;
};

describe("lazily made field signals", () => {
  it("a first read after writes sees the written values", () => {
    const thread = createThread();
    fold(
      thread,
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "user", name: "ann", subagentRunId: "sub", metadata: { a: 1 } },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "hi", metadata: { b: 2 } },
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "m1", encryptedValue: "enc" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
    );
    const m1 = node(thread, "m1");
    if (m1.role !== "user") throw new Error("role");
    expect(m1.name.value).toBe("ann");
    expect(m1.subagentRunId.value).toBe("sub");
    expect(m1.metadata.value).toEqual({ a: 1, b: 2 });
    expect(m1.encryptedValue.value).toBe("enc");
    expect(m1.streaming.value).toBe(false);
  });

  it("a subscriber that read a field before its first write is notified of that write, once per change", () => {
    const thread = createThread();
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" });
    const m1 = node(thread, "m1");
    if (m1.role !== "assistant") throw new Error("role");
    const seen: unknown[] = [];
    const stop = effect(() => {
      seen.push([m1.metadata.value, m1.encryptedValue.value, m1.name.value, m1.subagentRunId.value, m1.streaming.value]);
    });
    fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "x", metadata: { k: "v" } });
    fold(thread, { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "m1", encryptedValue: "e" });
    fold(thread, { type: "TEXT_MESSAGE_END", messageId: "m1" });
    // A snapshot with the same values writes nothing; new values write once.
    const same = thread.toMessages();
    fold(thread, { type: "MESSAGES_SNAPSHOT", messages: same });
    fold(thread, {
      type: "MESSAGES_SNAPSHOT",
      messages: [{ ...same[0], name: "bot", subagentRunId: "s2" } as Message],
    });
    stop();
    expect(seen).toEqual([
      [undefined, undefined, undefined, undefined, true],
      [{ k: "v" }, undefined, undefined, undefined, true],
      [{ k: "v" }, "e", undefined, undefined, true],
      [{ k: "v" }, "e", undefined, undefined, false],
      [{ k: "v" }, "e", "bot", "s2", false],
    ]);
  });

  it("every read of a field is the same signal, before and after writes", () => {
    const thread = createThread({ messages: [{ id: "t1", role: "tool", toolCallId: "c1", content: "r" }] });
    const t1 = node(thread, "t1");
    if (t1.role !== "tool") throw new Error("role");
    const error = t1.error;
    const metadata = t1.metadata;
    expect(t1.error).toBe(error);
    fold(thread, {
      type: "MESSAGES_SNAPSHOT",
      messages: [{ id: "t1", role: "tool", toolCallId: "c1", content: "r", error: "boom", metadata: { m: 1 } }],
    });
    expect(node(thread, "t1")).toBe(t1);
    expect(t1.error).toBe(error);
    expect(t1.metadata).toBe(metadata);
    expect(error.value).toBe("boom");
    expect(metadata.value).toEqual({ m: 1 });
  });

  it("fields never read round-trip through toMessages and snapshots", () => {
    const messages = [
      { id: "u", role: "user", content: "q", name: "ann", encryptedValue: "x", metadata: { a: [1] } },
      { id: "a", role: "assistant", content: "r", name: "bot", subagentRunId: "s" },
      { id: "t", role: "tool", toolCallId: "c", content: "v", error: "bad", encryptedValue: "y" },
      { id: "r", role: "reasoning", content: "think", encryptedValue: "z" },
    ] as Message[];
    const thread = createThread({ messages });
    expect(thread.toMessages()).toEqual(messages);
    expect(thread.snapshot().messages).toEqual(messages);
  });
});

describe("an assistant message's parts and its content signal", () => {
  it("reading the parts makes no content signal: a text subscriber keeps hearing tokens from the node; the text part's content is that signal once read", () => {
    const thread = createThread();
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "Hi" });
    const a = node(thread, "a");
    if (a.role !== "assistant") throw new Error("role");
    const shown: string[] = [];
    const stop = subscribeText(a, { reset: (text) => shown.push(`=${text}`), append: (delta) => shown.push(`+${delta}`) });
    // What useMessageParts reads: the parts, and each part's type.
    const parts = a.parts.value;
    expect(parts.map((part) => part.type)).toEqual(["text"]);
    expect(textListeners(a)).toBe(1);
    fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: " there" });
    expect(textListeners(a)).toBe(1);
    expect(shown).toEqual(["=Hi", "+ there"]);
    // The same part every read; its content is the message's content signal (made now).
    const text = parts[0]!;
    if (text.type !== "text") throw new Error("part");
    expect(a.parts.value[0]).toBe(text);
    expect(text.content).toBe(a.content);
    expect(text.content.value).toBe("Hi there");
    expect(JSON.parse(JSON.stringify(text))).toEqual({ type: "text", content: "Hi there" });
    expect({ ...text }.content).toBe(a.content);
    expect(Object.isFrozen(text)).toBe(true);
    // The subscriber moved onto the signal and goes on hearing the text.
    expect(textListeners(a)).toBe(0);
    fold(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "!" });
    expect(shown).toEqual(["=Hi", "+ there", "+!"]);
    stop();
  });
});

describe("messages that set none of the rare fields", () => {
  it("round-trip through toMessages as they came, key order included, and a node keeps no rare record", () => {
    const messages = [
      { id: "u", role: "user", content: "q" },
      { id: "p", role: "user", content: [{ type: "text", text: "parts" }] },
      { id: "a", role: "assistant", content: "r" },
      { id: "e", role: "assistant", content: "", toolCalls: [] },
      { id: "n", role: "assistant" },
      { id: "s", role: "system", content: "be brief" },
      { id: "r", role: "reasoning", content: "think" },
    ] as Message[];
    const thread = createThread({ messages });
    expect(JSON.stringify(thread.toMessages())).toBe(JSON.stringify(messages));
    for (const m of messages) expect((node(thread, m.id) as unknown as { rare?: unknown }).rare).toBeUndefined();
  });

  it("a node that held rare fields drops them when a whole message without them is assigned", () => {
    const held = createThread({ messages: [{ id: "a", role: "assistant", content: "r", name: "bot", encryptedValue: "x", metadata: { k: 1 } }] as Message[] });
    const a = node(held, "a") as unknown as { assign(message: Message): void };
    a.assign({ id: "a", role: "assistant", content: "r2" } as Message);
    expect(held.toMessages()).toEqual([{ id: "a", role: "assistant", content: "r2" }]);
  });
});

describe("the delta log behind subscribeText", () => {
  const log = (thread: Thread, id: string) => (node(thread, id) as unknown as { textLog?: unknown }).textLog;
  const content = (delta: string) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta });
  const sink = (calls: string[]) => ({
    reset: (text: string) => calls.push(`reset:${text}`),
    append: (delta: string) => calls.push(`append:${delta}`),
  });

  it("exists only while a text subscriber follows the content's signal, and subscribers that come and go still get appends", () => {
    const thread = createThread();
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, content("a"));
    // Something reads the content: from now on the signal carries every write.
    void node(thread, "m1").content;
    expect(log(thread, "m1")).toBeUndefined();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = subscribeText(node(thread, "m1"), sink(first));
    fold(thread, content("b"));
    const stopSecond = subscribeText(node(thread, "m1"), sink(second));
    fold(thread, content("c"));
    stopFirst();
    stopFirst();
    expect(log(thread, "m1")).toBeDefined();
    fold(thread, content("d"));
    stopSecond();
    expect(log(thread, "m1")).toBeUndefined();
    fold(thread, content("e"));
    const third: string[] = [];
    const stopThird = subscribeText(node(thread, "m1"), sink(third));
    fold(thread, content("f"));
    stopThird();
    expect(first).toEqual(["reset:a", "append:b", "append:c"]);
    expect(second).toEqual(["reset:ab", "append:c", "append:d"]);
    expect(third).toEqual(["reset:abcde", "append:f"]);
    expect(log(thread, "m1")).toBeUndefined();
  });
  it("a subscriber hears the node's writes without a signal or a log, until something reads the content", () => {
    const thread = createThread({ messages: [{ id: "m1", role: "assistant", content: "done" }, { id: "u1", role: "user", content: "hi" }] });
    const m1 = node(thread, "m1") as unknown as { textLog?: unknown; rare?: { textWaiting?: unknown } };
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = subscribeText(node(thread, "m1"), sink(first));
    const stopSecond = subscribeText(node(thread, "m1"), sink(second));
    expect(m1.textLog).toBeUndefined();
    expect(m1.rare?.textWaiting).toBeDefined();
    // One of two subscribers leaves before any write: the other still hears every token, with no
    // signal made and no log kept.
    stopFirst();
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, content("!"), content("?"));
    expect(m1.rare?.textWaiting).toBeDefined();
    expect(m1.textLog).toBeUndefined();
    // The first read of the content makes its signal: the subscriber follows it from then on.
    const signal = node(thread, "m1").content;
    expect(m1.rare?.textWaiting).toBeUndefined();
    expect(m1.textLog).toBeDefined();
    fold(thread, content("."));
    stopSecond();
    expect(m1.textLog).toBeUndefined();
    expect(signal.peek()).toBe("done!?.");
    expect(first).toEqual(["reset:done"]);
    expect(second).toEqual(["reset:done", "append:!", "append:?", "append:."]);
    // A write through the content signal itself (read after subscribing) is heard too, as a reset.
    const user: string[] = [];
    const stopUser = subscribeText(node(thread, "u1"), sink(user));
    const u1 = node(thread, "u1").content as Signal<unknown>;
    const heard: unknown[] = [];
    const stopEffect = effect(() => void heard.push(u1.value));
    u1.value = "edited";
    stopEffect();
    stopUser();
    u1.value = "after";
    expect(user).toEqual(["reset:hi", "reset:edited"]);
    expect(heard).toEqual(["hi", "edited"]);
  });
  it("currentText reads without making a record or a log; the delta ring waits for an append through the signal", () => {
    const thread = createThread({ messages: [{ id: "m1", role: "assistant", content: "done" }] });
    const m1 = node(thread, "m1") as unknown as { rare?: unknown; textLog?: { deltas?: unknown } };
    expect(currentText(node(thread, "m1"))).toBe("done");
    expect(m1.rare).toBeUndefined();
    const calls: string[] = [];
    const stop = subscribeText(node(thread, "m1"), sink(calls));
    void node(thread, "m1").content;
    // A mounted finished message: subscribed, but no 16-slot ring until a token comes.
    expect(m1.textLog?.deltas).toBeUndefined();
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, content("!"));
    expect(m1.textLog?.deltas).toHaveLength(16);
    stop();
    expect(calls).toEqual(["reset:done", "append:!"]);
  });
});
