import { batch } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { createThread, type AGUIEvent, type MessageNode, type Thread } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { subscribeText } from "../../src/model/index.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const start = (messageId = "m1") => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
const content = (delta: string, messageId = "m1") => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
const nodeOf = (thread: Thread, id: string): MessageNode => {
  const node = thread.messages.value.find((m) => m.id === id);
  if (node === undefined) throw new Error(`no node ${id}`);
  return node;
};

/** A sink that replays calls onto a string, as a DOM text node would, and logs them. */
function recorder() {
  const calls: string[] = [];
  let text = "";
  return {
    calls,
    text: () => text,
    sink: {
      reset(full: string) {
        calls.push(`reset:${full}`);
        text = full;
      },
      append(delta: string) {
        calls.push(`append:${delta}`);
        text += delta;
      },
    },
  };
}

describe("subscribeText", () => {
  it("resets with the current text, then hands over each appended delta", () => {
    const thread = createThread();
    fold(thread, start(), content("Hel"));
    const r = recorder();
    const stop = subscribeText(nodeOf(thread, "m1"), r.sink);
    fold(thread, content("lo"), content(", "), content("world"));
    expect(r.calls).toEqual(["reset:Hel", "append:lo", "append:, ", "append:world"]);
    expect(r.text()).toBe(nodeOf(thread, "m1").content.value);
    stop();
  });

  it("a node subscribed before any text (content undefined) appends from the first delta", () => {
    const thread = createThread();
    fold(thread, start());
    const r = recorder();
    subscribeText(nodeOf(thread, "m1"), r.sink);
    fold(thread, content("a"), content("b"));
    expect(r.calls).toEqual(["reset:", "append:a", "append:b"]);
  });

  it("while nothing reads the content, each append is handed over as it lands (in a batch too), with no signal or log", () => {
    const thread = createThread();
    fold(thread, start(), content("x"));
    const r = recorder();
    subscribeText(nodeOf(thread, "m1"), r.sink);
    batch(() => fold(thread, content("1"), content("2"), content("3")));
    expect(r.calls).toEqual(["reset:x", "append:1", "append:2", "append:3"]);
    expect(r.text()).toBe("x123");
    // Still heard straight from the node: it made no signal (that would have woken the
    // subscriber off the waiting list) and keeps no delta log.
    const internals = nodeOf(thread, "m1") as unknown as { rare?: { textWaiting?: unknown; textLog?: unknown } };
    expect(internals.rare?.textWaiting).toBeDefined();
    expect(internals.rare?.textLog).toBeUndefined();
  });

  it("once the content has a signal, several appends folded in one batch arrive as one joined append", () => {
    const thread = createThread();
    fold(thread, start(), content("x"));
    void nodeOf(thread, "m1").content;
    const r = recorder();
    subscribeText(nodeOf(thread, "m1"), r.sink);
    batch(() => fold(thread, content("1"), content("2"), content("3")));
    expect(r.calls).toEqual(["reset:x", "append:123"]);
    expect(r.text()).toBe("x123");
  });

  it("a subscriber woken onto the signal while another is told of a write still sees that write", () => {
    const thread = createThread();
    fold(thread, start(), content("a"));
    const node = nodeOf(thread, "m1");
    const second = recorder();
    // The first subscriber's sink reads the content (making its signal) while it is told of "b".
    subscribeText(node, {
      reset: () => undefined,
      append: () => void node.content.peek(),
    });
    subscribeText(node, second.sink);
    fold(thread, content("b"), content("c"));
    expect(second.text()).toBe("abc");
    expect(second.calls).toEqual(["reset:a", "reset:ab", "append:c"]);
  });

  it("more appends in one batch than the node remembers give a reset with the whole text", () => {
    const thread = createThread();
    fold(thread, start());
    void nodeOf(thread, "m1").content;
    const r = recorder();
    subscribeText(nodeOf(thread, "m1"), r.sink);
    batch(() => {
      for (let i = 0; i < 40; i++) fold(thread, content(String(i % 10)));
    });
    expect(r.calls).toHaveLength(2);
    expect(r.calls[1]!.startsWith("reset:")).toBe(true);
    expect(r.text()).toBe(nodeOf(thread, "m1").content.value);
    fold(thread, content("!"));
    expect(r.calls[2]).toBe("append:!");
  });

  it.each([
    ["straight from the node", false, ["reset:xyz", "append:d"]],
    ["through the content's signal", true, ["reset:xyzd"]],
  ])("a MESSAGES_SNAPSHOT that replaces the text resets, even when folded with an append of the same length (%s)", (_, read, inBatch) => {
    const thread = createThread();
    fold(thread, start(), content("abc"));
    if (read) void nodeOf(thread, "m1").content;
    const r = recorder();
    subscribeText(nodeOf(thread, "m1"), r.sink);
    // Replacement by text of the same length, then an append, in one batch: the delta alone
    // would give "abcd" and the lengths agree, so only the write count can tell.
    batch(() => {
      fold(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m1", role: "assistant", content: "xyz" }] });
      fold(thread, start(), content("d"));
    });
    expect(r.calls.slice(1)).toEqual(inBatch);
    expect(r.text()).toBe("xyzd");
    fold(thread, content("e"));
    expect(r.calls.at(-1)).toBe("append:e");
    expect(r.text()).toBe("xyzde");
    fold(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m1", role: "assistant", content: "server text" }] });
    expect(r.calls.at(-1)).toBe("reset:server text");
  });

  it("content parts show their text joined; text appended to them is a reset", () => {
    const thread = createThread({
      messages: [
        {
          id: "u1",
          role: "user",
          content: [
            { type: "text", text: "look " },
            { type: "binary", mimeType: "image/png", url: "https://example.test/a.png" },
            { type: "text", text: "here" },
          ],
        },
      ],
    } as never);
    const r = recorder();
    subscribeText(nodeOf(thread, "u1"), r.sink);
    expect(r.calls).toEqual(["reset:look here"]);
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "u1", role: "user" }, content("!", "u1"));
    expect(r.calls.at(-1)).toBe("reset:!");
  });

  it("reasoning content streams the same way; an activity message is empty text", () => {
    const thread = createThread();
    fold(
      thread,
      { type: "REASONING_MESSAGE_START", messageId: "rz", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "rz", delta: "think" },
    );
    const r = recorder();
    subscribeText(nodeOf(thread, "rz"), r.sink);
    fold(thread, { type: "REASONING_MESSAGE_CONTENT", messageId: "rz", delta: "ing" });
    expect(r.calls).toEqual(["reset:think", "append:ing"]);
    fold(thread, { type: "ACTIVITY_SNAPSHOT", messageId: "a1", activityType: "plan", content: { steps: [] } });
    const a = recorder();
    subscribeText(nodeOf(thread, "a1"), a.sink)();
    expect(a.calls).toEqual(["reset:"]);
  });

  it("unsubscribing releases the content signal (no further calls)", () => {
    const thread = createThread();
    fold(thread, start(), content("a"));
    const r = recorder();
    const stop = subscribeText(nodeOf(thread, "m1"), r.sink);
    stop();
    fold(thread, content("b"));
    expect(r.calls).toEqual(["reset:a"]);
  });

  it.each([
    ["straight from the node", false, ["append:c", "append:d"]],
    ["through the content's signal", true, ["append:cd"]],
  ])("two subscribers at different points each get a consistent view (%s)", (_, read, inBatch) => {
    const thread = createThread();
    fold(thread, start(), content("a"));
    if (read) void nodeOf(thread, "m1").content;
    const early = recorder();
    subscribeText(nodeOf(thread, "m1"), early.sink);
    fold(thread, content("b"));
    const late = recorder();
    subscribeText(nodeOf(thread, "m1"), late.sink);
    batch(() => fold(thread, content("c"), content("d")));
    fold(thread, content("e"));
    expect(early.calls).toEqual(["reset:a", "append:b", ...inBatch, "append:e"]);
    expect(late.calls).toEqual(["reset:ab", ...inBatch, "append:e"]);
    expect(early.text()).toBe("abcde");
    expect(late.text()).toBe("abcde");
  });
});
