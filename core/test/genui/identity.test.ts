import { describe, expect, it } from "vitest";
import { cEnd, componentsOf, countWrites, cProps, cStart, fold, set, started, tamboThread } from "./helpers.js";

describe("fine-grained writes", () => {
  it("one props stream of 1,000 deltas changes only that component's signals", () => {
    const { thread } = tamboThread();
    fold(
      thread,
      started(),
      { type: "TEXT_MESSAGE_START", messageId: "m1" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Two cards:" },
      cStart("a", "Card"),
      cStart("b", "Card"),
      cProps("b", [set("/title", "B")]),
    );
    const [a, b] = componentsOf(thread, "m1");
    const message = thread.message("m1")!;
    const bProps = b!.props.value;

    const watched = {
      aProps: countWrites(a!.props),
      aStatus: countWrites(a!.propStatus),
      aStreaming: countWrites(a!.streaming),
      aState: countWrites(a!.state),
      aError: countWrites(a!.error),
      bProps: countWrites(b!.props),
      bStatus: countWrites(b!.propStatus),
      bStreaming: countWrites(b!.streaming),
      bState: countWrites(b!.state),
      bError: countWrites(b!.error),
      messages: countWrites(thread.messages),
      parts: message.role === "assistant" ? countWrites(message.parts) : undefined,
      content: message.role === "assistant" ? countWrites(message.content) : undefined,
      state: countWrites(thread.state),
      status: countWrites(thread.status),
    };

    fold(thread, cProps("a", [set("/text", "")]));
    for (let i = 0; i < 999; i++) fold(thread, cProps("a", [{ op: "replace", path: "/text", value: "x".repeat(i + 1) }]));

    expect(watched.aProps.count).toBe(1000);
    // started → streaming once; the status record once (text: streaming), not per delta.
    expect(watched.aStreaming.count).toBe(1);
    expect(watched.aStatus.count).toBe(1);
    expect(watched.aState.count).toBe(0);
    expect(watched.aError.count).toBe(0);
    for (const key of ["bProps", "bStatus", "bStreaming", "bState", "bError", "messages", "parts", "content", "state", "status"] as const) {
      expect({ key, count: watched[key]!.count }).toEqual({ key, count: 0 });
    }
    expect(b!.props.value).toBe(bProps);

    fold(thread, cEnd("a"));
    expect(watched.aStreaming.count).toBe(2);
    expect(watched.aStatus.count).toBe(2);
    expect(watched.bStatus.count).toBe(0);
    for (const w of Object.values(watched)) w?.stop();
  });

  it("a delta shares every untouched prop with the previous props object", () => {
    const { thread } = tamboThread();
    fold(thread, started(), cStart("a", "Card"), cProps("a", [set("/rows", [{ n: 1 }]), set("/meta", { k: 1 }), set("/title", "t")]));
    const [a] = componentsOf(thread, "m1");
    const before = a!.props.value as { rows: unknown; meta: unknown };
    fold(thread, cProps("a", [{ op: "replace", path: "/title", value: "t2" }]));
    const after = a!.props.value as { rows: unknown; meta: unknown };
    expect(after).not.toBe(before);
    expect(after.rows).toBe(before.rows);
    expect(after.meta).toBe(before.meta);
    // The previous object is untouched (immutable publication).
    expect(before).toEqual({ rows: [{ n: 1 }], meta: { k: 1 }, title: "t" });
  });

  it("other messages and their parts keep their identity while a component streams", () => {
    const { thread } = tamboThread();
    fold(
      thread,
      started(),
      { type: "TEXT_MESSAGE_START", messageId: "m0" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m0", delta: "earlier" },
      { type: "TEXT_MESSAGE_END", messageId: "m0" },
      cStart("c1", "Card", "m1"),
    );
    const list = thread.messages.value;
    const m0 = thread.message("m0")!;
    const m0Parts = m0.role === "assistant" ? m0.parts.value : undefined;
    fold(thread, cProps("c1", [set("/x", 1)]), cProps("c1", [set("/y", 2)]), cEnd("c1"));
    expect(thread.messages.value).toBe(list);
    expect(thread.message("m0")).toBe(m0);
    expect(m0.role === "assistant" ? m0.parts.value : undefined).toBe(m0Parts);
  });
});
