// The composables on their own, inside effect scopes: following nodes given as refs or getters,
// reactive proxies, scope release, the no-scope warning, and shared-state paths.
import { signal } from "@preact/signals-core";
import { createThread, fromEvents, type MessageNode, type Thread } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { InvalidPointerError } from "@threadline/core/model";
import { RunLoop } from "@threadline/core/run";
import { effectScope, nextTick, reactive, ref, shallowRef, watch } from "vue";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { useMessageText, useSignal, useStateAt, useToolCall } from "../src/index.js";
import { runFinished, runStarted, stateDelta, stateSnapshot, textContent, textEnd, textStart, toolArgs, toolStart } from "./support/events.js";
import { countSubscriptions, type SubscriptionCounter } from "./support/subscriptions.js";

let subscriptions: SubscriptionCounter;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => subscriptions.restore());

/** A thread with two assistant messages, a1 and a2, and a tool call tc1 in a1. */
function twoMessages(): Thread {
  const thread = createThread({ threadId: "t1" });
  const events = [
    runStarted("t1", "r1"),
    textStart("a1"),
    textContent("a1", "one"),
    toolStart("tc1", "search", "a1"),
    toolArgs("tc1", '{"q":'),
    textStart("a2"),
    textContent("a2", "two"),
  ];
  for (const event of events) foldEvent(thread, event as never);
  return thread;
}

function message(thread: Thread, id: string): MessageNode {
  const node = thread.message(id);
  if (node === undefined) throw new Error(`no message ${id}`);
  return node;
}

describe("following a node", () => {
  test("a ref source re-subscribes when it points at another node, and the old node no longer reaches the ref", () => {
    const thread = twoMessages();
    const scope = effectScope();
    const current = shallowRef<MessageNode>(message(thread, "a1"));
    const text = scope.run(() => useMessageText(current))!;
    expect(text.value).toBe("one");
    expect(subscriptions.live).toBe(1);

    current.value = message(thread, "a2");
    expect(text.value).toBe("two");
    expect(subscriptions.live).toBe(1);

    foldEvent(thread, textContent("a1", "!") as never);
    expect(text.value).toBe("two");
    foldEvent(thread, textContent("a2", "?") as never);
    expect(text.value).toBe("two?");

    scope.stop();
    expect(subscriptions.live).toBe(0);
  });

  test("a getter that yields no node yet gives empty values, then follows the node once the getter yields it", () => {
    const thread = twoMessages();
    const id = ref("missing");
    const scope = effectScope();
    const call = scope.run(() => useToolCall(() => (id.value === "missing" ? undefined : thread.toolCall(id.value))))!;
    expect(call.name.value).toBeUndefined();
    expect(subscriptions.live).toBe(0);
    id.value = "tc1";
    expect(call.name.value).toBe("search");
    expect(call.argsText.value).toBe('{"q":');
    expect(call.status.value).toBe("streaming");
    expect(subscriptions.live).toBe(8);
    id.value = "missing";
    expect(call.argsText.value).toBeUndefined();
    expect(subscriptions.live).toBe(0);
    scope.stop();
  });

  test("a node that arrives wrapped in reactive() is unwrapped, so releasing it really unsubscribes the source", () => {
    let live = 0;
    const source = signal("hi", { watched: () => void live++, unwatched: () => void live-- });
    const holder = reactive({ node: { source } });
    const scope = effectScope();
    const value = scope.run(() => useSignal(holder.node.source))!;
    expect(value.value).toBe("hi");
    expect(live).toBe(1);
    source.value = "there";
    expect(value.value).toBe("there");
    scope.stop();
    expect(live).toBe(0);
  });

  test("a token changes the text ref of its own message only", async () => {
    const thread = twoMessages();
    const scope = effectScope();
    const seen: string[] = [];
    scope.run(() => {
      const one = useMessageText(message(thread, "a1"));
      const two = useMessageText(message(thread, "a2"));
      watch(one, (value) => seen.push(`a1:${value}`));
      watch(two, (value) => seen.push(`a2:${value}`));
    });
    foldEvent(thread, textContent("a2", " more") as never);
    foldEvent(thread, toolArgs("tc1", '"x"}') as never);
    await nextTick();
    expect(seen).toEqual(["a2:two more"]);
    scope.stop();
  });

  test("user content parts read as their text parts joined", () => {
    const thread = createThread({
      threadId: "t",
      messages: [
        {
          id: "u1",
          role: "user",
          content: [
            { type: "text", text: "look at " },
            { type: "binary", mimeType: "image/png", data: "AAAA" },
            { type: "text", text: "this" },
          ],
        },
      ] as never,
    });
    const scope = effectScope();
    expect(scope.run(() => useMessageText(message(thread, "u1")))!.value).toBe("look at this");
    scope.stop();
  });
});

