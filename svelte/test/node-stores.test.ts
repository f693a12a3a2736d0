// Per-node stores over a thread folded by the real run loop: what each store holds, that it
// notifies only for its own node, and that the same node always gives the same store.
import { fromEvents, type AssistantMessageNode, type ToolCallNode } from "@threadline/core";
import { RunLoop } from "@threadline/core/run";
import { get } from "svelte/store";
import { describe, expect, test } from "vitest";
import { useMessageParts, useMessageText, useStateAt, useToolCall } from "../src/index.js";
import { createFeed, run } from "./support/feed.js";
import { isWatched, watchedSignals } from "./support/watchers.js";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function loopOn(feed: Iterable<unknown> | AsyncIterable<unknown>): RunLoop {
  return new RunLoop({ source: fromEvents(feed), threadId: "t1", onWarning: () => {} });
}

describe("useMessageText", () => {
  test("follows one message's deltas and nothing else", async () => {
    const feed = createFeed();
    const loop = loopOn(feed);
    const done = loop.run({ runId: "r1" });
    await feed.push(run.started(), run.textStart("a"), run.text("a", "Hel"), run.textStart("b"));
    const [a, b] = loop.thread.messages.value as AssistantMessageNode[];
    const seenA: string[] = [];
    const seenB: string[] = [];
    const stopA = useMessageText(a!).subscribe((v) => seenA.push(v));
    const stopB = useMessageText(b!).subscribe((v) => seenB.push(v));
    await feed.push(run.text("a", "lo"), run.text("b", "x"), run.text("a", "!"));
    await feed.push(run.textEnd("a"), run.textEnd("b"), run.finished());
    feed.end();
    expect((await done).status).toBe("succeeded");
    expect(seenA).toEqual(["Hel", "Hello", "Hello!"]);
    expect(seenB).toEqual(["", "x"]);
    expect(useMessageText(a!)).toBe(useMessageText(a!));
    // While subscribed, exactly the two content signals are watched (the graph walk sees them).
    expect(watchedSignals(loop.thread)).toEqual([a!.content, b!.content]);
    stopA();
    stopB();
    expect(watchedSignals(loop.thread)).toEqual([]);
  });

  test("user content parts read as their joined text; activity messages have none", () => {
    const loop = loopOn([]);
    loop.setMessages([
      { id: "u", role: "user", content: [{ type: "text", text: "a " }, { type: "image", source: { type: "url", value: "https://x/y.png" } }, { type: "text", text: "b" }] },
      { id: "s", role: "system", content: "be kind" },
      { id: "act", role: "activity", activityType: "plan", content: { steps: [] } },
    ] as never);
    const texts = loop.thread.messages.value.map((node) => get(useMessageText(node)));
    expect(texts).toEqual(["a b", "be kind", ""]);
  });
});

describe("useMessageParts", () => {
  test("an assistant message's parts change once per new part, never per token; other roles have none", async () => {
    const feed = createFeed();
    const loop = loopOn(feed);
    const done = loop.run({ runId: "r1" });
    await feed.push(run.started(), run.textStart("a"), run.text("a", "Hi"));
    const a = loop.thread.messages.value[0]!;
    const seen: number[] = [];
    const stop = useMessageParts(a).subscribe((parts) => seen.push(parts.length));
    await feed.push(run.text("a", " there"), run.text("a", "!"), run.toolStart("c1", "search", "a"), run.toolArgs("c1", "{}"));
    await feed.push(run.toolEnd("c1"), run.textEnd("a"), run.finished());
    feed.end();
    await done;
    expect(seen).toEqual([1, 2]);
    expect(useMessageParts(a)).toBe(useMessageParts(a));
    stop();
    loop.setMessages([{ id: "u", role: "user", content: "hello" }] as never);
    expect(get(useMessageParts(loop.thread.messages.value[0]!))).toEqual([]);
  });
});

