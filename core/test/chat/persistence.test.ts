// Persistence and multi-tab state through the ChatClient (issue 8): reload restores; clear while
// a run streams suppresses every late event of the cleared run (with and without run ids) in the
// thread and in storage, while a fresh run racing them is unaffected; storage failures never break
// the chat; hydration races; two clients on one BroadcastChannel see each other generating.
import { describe, expect, it } from "vitest";
import {
  ChatClient,
  fromEvents,
  memoryStorage,
  type AssistantMessageNode,
  type PersistenceAdapter,
} from "../../src/index.js";
import { type StoredThread } from "../../src/persist/index.js";
import { answer, chatFor, gate, ids, manualSource, roles, runFinished, runStarted, scriptedServer, sleep, textMessage, toolCall, until } from "./support.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";
import { broadcastPresence } from "../../src/chat/presence/presence.js";

const text = (chat: ChatClient, id: string) => (chat.thread.message(id) as AssistantMessageNode | undefined)?.content.value;
const stored = (adapter: { entries: ReadonlyMap<string, unknown> }, key = "thread-1") => adapter.entries.get(key) as StoredThread | undefined;

describe("saving and restoring", () => {
  it("a reload restores the conversation (messages and state) from storage", async () => {
    const server = await scriptedServer(async (input, send) =>
      send(runStarted(input), { type: "STATE_SNAPSHOT", snapshot: { topic: "tea" } }, ...textMessage("m1", "Green or black?"), runFinished(input)),
    );
    const adapter = memoryStorage();
    const first = chatFor(server.url, { persistence: chatPersistence({ adapter }) });
    await first.sendMessage("Tea please");
    await first.whenSaved();
    first.dispose();

    const second = chatFor(server.url, { persistence: chatPersistence({ adapter }) });
    await second.ready;

    expect(second.thread.toMessages()).toEqual(first.thread.toMessages());
    expect(second.state.value).toEqual({ topic: "tea" });
    expect(text(second, "m1")).toBe("Green or black?");
    expect(stored(adapter)?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("saves while streaming are coalesced: far fewer writes than events, and one when the run settles", async () => {
    const writes: number[] = [];
    const base = memoryStorage();
    const adapter: PersistenceAdapter = { ...base, setItem: (key, value) => (writes.push((value as StoredThread).messages.length), base.setItem(key, value)) };
    const deltas = Array.from({ length: 400 }, (_, i) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: `${i} ` }));
    const server = await scriptedServer(async (input, send) =>
      send(runStarted(input), { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, ...deltas, { type: "TEXT_MESSAGE_END", messageId: "m1" }, runFinished(input)),
    );
    // Without the thread index: only the thread's own writes are counted.
    const chat = chatFor(server.url, { persistence: chatPersistence({ adapter, coalesce: 20, index: false }) });
    const started = performance.now();
    await chat.sendMessage("count");
    await chat.whenSaved();
    const elapsed = performance.now() - started;

    // At most one write per 20 ms window, plus the send's own and the final one: a bound that
    // holds however long a loaded machine takes to stream the 400 events.
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(Math.floor(elapsed / 20) + 4);
    expect(writes.length).toBeLessThan(deltas.length);
    expect((stored(base)?.messages[1] as { content?: string }).content).toBe(deltas.map((d) => d.delta).join(""));
  });

  it("a message sent before an async hydration finished waits for it, then goes with the stored history", async () => {
    const adapter = memoryStorage([["thread-1", { version: 1, threadId: "thread-1", messages: [{ id: "old", role: "user", content: "earlier" }], state: undefined, savedAt: 1 }]]);
    const slow: PersistenceAdapter = { ...adapter, getItem: async (key) => (await sleep(30), adapter.getItem(key)) };
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m1", "ok")));
    const chat = chatFor(server.url, { persistence: chatPersistence({ adapter: slow }) });

    expect(await chat.sendMessage("now")).toEqual({ status: "idle" });

    expect(server.inputs[0]!.messages.map((m) => m.id)).toEqual(["old", expect.any(String)]);
  });

  it("an async hydration that finishes after the messages were replaced locally is not applied", async () => {
    const release = gate();
    const adapter = memoryStorage([["thread-1", { version: 1, threadId: "thread-1", messages: [{ id: "old", role: "user", content: "stale" }], state: undefined, savedAt: 1 }]]);
    const slow: PersistenceAdapter = { ...adapter, getItem: async (key) => (await release.promise, adapter.getItem(key)) };
    const chat = chatFor(fromEvents([]), { persistence: chatPersistence({ adapter: slow }) });

    chat.setMessages([{ id: "local", role: "user", content: "mine" }]);
    release.open();
    await chat.ready;

    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["local"]);
    await chat.whenSaved();
    expect(stored(adapter)?.messages.map((m) => m.id)).toEqual(["local"]);
  });

  it("switchThread loads the other thread's record and writes nothing of the first into it", async () => {
    const adapter = memoryStorage([["thread-2", { version: 1, threadId: "thread-2", messages: [{ id: "t2", role: "user", content: "two" }], state: { n: 2 }, savedAt: 1 }]]);
    const chat = chatFor(fromEvents([]), { persistence: chatPersistence({ adapter }) });
    await chat.ready;
    chat.setMessages([{ id: "t1", role: "user", content: "one" }]);

    await chat.switchThread("thread-2");

    expect(chat.threadId).toBe("thread-2");
    expect(chat.thread.threadId.value).toBe("thread-2");
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["t2"]);
    expect(chat.state.value).toEqual({ n: 2 });
    await chat.whenSaved();
    expect(stored(adapter, "thread-1")?.messages.map((m) => m.id)).toEqual(["t1"]);
    expect(stored(adapter, "thread-2")?.messages.map((m) => m.id)).toEqual(["t2"]);
  });
});