describe("outside an effect scope", () => {
  test("warns that nothing will release the subscription, and dispose() releases it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const thread = twoMessages();
    const text = useMessageText(message(thread, "a1"));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("NO_EFFECT_SCOPE");
    expect(String(warn.mock.calls[0]?.[0])).toContain("useMessageText()");
    expect(subscriptions.live).toBe(1);
    text.dispose();
    expect(subscriptions.live).toBe(0);
    foldEvent(thread, textContent("a1", "!") as never);
    expect(text.value).toBe("one");
    warn.mockRestore();
  });
});

describe("useStateAt", () => {
  test("a path's ref changes only when a patch touches that path, and follows a ref pointer", async () => {
    const queue = (events: object[]) => fromEvents(events);
    const loop = new RunLoop({
      source: queue([
        runStarted("t1", "r1"),
        stateSnapshot({ todos: [{ title: "a" }], user: { name: "Ann" } }),
        runFinished("t1", "r1"),
      ]),
      threadId: "t1",
    });
    const pointer = ref("/todos/0/title");
    const scope = effectScope();
    const changes: unknown[] = [];
    const { title, user } = scope.run(() => {
      const title = useStateAt<string>(loop, pointer);
      const user = useStateAt(loop.thread, "/user");
      watch(user, (value) => changes.push(value));
      return { title, user };
    })!;
    expect(title.value).toBeUndefined();
    await loop.run();
    expect(title.value).toBe("a");
    await nextTick();
    expect(changes).toHaveLength(1);

    // A patch to the todos leaves the user path (and its watcher) quiet.
    const thread = loop.thread;
    foldEvent(thread, runStarted("t1", "r2") as never);
    foldEvent(thread, stateDelta([{ op: "replace", path: "/todos/0/title", value: "b" }]) as never);
    await nextTick();
    expect(title.value).toBe("b");
    expect(changes).toHaveLength(1);

    pointer.value = "/user/name";
    expect(title.value).toBe("Ann");
    expect(user.value).toEqual({ name: "Ann" });
    expect(subscriptions.live).toBe(2);
    scope.stop();
    expect(subscriptions.live).toBe(0);
  });

  test("a pointer that is not a JSON Pointer is a typed error", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const scope = effectScope();
    expect(() => scope.run(() => useStateAt(createThread(), "todos"))).toThrow(InvalidPointerError);
    scope.stop();
    warn.mockRestore();
  });
});

test("textEnd does not disturb the text ref (streaming is another signal)", async () => {
  const thread = twoMessages();
  const scope = effectScope();
  let changes = 0;
  scope.run(() => watch(useMessageText(message(thread, "a1")), () => changes++));
  foldEvent(thread, textEnd("a1") as never);
  await nextTick();
  expect(changes).toBe(0);
  scope.stop();
});

test("useToolCall().result is the content of the tool message answering the call (as in @threadline/svelte)", () => {
  const thread = twoMessages();
  const scope = effectScope();
  const call = scope.run(() => useToolCall(thread.toolCall("tc1")!))!;
  expect(call.result.value).toBeUndefined();
  foldEvent(thread, { type: "TOOL_CALL_END", toolCallId: "tc1" } as never);
  foldEvent(thread, { type: "TOOL_CALL_RESULT", messageId: "t1", toolCallId: "tc1", content: "42 cats" } as never);
  expect(call.result.value).toBe("42 cats");
  scope.stop();
  expect(subscriptions.live).toBe(0);
});
