// A chat component tree over a real ChatClient, driven event by event: what re-renders per
// streamed event, what unmounting releases, and one chat shared through context — each written
// both ways: with stores (`$thread`, `$call`) and with runes (`chat.messages`, `call.argsText`).
import { fireEvent, render, screen } from "@testing-library/svelte";
import { ChatClient, ChatInputError, type ChatClientOptions } from "@threadline/core";
import { flushSync } from "svelte";
import { get } from "svelte/store";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import ChatApp from "./components/ChatApp.svelte";
import RunesChatApp from "./components/RunesChatApp.svelte";
import StoreChatApp from "./components/StoreChatApp.svelte";
import Orphan from "./components/Orphan.svelte";
import { useChat, BindingError, type UseChatReturn } from "../src/index.js";
import { Renders } from "./support/renders.js";
import { scriptedAgent, text, tool, type ScriptedAgent } from "./support/scripted-agent.js";
import { countSubscriptions, watchedSignals } from "./support/watchers.js";

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

function ids(): () => string {
  let n = 0;
  return () => `id-${++n}`;
}

function options(agent: ScriptedAgent): ChatClientOptions {
  return { agent, threadId: "t1", presence: false, createId: ids(), onWarning: () => {} };
}

/** Renders ChatApp (or another app component) and returns the chat it created. */
function mountChat(agent: ScriptedAgent, renders: Renders, app: typeof ChatApp | typeof RunesChatApp = ChatApp) {
  let chat: UseChatReturn | undefined;
  const view = render(app, { options: options(agent), renders, onchat: (c: UseChatReturn) => (chat = c) });
  if (chat === undefined) throw new Error("ChatApp did not report its chat");
  return { ...view, chat };
}

const textOf = (id: string) => screen.getByTestId(`text-${id}`).textContent;

const moved = (renders: Renders, before: Record<string, number>) => renders.movedSince(before);

/** Svelte lets a runes read's subscription go a microtask after the last effect reading it is destroyed. */
const released = (): Promise<void> => new Promise((resolve) => queueMicrotask(() => resolve()));

/**
 * The same app both ways, and where they differ: the runes app also counts its status and
 * running expressions, and reads a tool call field by field (`call.argsText`, `call.status`) where
 * `$call` is one view of all of them.
 */
const APPS = [
  { style: "stores", app: ChatApp, runEnd: {}, toolEnd: { "args:c1": 1, "status:c1": 1 } },
  { style: "runes", app: RunesChatApp, runEnd: { status: 1, running: 1 }, toolEnd: { "status:c1": 1 } },
] as const;

describe.each(APPS)("a chat component over a ChatClient ($style)", ({ app, runEnd, toolEnd }) => {
  test("streams 100 tokens into one message: only that message's text re-renders, once per token", async () => {
    const agent = scriptedAgent();
    const renders = new Renders();
    const { chat } = mountChat(agent, renders, app);
    const turn = chat.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    run.push(text.start("a1"), text.delta("a1", "Hello"));
    flushSync();
    expect(screen.getByTestId("messages").children).toHaveLength(2);
    expect(textOf("a1")).toBe("Hello");
    const userId = get(chat.thread).messages[0]!.id;
    expect(textOf(userId)).toBe("Hi");

    const before = renders.snapshot();
    for (let i = 0; i < 100; i++) {
      run.push(text.delta("a1", ` t${i}`));
      flushSync();
    }
    expect(moved(renders, before)).toEqual({ "text:a1": 100 });
    expect(textOf("a1")).toBe("Hello" + Array.from({ length: 100 }, (_, i) => ` t${i}`).join(""));

    run.push(text.end("a1"));
    run.finished();
    expect(await turn).toEqual({ status: "idle" });
    flushSync();
    expect(screen.getByTestId("status").textContent).toBe("idle");
  });

  test("a new message updates the list once and creates one item; existing items stay", async () => {
    const agent = scriptedAgent();
    const renders = new Renders();
    const { chat } = mountChat(agent, renders, app);
    void chat.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    run.push(text.start("a1"), text.delta("a1", "one"), text.end("a1"));
    flushSync();

    const before = renders.snapshot();
    run.push(text.start("a2"));
    flushSync();
    expect(moved(renders, before)).toEqual({ list: 1, "init:a2": 1, "text:a2": 1 });

    const afterStart = renders.snapshot();
    run.push(text.delta("a2", "two"));
    flushSync();
    expect(moved(renders, afterStart)).toEqual({ "text:a2": 1 });

    // The run ending changes the status, not the list: no item moves.
    const beforeEnd = renders.snapshot();
    run.push(text.end("a2"));
    run.finished();
    await vi.waitFor(() => expect(chat.status).toBe("idle"), { timeout: 10_000 });
    flushSync();
    expect(screen.getByTestId("status").textContent).toBe("idle");
    expect(moved(renders, beforeEnd)).toEqual(runEnd);
  });

  test("a tool call's args stream updates only that tool call's component", async () => {
    const agent = scriptedAgent();
    const renders = new Renders();
    const { chat } = mountChat(agent, renders, app);
    void chat.sendMessage("Weather?");
    const run = await agent.nextRun();
    run.started();
    run.push(text.start("a1"), text.delta("a1", "Checking"), tool.start("c1", "weather", "a1"), tool.start("c2", "news", "a1"));
    flushSync();
    expect(screen.getByTestId("status-c1").textContent).toBe("streaming");

    const before = renders.snapshot();
    const chunks = ['{"ci', 'ty": "Pa', "ris", '", "unit": ', '"C"}'];
    for (const chunk of chunks) {
      run.push(tool.args("c1", chunk));
      flushSync();
    }
    expect(moved(renders, before)).toEqual({ "args:c1": chunks.length });
    expect(screen.getByTestId("args-c1").textContent).toBe('{"city": "Paris", "unit": "C"}');

    // TOOL_CALL_END changes the status and the strict args: `$call` is a new view, so both of
    // c1's expressions re-evaluate (the args text is unchanged, so the DOM keeps it); the runes
    // read of `call.argsText` does not move. c2 is quiet.
    const beforeEnd = renders.snapshot();
    run.push(tool.end("c1"));
    flushSync();
    expect(moved(renders, beforeEnd)).toEqual(toolEnd);
    expect(screen.getByTestId("status-c1").textContent).toBe("complete");
    chat.stop();
  });

  test("unmounting the component that created the chat aborts the run and releases every subscription", async () => {
    const agent = scriptedAgent();
    const renders = new Renders();
    const { chat, unmount } = mountChat(agent, renders, app);
    const turn = chat.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    run.push(text.start("a1"), text.delta("a1", "par"), tool.start("c1", "weather", "a1"), tool.args("c1", '{"ci'));
    flushSync();
    expect(subscriptions.live).toBeGreaterThan(0);
    expect(watchedSignals(chat.chat.thread).length).toBeGreaterThan(0);

    unmount();
    expect(run.aborted).toBe(true);
    await released();
    expect(subscriptions.live).toBe(0);
    expect(watchedSignals(chat.chat.thread)).toEqual([]);
    expect(watchedSignals(chat.chat)).toEqual([]);
    expect((await turn).status).toBe("cancelled");
    // What streamed before the unmount is kept in the (disposed) client.
    expect(chat.chat.thread.toMessages().map((m) => m.id)).toContain("a1");
  });
});

