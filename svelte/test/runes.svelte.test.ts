// The runes side of the binding: `chat.messages`, `chat.status`, `text.current`, `call.argsText`
// with no `$` and no fromStore — what subscribes (only what an effect or template reads), what a
// read follows (for every hook), and what is released. What re-renders per streamed event is in
// chat.test.ts (the same app with stores and with runes), the server in ssr.test.ts, hydration in
// runes-hydrate.test.ts. A `.svelte.test.ts` file, so the tests themselves can use `$effect.root`,
// `$effect` and `$derived`, as a `.svelte.ts` module of an app would.
import { signal, type ReadonlySignal } from "@preact/signals-core";
import { render, screen } from "@testing-library/svelte";
import { ChatClient, chatAttachments, createThread, messageBranches, subagentLanes, type AGUIEvent, type ChatClientOptions } from "@threadline/core";
import { foldEvent } from "@threadline/core/fold";
import { messageAttachmentsSignal, messagePartsSignal, messageTextSignal } from "@threadline/core/model";
import { flushSync } from "svelte";
import { get } from "svelte/store";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import RunesChatApp from "./components/RunesChatApp.svelte";
import RunesToggle from "./components/RunesToggle.svelte";
import {
  useAttachments,
  useChat,
  useComponentProps,
  useComponentState,
  useComponentStatus,
  useMessageParts,
  useMessageText,
  useSignal,
  useStateAt,
  useSubagent,
  useToolCall,
  type UseChatReturn,
} from "../src/index.js";
import { componentNode } from "./support/component-node.js";
import { Renders } from "./support/renders.js";
import { scriptedAgent, text, tool, type ScriptedAgent } from "./support/scripted-agent.js";
import { subagentLane } from "./support/subagent-lane.js";
import { countSubscriptions, isWatched, watchedSignals } from "./support/watchers.js";
import { partsFollowers } from "../../core/test/support/parts-followers.js";

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

/** Svelte lets a subscription go a microtask after the last effect reading it is destroyed. */
const released = (): Promise<void> => new Promise((resolve) => queueMicrotask(() => resolve()));

function options(agent: ScriptedAgent, more: Partial<ChatClientOptions> = {}): ChatClientOptions {
  let n = 0;
  return { agent, threadId: "t1", presence: false, createId: () => `id-${++n}`, onWarning: () => {}, ...more };
}

function mountChat(agent: ScriptedAgent, renders: Renders) {
  let chat: UseChatReturn | undefined;
  const view = render(RunesChatApp, { options: options(agent), renders, onchat: (c: UseChatReturn) => (chat = c) });
  if (chat === undefined) throw new Error("RunesChatApp did not report its chat");
  return { ...view, chat };
}

/** Runs `read` in an `$effect` (as a component or a `.svelte.ts` module would) and records each value it sees. */
function follow<T>(read: () => T): { readonly seen: T[]; stop(): void } {
  const seen: T[] = [];
  const stop = $effect.root(() => {
    $effect(() => {
      seen.push(read());
    });
  });
  flushSync();
  return { seen, stop };
}

describe("a runes chat component", () => {
  test("`{#if chat.error}` shows a failed run's error; the partial answer stays", async () => {
    const agent = scriptedAgent();
    const { chat } = mountChat(agent, new Renders());
    expect(screen.queryByTestId("error")).toBeNull();
    const turn = chat.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    run.push(text.start("a1"), text.delta("a1", "par"), { type: "RUN_ERROR", message: "overloaded" });
    run.close();
    expect((await turn).status).toBe("failed");
    flushSync();
    expect(screen.getByTestId("error").textContent).toBe("AGENT_RUN_ERROR");
    expect(chat.error?.code).toBe("AGENT_RUN_ERROR");
    expect(screen.getByTestId("text-a1").textContent).toBe("par");
    chat.clear();
    flushSync();
    expect(screen.queryByTestId("error")).toBeNull();
  });
});