describe("useToolCall", () => {
  test("one view per args delta for its own call; field stores notify only for their field", async () => {
    const feed = createFeed();
    const loop = loopOn(feed);
    const done = loop.run({ runId: "r1" });
    await feed.push(run.started(), run.textStart("a"), run.toolStart("c1", "search", "a"), run.toolStart("c2", "other", "a"));
    const c1 = loop.thread.toolCall("c1") as ToolCallNode;
    const c2 = loop.thread.toolCall("c2") as ToolCallNode;
    const store = useToolCall(c1);
    const views: unknown[] = [];
    const statuses: string[] = [];
    const otherViews: unknown[] = [];
    const stops = [
      store.subscribe((v) => views.push(v)),
      store.stores.status.subscribe((v) => statuses.push(v)),
      useToolCall(c2).subscribe((v) => otherViews.push(v)),
    ];
    await feed.push(run.toolArgs("c1", '{"query": "ca'), run.toolArgs("c1", 'ts"'), run.toolArgs("c1", "}"));
    expect(views).toHaveLength(4);
    expect(statuses).toEqual(["streaming"]);
    expect(otherViews).toHaveLength(1);
    await feed.push(run.toolEnd("c1"), run.toolEnd("c2"), run.textEnd("a"), run.finished());
    feed.end();
    await done;
    expect(get(store)).toMatchObject({
      id: "c1",
      name: "search",
      argsText: '{"query": "cats"}',
      partialArgs: { query: "cats" },
      args: { query: "cats" },
      status: "complete",
      result: undefined,
      error: undefined,
    });
    expect(statuses).toEqual(["streaming", "complete"]);
    expect(useToolCall(c1)).toBe(store);
    // Outside an effect a field reads the value now; the stores are made once.
    expect(useToolCall(c1).argsText).toBe('{"query": "cats"}');
    expect(useToolCall(c1).stores).toBe(store.stores);
    expect(get(store.stores.argsText)).toBe('{"query": "cats"}');
    for (const stop of stops) stop();
    expect(watchedSignals(loop.thread)).toEqual([]);
  });

  test("result is the content of the tool message answering the call", async () => {
    const feed = createFeed();
    const loop = loopOn(feed);
    const done = loop.run({ runId: "r1" });
    await feed.push(run.started(), run.toolStart("c1", "search", "a"), run.toolArgs("c1", "{}"), run.toolEnd("c1"));
    const results: unknown[] = [];
    const stop = useToolCall(loop.thread.toolCall("c1")!).stores.result.subscribe((v) => results.push(v));
    await feed.push({ type: "TOOL_CALL_RESULT", messageId: "t", toolCallId: "c1", content: "42 cats" }, run.finished());
    feed.end();
    await done;
    expect(results).toEqual([undefined, "42 cats"]);
    expect(get(useToolCall(loop.thread.toolCall("c1")!)).status).toBe("succeeded");
    stop();
    expect(watchedSignals(loop.thread)).toEqual([]);
  });
});

describe("useStateAt", () => {
  test("one path of shared state: notified when that path changes, quiet otherwise", async () => {
    const feed = createFeed();
    const loop = loopOn(feed);
    const done = loop.run({ runId: "r1" });
    await feed.push(run.started(), { type: "STATE_SNAPSHOT", snapshot: { todos: ["a"], mood: "ok" } });
    const seen: unknown[] = [];
    const store = useStateAt(loop.thread, "/todos");
    expect(useStateAt(loop.thread, "/todos")).toBe(store);
    const stop = store.subscribe((v) => seen.push(v));
    await feed.push({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/mood", value: "good" }] });
    await feed.push({ type: "STATE_DELTA", delta: [{ op: "add", path: "/todos/-", value: "b" }] });
    await feed.push(run.finished());
    feed.end();
    await done;
    expect(seen).toEqual([["a"], ["a", "b"]]);
    stop();
    expect(isWatched(loop.thread.state as never)).toBe(false);
  });

  test("a pointer that is not a JSON Pointer is the core's typed error", () => {
    const loop = loopOn([]);
    expect(() => useStateAt(loop.thread, "todos")).toThrowError(/INVALID_POINTER|JSON Pointer/);
  });
});