describe("stores read straight in the markup", () => {
  test("with $thread straight in the {#each}, a new message re-evaluates existing items once (never per token)", async () => {
    // Svelte marks {#each} items as mutable when the expression reads a store, so every item is
    // handed its (unchanged) node again when the list changes. Documented in the README; the
    // $derived form above avoids it.
    const agent = scriptedAgent();
    const renders = new Renders();
    const { chat } = mountChat(agent, renders, StoreChatApp);
    void chat.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    run.push(text.start("a1"), text.delta("a1", "one"));
    flushSync();
    const userId = get(chat.thread).messages[0]!.id;

    const before = renders.snapshot();
    run.push(text.start("a2"));
    flushSync();
    expect(moved(renders, before)).toEqual({ list: 1, "init:a2": 1, "text:a2": 1, "text:a1": 1, [`text:${userId}`]: 1 });

    const tokens = renders.snapshot();
    for (let i = 0; i < 20; i++) {
      run.push(text.delta("a2", "x"));
      flushSync();
    }
    expect(moved(renders, tokens)).toEqual({ "text:a2": 20 });
    chat.stop();
  });

});

describe("lifecycle", () => {
  test("useChat({ chat }) wraps a client it does not own: unmount leaves the client running", async () => {
    const agent = scriptedAgent();
    const client = new ChatClient(options(agent));
    const baseline = subscriptions.live;
    const renders = new Renders();
    const view = render(ChatApp, { options: { chat: client } as never, renders });
    const turn = client.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    run.push(text.start("a1"), text.delta("a1", "still"));
    flushSync();
    expect(textOf("a1")).toBe("still");
    view.unmount();
    expect(run.aborted).toBe(false);
    expect(subscriptions.live).toBe(baseline);
    run.push(text.delta("a1", " going"), text.end("a1"));
    run.finished();
    expect((await turn).status).toBe("idle");
    expect(client.thread.toMessages().at(-1)).toMatchObject({ id: "a1", content: "still going" });
    client.dispose();
  });

  test("outside a component the caller disposes; dispose stops the run", async () => {
    const agent = scriptedAgent();
    const chat = useChat(options(agent));
    const turn = chat.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    chat.dispose();
    expect(run.aborted).toBe(true);
    expect((await turn).status).toBe("cancelled");
    chat.dispose();
  });

  test("bad client options are the core's ChatInputError, thrown before anything is created", () => {
    expect(() => useChat({ agent: scriptedAgent(), maxSteps: -1, presence: false })).toThrowError(ChatInputError);
    expect(() => useChat(null as never)).toThrowError(ChatInputError);
  });

  test("useChat({ chat }) refuses something that is not a chat client", () => {
    expect(() => useChat({ chat: { thread: {} } } as never)).toThrowError(BindingError);
    expect(() => useChat({ chat: null } as never)).toThrowError(/useChat\(\{ chat \}\) needs a ChatClient, got null/);
  });
});

describe("context", () => {
  test("two components share one chat: the composer sends through the chat the app created", async () => {
    const agent = scriptedAgent();
    const renders = new Renders();
    const { chat } = mountChat(agent, renders);
    await fireEvent.input(screen.getByTestId("draft"), { target: { value: "From the composer" } });
    await fireEvent.submit(screen.getByTestId("composer"));
    const run = await agent.nextRun();
    expect(run.input.messages.at(-1)).toMatchObject({ role: "user", content: "From the composer" });
    flushSync();
    expect((screen.getByTestId("send") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("messages").children).toHaveLength(1);
    run.started();
    run.push(text.start("a1"), text.delta("a1", "Got it"), text.end("a1"));
    run.finished();
    await vi.waitFor(() => expect(chat.status).toBe("idle"), { timeout: 10_000 });
    flushSync();
    expect((screen.getByTestId("send") as HTMLButtonElement).disabled).toBe(false);
    expect(textOf("a1")).toBe("Got it");
  });

  test("injectChat with no chat above is a typed error naming the fix", () => {
    expect(() => render(Orphan)).toThrowError(/injectChat\(\) found no chat: call provideChat/);
  });
});