describe("clear() while a run streams", () => {
  it("suppresses late events of the cleared run — with and without run ids — in the thread and in storage; a fresh run racing them is unaffected", async () => {
    const adapter = memoryStorage();
    const { source, runs } = manualSource();
    const chat = chatFor(source, { persistence: chatPersistence({ adapter, coalesce: 0 }), createId: ids("id") });

    void chat.sendMessage("first question");
    await until(() => runs.length === 1);
    const old = runs[0]!;
    old.emit(
      runStarted(old.input),
      { type: "TEXT_MESSAGE_START", messageId: "old-m", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "old-m", delta: "Half an ans" },
      { type: "TOOL_CALL_START", toolCallId: "old-tc", toolCallName: "search", parentMessageId: "old-m" },
    );
    await until(() => stored(adapter)?.messages.length === 2); // the cleared conversation had been saved

    chat.clear();
    expect(old.sink.signal.aborted).toBe(true);
    expect(chat.thread.messages.value).toEqual([]);

    // The old stream ignores the abort and keeps talking: nothing of it may land.
    old.emit({ type: "TEXT_MESSAGE_CONTENT", messageId: "old-m", delta: "wer" });

    const fresh = chat.sendMessage({ id: "u-fresh", content: "second question" });
    await until(() => runs.length === 2);
    const run = runs[1]!;
    // A server that replays the tail of the cleared run at the start of the next response,
    // then interleaves more of it with the fresh run.
    run.emit(
      { type: "TEXT_MESSAGE_CONTENT", messageId: "old-m", delta: " (replayed, no run id)" },
      { type: "TEXT_MESSAGE_START", messageId: "old-m2", role: "assistant", runId: old.input.runId },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "old-m2", delta: "stale, with run id" },
      { type: "RUN_FINISHED", threadId: old.input.threadId, runId: old.input.runId },
      runStarted(run.input),
      { type: "TOOL_CALL_ARGS", toolCallId: "old-tc", delta: '{"q":"stale"}' },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "old-m2", delta: " (no run id, after the fresh start)" },
      { type: "TOOL_CALL_END", toolCallId: "old-tc" },
      ...textMessage("new-m", "Fresh answer."),
      { type: "TEXT_MESSAGE_END", messageId: "old-m2" },
      runFinished(run.input),
    );
    run.end();

    expect(await fresh).toEqual({ status: "idle" });
    expect(chat.thread.toMessages()).toEqual([
      { id: "u-fresh", role: "user", content: "second question" },
      { id: "new-m", role: "assistant", content: "Fresh answer." },
    ]);
    expect(chat.thread.message("old-m")).toBeUndefined();
    expect(chat.thread.message("old-m2")).toBeUndefined();
    expect(chat.thread.toolCall("old-tc")).toBeUndefined();
    expect(chat.error.value).toBeUndefined();
    await chat.whenSaved();
    expect(stored(adapter)?.messages).toEqual(chat.thread.toMessages());
  });

  it("the cleared conversation is removed from storage even with saves still scheduled", async () => {
    const adapter = memoryStorage();
    const { source, runs } = manualSource();
    const chat = chatFor(source, { persistence: chatPersistence({ adapter, coalesce: 50 }) });
    void chat.sendMessage("hello");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input), { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "streaming…" });
    await chat.whenSaved(); // the send's own save landed; a streaming save is scheduled
    chat.clear();
    await sleep(80);
    await chat.whenSaved();
    expect(adapter.entries.size).toBe(0);
  });
});