describe("lazy subscription", () => {
  test("a field opens its core subscription when an effect first reads it and releases it after the last stops", async () => {
    const count = signal(1);
    const store = useSignal(count);
    // Read outside any effect: the value now, nothing subscribed.
    expect(store.current).toBe(1);
    expect(isWatched(count)).toBe(false);

    const view = render(RunesToggle, { store, show: false });
    expect(isWatched(count)).toBe(false);
    await view.rerender({ store, show: true });
    expect(screen.getByTestId("shown").textContent).toBe("1");
    expect(isWatched(count)).toBe(true);
    count.value = 2;
    flushSync();
    expect(screen.getByTestId("shown").textContent).toBe("2");

    // A second reader and a `$` subscriber share the one core subscription.
    const second = follow(() => store.current);
    const fromStore: number[] = [];
    const unsubscribe = store.subscribe((value) => fromStore.push(value));
    expect(subscriptions.opened).toBe(1);
    count.value = 3;
    flushSync();
    expect(second.seen).toEqual([2, 3]);
    expect(fromStore).toEqual([2, 3]);

    await view.rerender({ store, show: false });
    second.stop();
    await released();
    expect(isWatched(count)).toBe(true); // the store subscriber still holds it
    unsubscribe();
    expect(isWatched(count)).toBe(false);
    expect(subscriptions.live).toBe(0);

    // Reading again subscribes again, from the current value.
    count.value = 4;
    const again = follow(() => store.current);
    expect(again.seen).toEqual([4]);
    expect(subscriptions.live).toBe(1);
    again.stop();
    await released();
    expect(subscriptions.live).toBe(0);
    view.unmount();
  });

  test("`$derived` over a chat's fields in a `.svelte.ts` module: subscribed while an effect reads the derived, released after", async () => {
    const agent = scriptedAgent();
    const chat = useChat(options(agent));
    const root = $effect.root(() => {
      const count = $derived(chat.messages.length);
      const busy = $derived(chat.status !== "idle");
      const seen: string[] = [];
      $effect(() => {
        seen.push(`${count}:${busy}`);
      });
      return () => void seen;
    });
    flushSync();
    expect(isWatched(chat.chat.thread.messages)).toBe(true);
    expect(isWatched(chat.chat.status)).toBe(true);
    // Fields nobody reads stay unsubscribed.
    expect(isWatched(chat.chat.usage)).toBe(false);
    expect(isWatched(chat.chat.pendingInterrupts)).toBe(false);
    root();
    await released();
    expect(watchedSignals(chat.chat)).toEqual([]);
    expect(subscriptions.live).toBe(0);
    chat.dispose();
  });

  test("a field that is written while no effect reads it is read fresh by the next one", async () => {
    const agent = scriptedAgent();
    const client = new ChatClient(options(agent, { state: { todos: ["a"] } }));
    const chat = useChat({ chat: client });
    const first = follow(() => chat.state);
    first.stop();
    await released();
    chat.setState({ todos: ["a", "b"] });
    const second = follow(() => chat.state);
    expect(second.seen).toEqual([{ todos: ["a", "b"] }]);
    second.stop();
    client.dispose();
  });
});

describe("a chat held in state", () => {
  test("`$state` (which proxies plain objects) leaves the reads reactive, and swapping the chat follows the new one", async () => {
    const first = new ChatClient(options(scriptedAgent(), { state: { n: 1 } }));
    const second = new ChatClient(options(scriptedAgent(), { state: { n: 2 } }));
    let current = $state(useChat({ chat: first }));
    const followed = follow(() => (current.state as { n: number }).n);
    first.setState({ n: 10 });
    flushSync();
    current = useChat({ chat: second });
    flushSync();
    second.setState({ n: 20 });
    flushSync();
    expect(followed.seen).toEqual([1, 10, 2, 20]);
    // The first chat's subscription went with the swap.
    expect(isWatched(first.state)).toBe(false);
    followed.stop();
    await released();
    expect(subscriptions.live).toBe(0);
    first.dispose();
    second.dispose();
  });
});

/** One runes read and the core signal it must follow. */
interface ReadCase {
  readonly name: string;
  read(): unknown;
  readonly signal: ReadonlySignal<unknown>;
  /** Writes the signal (where the test can), and the value the read must then give. */
  readonly change?: () => unknown;
}

/** An effect reads it: the value is the signal's, the signal is watched, a write re-runs the effect; stopping releases it. */
async function expectFollows(c: ReadCase): Promise<void> {
  expect(isWatched(c.signal), `${c.name}: unwatched before`).toBe(false);
  const followed = follow(() => c.read());
  expect(followed.seen, c.name).toEqual([c.signal.peek()]);
  expect(isWatched(c.signal), `${c.name}: watched while read`).toBe(true);
  if (c.change) {
    const expected = c.change();
    flushSync();
    expect(followed.seen.at(-1), `${c.name}: after a change`).toEqual(expected);
    expect(followed.seen, c.name).toHaveLength(2);
  }
  followed.stop();
  await released();
  expect(isWatched(c.signal), `${c.name}: released`).toBe(false);
}

