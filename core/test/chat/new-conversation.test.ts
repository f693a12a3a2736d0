// A new conversation: the chat starts with a provisional thread id, the user's message shows at
// once, and the agent's first RUN_STARTED names the thread; the chat's id, storage key and
// presence follow it. The same flow on a ThreadStore's placeholder, with a chat per thread.
import { describe, expect, it } from "vitest";
import {
  ChatClient,
  ChatInputError,
  createComponentRegistry,
  createThread,
  fromEvents,
  HttpAgent,
  memoryStorage,
  generativeUi,
} from "../../src/index.js";
import { createThreadStore } from "../../src/fold/index.js";
import { PLACEHOLDER_THREAD_ID } from "../../src/model/index.js";
import { THREAD_INDEX_KEY, type StoredThread } from "../../src/persist/index.js";
import { answer, chatFor, ids, manualSource, runFinished, scriptedServer, textMessage, toolCall, toolResults, until } from "./support.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";
import { broadcastPresence } from "../../src/chat/presence/presence.js";

/** A server that names every thread it is asked about `server-<n>`, the way Tambo-like backends do. */
async function namingServer(extra: (index: number) => object[] = () => []) {
  return scriptedServer(async (input, send, index) => {
    const threadId = input.threadId.startsWith("server-") ? input.threadId : "server-7";
    await send({ type: "RUN_STARTED", threadId, runId: input.runId }, ...extra(index), ...textMessage(`m${index + 1}`, "hello"), {
      ...(runFinished(input) as object),
      threadId,
    });
  });
}

// Thread records only (the thread index has its own tests).
const stored = (adapter: { entries: ReadonlyMap<string, unknown> }) => [...adapter.entries.keys()].filter((key) => key !== THREAD_INDEX_KEY);

describe("a chat without a thread id", () => {
  it("shows the first message at once, then follows the id the agent names", async () => {
    const server = await namingServer();
    const adapter = memoryStorage();
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), createId: ids("id"), presence: false, persistence: chatPersistence({ adapter }) });
    const provisional = chat.threadId;

    const turn = chat.sendMessage({ content: "hi", id: "u1" });
    // No storage read stands in the way of the first message.
    expect(chat.thread.message("u1")).toBeDefined();
    expect(await turn).toEqual({ status: "idle" });

    expect(server.inputs[0]!.threadId).toBe(provisional);
    expect(chat.threadId).toBe("server-7");
    expect(chat.thread.threadId.value).toBe("server-7");
    await chat.whenSaved();
    expect(stored(adapter)).toEqual(["server-7"]);
    expect((adapter.entries.get("server-7") as StoredThread).messages.map((m) => m.id)).toEqual(["u1", "m1"]);

    // The next run goes to the named thread; nothing moves again.
    await chat.sendMessage("again");
    expect(server.inputs[1]!.threadId).toBe("server-7");
    await chat.whenSaved();
    expect(stored(adapter)).toEqual(["server-7"]);
    chat.dispose();
  });

  it("a record written under the provisional id (a first run that failed) moves to the named id", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      // The first response ends before RUN_STARTED; the retry names the thread.
      if (index === 0) return;
      await send({ type: "RUN_STARTED", threadId: "server-9", runId: input.runId }, ...textMessage("m1", "ok"), { type: "RUN_FINISHED", threadId: "server-9", runId: input.runId });
    });
    const adapter = memoryStorage();
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), createId: ids("id"), presence: false, persistence: chatPersistence({ adapter }), onError: () => {} });
    const provisional = chat.threadId;

    expect((await chat.sendMessage("hi")).status).toBe("failed");
    await chat.whenSaved();
    expect(stored(adapter)).toEqual([provisional]);

    expect(await chat.regenerate()).toEqual({ status: "idle" });
    await chat.whenSaved();
    expect(stored(adapter)).toEqual(["server-9"]);
    chat.dispose();
  });

  it("the cross-tab presence moves to the named thread, with the run under way announced there", async () => {
    const named = `named-${process.pid}-${Date.now()}`;
    const { source, runs } = manualSource();
    const presence = broadcastPresence({ heartbeatMs: 50, ttlMs: 400 });
    const tabA = new ChatClient({ agent: source, createId: ids("id"), presence });
    const tabB = chatFor(fromEvents([]), { threadId: named, presence });

    const turn = tabA.sendMessage("hi");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit({ type: "RUN_STARTED", threadId: named, runId: run.input.runId });
    expect(tabA.threadId).toBe(named);
    expect(tabA.sessionGenerating.value).toBe(true);
    await until(() => tabB.sessionGenerating.value);

    run.emit(...textMessage("m1", "done"), { type: "RUN_FINISHED", threadId: named, runId: run.input.runId });
    run.end();
    await turn;
    expect(tabA.sessionGenerating.value).toBe(false);
    await until(() => !tabB.sessionGenerating.value);
    tabA.dispose();
  });

  it("a chat given a thread id keeps it as its storage key", async () => {
    const server = await namingServer();
    const adapter = memoryStorage();
    const chat = chatFor(server.url, { threadId: "mine", persistence: chatPersistence({ adapter }) });
    await chat.sendMessage("hi");
    await chat.whenSaved();
    expect(chat.threadId).toBe("mine");
    expect(stored(adapter)).toEqual(["mine"]);
  });
});