describe("storage failures", () => {
  it("a quota error sets persistenceError and calls onError; the chat goes on; the next write recovers", async () => {
    const base = memoryStorage();
    let full = true;
    const adapter: PersistenceAdapter = {
      ...base,
      setItem: (key, value) => {
        if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        base.setItem(key, value);
      },
    };
    const server = await scriptedServer(async (input, send, index) => send(...answer(input, `m${index}`, `answer ${index}`)));
    const errors: string[] = [];
    const chat = chatFor(server.url, { persistence: chatPersistence({ adapter, coalesce: 0 }), onError: (e) => errors.push(e.code) });

    expect(await chat.sendMessage("one")).toEqual({ status: "idle" });
    await chat.whenSaved();
    expect(chat.persistenceError.value?.code).toBe("PERSIST_QUOTA_EXCEEDED");
    expect(errors).toContain("PERSIST_QUOTA_EXCEEDED");
    expect(chat.status.value).toBe("idle");
    expect(chat.error.value).toBeUndefined();
    expect(base.entries.size).toBe(0);

    full = false;
    expect(await chat.sendMessage("two")).toEqual({ status: "idle" });
    await chat.whenSaved();
    expect(chat.persistenceError.value).toBeNull();
    expect(stored(base)?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("corrupt stored data is set aside; the chat starts empty and works", async () => {
    const adapter = memoryStorage<unknown>([["thread-1", { version: 1, threadId: "thread-1", messages: "not an array", savedAt: 1 }]]);
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m1", "fresh start")));
    const errors: string[] = [];
    const chat = chatFor(server.url, { persistence: chatPersistence({ adapter }), onError: (e) => errors.push(e.code) });
    await chat.ready;
    expect(errors).toEqual(["PERSIST_CORRUPT"]);
    expect(chat.thread.messages.value).toEqual([]);
    expect(await chat.sendMessage("hi")).toEqual({ status: "idle" });
    await chat.whenSaved();
    expect([...adapter.entries.keys()].some((key) => key.startsWith("thread-1:corrupt:"))).toBe(true);
    expect(stored(adapter)?.messages).toHaveLength(2);
  });
});

describe("sessionGenerating across tabs", () => {
  it("two clients on one BroadcastChannel see each other generating, and see it end", async () => {
    const threadId = `shared-${process.pid}-${Date.now()}`;
    const { source, runs } = manualSource();
    const options = { threadId, presence: broadcastPresence({ heartbeatMs: 50, ttlMs: 400 }) };
    const tabA = chatFor(source, options);
    const tabB = chatFor(fromEvents([]), options);
    expect(tabB.sessionGenerating.value).toBe(false);

    const turn = tabA.sendMessage("hi");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input));
    expect(tabA.sessionGenerating.value).toBe(true);
    await until(() => tabB.sessionGenerating.value);
    expect(tabB.isRunning.value).toBe(false); // B is not running anything itself

    run.emit(...textMessage("m1", "done"), runFinished(run.input));
    run.end();
    await turn;
    expect(tabA.sessionGenerating.value).toBe(false);
    await until(() => !tabB.sessionGenerating.value);
  });

  it("a stopped run stops generating too (no RUN_FINISHED ever comes)", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source, { presence: broadcastPresence({ createChannel: null }) });
    void chat.sendMessage("hi");
    await until(() => runs.length === 1);
    runs[0]!.emit(runStarted(runs[0]!.input));
    expect(chat.sessionGenerating.value).toBe(true);
    chat.stop();
    expect(chat.sessionGenerating.value).toBe(false);
  });

  it("a tool call in a cleared run does not come back through a later run's tool handling", async () => {
    const { source, runs } = manualSource();
    const executed: string[] = [];
    const chat = chatFor(source, { tools: [{ name: "a", execute: (_args, context) => void executed.push(context.toolCallId) }] });
    void chat.sendMessage("one");
    await until(() => runs.length === 1);
    runs[0]!.emit(runStarted(runs[0]!.input), { type: "TOOL_CALL_START", toolCallId: "tc-old", toolCallName: "a" });
    chat.clear();
    const fresh = chat.sendMessage("two");
    await until(() => runs.length === 2);
    const run = runs[1]!;
    run.emit(runStarted(run.input), { type: "TOOL_CALL_ARGS", toolCallId: "tc-old", delta: "{}" }, { type: "TOOL_CALL_END", toolCallId: "tc-old" }, ...toolCall("tc-new", "a", {}), runFinished(run.input));
    run.end();
    await until(() => runs.length === 3);
    runs[2]!.emit(runStarted(runs[2]!.input), runFinished(runs[2]!.input));
    runs[2]!.end();
    await fresh;
    expect(executed).toEqual(["tc-new"]);
    expect(roles(chat.thread.toMessages())).toEqual(["user", "assistant", "tool"]);
  });
});