describe("every hook reads as runes", () => {
  test("useChat: every field follows its own signal of the client", async () => {
    const agent = scriptedAgent();
    const client = new ChatClient(
      options(agent, { state: { todos: ["pack"] }, subagents: subagentLanes(), branching: messageBranches(), messages: [{ id: "u1", role: "user", content: "Hi" }] }),
    );
    const chat = useChat({ chat: client });
    const { thread } = client;
    const cases: ReadCase[] = [
      { name: "messages", read: () => chat.messages, signal: thread.messages, change: () => (client.setMessages([]), []) },
      { name: "state", read: () => chat.state, signal: client.state, change: () => (chat.setState({ todos: [] }), { todos: [] }) },
      { name: "thread.messages", read: () => chat.thread.messages, signal: thread.messages },
      { name: "thread.status", read: () => chat.thread.status, signal: client.status },
      { name: "thread.threadId", read: () => chat.thread.threadId, signal: thread.threadId },
      { name: "subagents", read: () => chat.subagents, signal: thread.subagents },
      { name: "capabilities", read: () => chat.capabilities, signal: client.capabilities },
    ];
    for (const key of ["status", "error", "isRunning", "sessionGenerating", "following", "pendingInterrupts", "persistenceError", "usage", "runUsage", "statusNote"] as const) {
      cases.push({ name: key, read: () => chat[key], signal: client[key] });
    }
    for (const c of cases) await expectFollows(c);
    // The status through a real turn: the effect sees each step.
    const status = follow(() => chat.status);
    const turn = chat.sendMessage("Again");
    const run = await agent.nextRun();
    run.started();
    run.finished();
    await turn;
    flushSync();
    expect(status.seen).toEqual(["idle", "submitted", "streaming", "idle"]);
    status.stop();
    await released();
    expect(subscriptions.live).toBe(0);
    client.dispose();
  });

  test("chat.branches(id) and chat.subagentsOf(id) read at `.current`", async () => {
    const agent = scriptedAgent();
    const client = new ChatClient(options(agent, { subagents: subagentLanes(), branching: messageBranches(), messages: [{ id: "u1", role: "user", content: "Hi" }] }));
    const chat = useChat({ chat: client });
    const branches = chat.branches("u1");
    const followed = follow(() => branches.current?.count);
    expect(followed.seen).toEqual([1]);
    const turn = chat.editMessage("u1", "Hello");
    const run = await agent.nextRun();
    run.started();
    run.finished();
    await turn;
    flushSync();
    // The edit forked u1: it left the active branch, the new user message took its place.
    expect(followed.seen).toEqual([1, undefined]);
    followed.stop();
    const edited = chat.messages[0]!;
    expect(edited.id).not.toBe("u1");
    const fork = chat.branches(edited.id);
    const forked = follow(() => fork.current?.count);
    expect(forked.seen).toEqual([2]);
    expect(get(fork)).toMatchObject({ count: 2, index: 1 }); // and a store
    forked.stop();
    const lanes = chat.subagentsOf("c1");
    await expectFollows({ name: "subagentsOf", read: () => lanes.current, signal: client.thread.subagentsOf("c1") });
    await released();
    expect(subscriptions.live).toBe(0);
    client.dispose();
  });

  test("useMessageText, useMessageParts, useToolCall (each field), useAttachments, useStateAt, useSignal", async () => {
    const thread = createThread({ threadId: "t" });
    const fold = (...events: object[]) => {
      for (const event of events) foldEvent(thread, event as AGUIEvent);
    };
    fold({ type: "RUN_STARTED", threadId: "t", runId: "r" }, text.start("a1"), text.delta("a1", "Hel"));
    const message = thread.messages.value[0]!;
    await expectFollows({ name: "useMessageText", read: () => useMessageText(message).current, signal: messageTextSignal(message), change: () => (fold(text.delta("a1", "lo")), "Hello") });
    // The parts are heard on the node (core's subscribeParts), not through a parts signal: while
    // read, one follower in the node's rare record; released with the last reader.
    const followers = () => partsFollowers(message);
    const parts = follow(() => useMessageParts(message).current.map((part) => part.type));
    expect(parts.seen).toEqual([["text"]]);
    expect(followers(), "useMessageParts: followed while read").toBe(1);
    fold(tool.start("c1", "search", "a1"));
    flushSync();
    expect(parts.seen).toEqual([["text"], ["text", "tool-call"]]);
    parts.stop();
    await released();
    expect(followers(), "useMessageParts: released").toBe(0);
    expect(isWatched(messagePartsSignal(message)), "useMessageParts: no parts signal followed").toBe(false);
    const call = thread.toolCall("c1")!;
    await expectFollows({ name: "useToolCall.argsText", read: () => useToolCall(call).argsText, signal: call.argsText, change: () => (fold(tool.args("c1", '{"q":')), '{"q":') });
    await expectFollows({ name: "useToolCall.status", read: () => useToolCall(call).status, signal: call.status, change: () => (fold(tool.args("c1", '"x"}'), tool.end("c1")), "complete") });
    for (const key of ["name", "partialArgs", "args", "argumentStatus", "error"] as const) {
      await expectFollows({ name: `useToolCall.${key}`, read: () => useToolCall(call)[key], signal: call[key] });
    }
    // `result`: the content of the tool message answering the call, followed through it.
    const result = follow(() => useToolCall(call).result);
    fold({ type: "TOOL_CALL_RESULT", messageId: "t1", toolCallId: "c1", content: "42" });
    flushSync();
    expect(result.seen).toEqual([undefined, "42"]);
    result.stop();

    const agent = scriptedAgent();
    const client = new ChatClient(options(agent, { state: { todos: ["a"] } }));
    const chat = useChat({ chat: client });
    const todos = useStateAt<string[]>(chat, "/todos");
    await expectFollows({ name: "useStateAt", read: () => todos.current, signal: client.thread.select("/todos"), change: () => (chat.setState({ todos: ["a", "b"] }), ["a", "b"]) });
    client.dispose();

    const count = signal(1);
    await expectFollows({ name: "useSignal", read: () => useSignal(count).current, signal: count, change: () => ((count.value = 2), 2) });
    await released();
    expect(subscriptions.live).toBe(0);
  });

  test("useAttachments over a chat that sent a file", async () => {
    const agent = scriptedAgent();
    const client = new ChatClient(options(agent, { attachments: chatAttachments() }));
    const chat = useChat({ chat: client });
    void chat.sendMessage({ text: "what is this?", files: [new File([new Uint8Array([1, 2])], "a.png", { type: "image/png" })] });
    const run = await agent.nextRun();
    const user = chat.messages[0]!;
    const attachments = useAttachments(user);
    const followed = follow(() => attachments.current.map((a) => a.type));
    expect(followed.seen).toEqual([["image"]]);
    expect(isWatched(messageAttachmentsSignal(user))).toBe(true);
    followed.stop();
    await released();
    expect(isWatched(messageAttachmentsSignal(user))).toBe(false);
    run.started();
    run.finished();
    client.dispose();
  });

  test("useComponentProps, useComponentState, useComponentStatus (each field), useSubagent (each field)", async () => {
    const node = { ...componentNode("w1", "weather", { city: "Oslo" }), error: signal<unknown>(undefined) };
    await expectFollows({ name: "useComponentProps", read: () => useComponentProps(node).current, signal: node.props, change: () => ((node.props.value = { city: "Rome" }), { city: "Rome" }) });
    await expectFollows({ name: "useComponentState", read: () => useComponentState(node).current, signal: node.state, change: () => ((node.state.value = { open: true }), { open: true }) });
    const status = useComponentStatus(node);
    await expectFollows({ name: "useComponentStatus.streaming", read: () => status.streaming, signal: node.streaming, change: () => ((node.streaming.value = "streaming"), "streaming") });
    await expectFollows({ name: "useComponentStatus.propStatus", read: () => status.propStatus, signal: node.propStatus, change: () => ((node.propStatus.value = { city: "complete" }), { city: "complete" }) });
    await expectFollows({ name: "useComponentStatus.error", read: () => status.error, signal: node.error, change: () => ((node.error.value = "bad"), "bad") });
    // A node without status signals reads undefined and subscribes nothing.
    const bare = useComponentStatus({ id: "b", name: "card", props: signal({}), state: signal({}) });
    expect([bare.streaming, bare.propStatus, bare.error]).toEqual([undefined, undefined, undefined]);
    expect(get(bare.stores.streaming)).toBeUndefined();

    const lane = subagentLane();
    const fields = useSubagent(lane);
    for (const key of ["name", "description", "status", "error", "result", "parentToolCallId", "messages", "lanes"] as const) {
      await expectFollows({ name: `useSubagent.${key}`, read: () => fields[key], signal: lane[key] });
    }
    await expectFollows({ name: "useSubagent.status change", read: () => fields.status, signal: lane.status, change: () => ((lane.status as ReturnType<typeof signal>).value = "succeeded") });
    expect(subscriptions.live).toBe(0);
  });
});