describe("a chat on a ThreadStore's thread", () => {
  it("runs on the placeholder; RUN_STARTED moves it to the real id in the store and in storage", async () => {
    const server = await namingServer((index) => (index === 0 ? toolCall("tc1", "card", { title: "T" }, "m0") : []));
    const components = createComponentRegistry({ card: { followUp: false } });
    const store = createThreadStore({ components: generativeUi({ registry: components }) });
    const adapter = memoryStorage();
    const placeholder = store.startNew();
    const chat = chatFor(server.url, { threadId: undefined, thread: placeholder, persistence: chatPersistence({ adapter }) });
    expect(chat.thread).toBe(placeholder);

    const turn = chat.sendMessage({ content: "Show a card", id: "u1" });
    expect(store.current.value.message("u1")).toBeDefined();
    expect(await turn).toEqual({ status: "idle" });

    // The store moved the same thread object to the agent's id; the user, still on it, followed.
    expect(store.get("server-7")).toBe(placeholder);
    expect(store.currentId.value).toBe("server-7");
    expect(store.get(PLACEHOLDER_THREAD_ID)).not.toBe(placeholder);
    expect(chat.threadId).toBe("server-7");
    // The store's registry renders the call, and its components went to the agent as tools.
    expect(placeholder.component("tc1")?.props.value).toEqual({ title: "T" });
    expect(server.inputs[0]!.tools.map((t) => t.name)).toEqual(["card"]);
    await chat.whenSaved();
    expect(stored(adapter)).toEqual(["server-7"]);

    // Disposing the chat leaves the store's thread as it is.
    const before = placeholder.toMessages();
    chat.dispose();
    expect(placeholder.toMessages()).toEqual(before);
    expect(before.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("a thread opened by id hydrates from storage under that id", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m2", "again")));
    const adapter = memoryStorage([
      ["A", { version: 1, threadId: "A", messages: [{ id: "u0", role: "user", content: "earlier" }], state: undefined, savedAt: 1 }],
    ]);
    const store = createThreadStore();
    const thread = store.open("A");
    const chat = chatFor(server.url, { threadId: undefined, thread, persistence: chatPersistence({ adapter }) });
    await chat.ready;
    expect(thread.messages.value.map((m) => m.id)).toEqual(["u0"]);

    await chat.sendMessage("more");
    expect(server.inputs[0]!.threadId).toBe("A");
    expect(server.inputs[0]!.messages.map((m) => m.id)).toEqual(["u0", expect.any(String)]);
  });

  it("options the thread carries are refused beside it, and switchThread is THREAD_NOT_OWNED", () => {
    const thread = createThread({ threadId: "T" });
    const refused = (extra: object) => {
      try {
        chatFor("http://127.0.0.1:9/", { threadId: undefined, thread, ...extra });
      } catch (error) {
        expect(error).toBeInstanceOf(ChatInputError);
        return `${(error as ChatInputError).code}:${(error as ChatInputError).option}`;
      }
      return "accepted";
    };
    expect(refused({ messages: [] })).toBe("INVALID_OPTION:messages");
    expect(refused({ state: {} })).toBe("INVALID_OPTION:state");
    expect(refused({ components: createComponentRegistry() })).toBe("INVALID_OPTION:components");
    expect(refused({ tamboEvents: true })).toBe("INVALID_OPTION:tamboEvents");
    expect(refused({ threadId: "other" })).toBe("INVALID_OPTION:threadId");
    expect(refused({ thread: { threadId: { peek: () => "x" } } })).toBe("INVALID_OPTION:thread");
    expect(refused({ thread: {} })).toBe("INVALID_OPTION:thread");
    expect(refused({ threadId: "T" })).toBe("accepted");

    const chat = chatFor("http://127.0.0.1:9/", { threadId: undefined, thread });
    expect(() => chat.switchThread("U")).toThrow(expect.objectContaining({ code: "THREAD_NOT_OWNED" }));
  });

  it("the continuation of a new conversation carries the real id", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      const threadId = "server-3";
      if (index === 0) {
        await send({ type: "RUN_STARTED", threadId, runId: input.runId }, ...toolCall("tc1", "lookup", {}, "m1"), { type: "RUN_FINISHED", threadId, runId: input.runId });
      } else {
        await send({ type: "RUN_STARTED", threadId, runId: input.runId }, ...textMessage("m2", "done"), { type: "RUN_FINISHED", threadId, runId: input.runId });
      }
    });
    const store = createThreadStore();
    const chat = chatFor(server.url, { threadId: undefined, thread: store.startNew(), tools: [{ name: "lookup", execute: () => "x" }] });

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    expect(server.inputs.map((i) => i.threadId)).toEqual([expect.any(String), "server-3"]);
    expect(toolResults(server.inputs[1]!)[0]?.content).toBe("x");
    expect(store.get("server-3")).toBe(chat.thread);
  });
});