describe("storage and presence are plug-ins", () => {
  it("refuses persistence options given without chatPersistence(), naming the option; nothing is stored without it", async () => {
    const adapter = memoryStorage();
    const old = { adapter };
    let thrown: unknown;
    try {
      chatFor(fromEvents([]), { persistence: old as never });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: "ChatInputError", code: "INVALID_OPTION", option: "persistence" });
    expect(String((thrown as Error).message)).toContain("chatPersistence");

    const { source, runs } = manualSource();
    const chat = chatFor(source);
    const turn = chat.sendMessage("hi");
    await until(() => runs.length === 1);
    runs[0]!.emit(runStarted(runs[0]!.input), ...textMessage("m1", "ok"), runFinished(runs[0]!.input));
    runs[0]!.end();
    await turn;
    await chat.whenSaved();
    expect(chat.persistenceError.value).toBeNull();
    expect(chat.storedThreads.value).toEqual([]);
    expect(adapter.entries.size).toBe(0);
  });

  it("without broadcastPresence, sessionGenerating follows this tab's runs only", async () => {
    const threadId = `local-${process.pid}-${Date.now()}`;
    const { source, runs } = manualSource();
    const tabA = chatFor(source, { threadId, presence: undefined });
    const tabB = chatFor(fromEvents([]), { threadId, presence: undefined });
    const turn = tabA.sendMessage("hi");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input));
    expect(tabA.sessionGenerating.value).toBe(true);
    await sleep(30);
    expect(tabB.sessionGenerating.value).toBe(false);
    run.emit(...textMessage("m1", "done"), runFinished(run.input));
    run.end();
    await turn;
    expect(tabA.sessionGenerating.value).toBe(false);
  });

  it("refuses a presence that is not a plug-in, naming the option", () => {
    expect(() => chatFor(fromEvents([]), { presence: { heartbeatMs: 50 } as never })).toThrowError(/broadcastPresence/);
  });
});
