// The thread index: a list of stored threads (id, title from the first user message, updatedAt,
// meta) in one record, kept up to date by ChatClient's saves. Run against the memory adapter and
// IndexedDB (fake-indexeddb), standalone and through a chat.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import {
  ChatClient,
  fromEvents,
  indexedDbStorage,
  memoryStorage,
  PersistenceError,
  type AgentSource,
  type PersistenceAdapter,
  type RunAgentInput,
} from "../../src/index.js";
import { THREAD_INDEX_KEY, ThreadIndex, threadTitle } from "../../src/persist/index.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

let dbCount = 0;
const adapters: [string, () => PersistenceAdapter][] = [
  ["memory", () => memoryStorage()],
  ["IndexedDB", () => indexedDbStorage({ dbName: `thread-index-${++dbCount}` })],
];

/** A clock the test moves by hand. */
function clock(start = 1_000): { now: () => number; advance(ms?: number): void } {
  let t = start;
  return { now: () => t, advance: (ms = 1) => void (t += ms) };
}

/** An agent that answers every run with one assistant message. */
function echoAgent(): AgentSource {
  let n = 0;
  return {
    run: (input: RunAgentInput, sink) => {
      n++;
      return fromEvents([
        { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
        { type: "TEXT_MESSAGE_START", messageId: `a${n}`, role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: `a${n}`, delta: "ok" },
        { type: "TEXT_MESSAGE_END", messageId: `a${n}` },
        { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
      ]).run(input, sink);
    },
  };
}

const chats: ChatClient[] = [];
afterEach(() => {
  for (const chat of chats.splice(0)) chat.dispose();
});

function chatOn(adapter: PersistenceAdapter, threadId: string, extra: Partial<ConstructorParameters<typeof ChatClient>[0]> = {}): ChatClient {
  const chat = new ChatClient({ agent: echoAgent(), threadId, presence: false, persistence: chatPersistence({ adapter, coalesce: 0 }), ...extra });
  chats.push(chat);
  return chat;
}

describe.each(adapters)("ThreadIndex on %s storage", (_name, makeAdapter) => {
  it("records, lists newest first, keeps meta unless given, and removes; an empty index is no record", async () => {
    const adapter = makeAdapter();
    const time = clock();
    const index = new ThreadIndex({ adapter, now: time.now });

    await index.record("a", { title: "First", meta: { scenario: "markdown" } });
    time.advance();
    await index.record("b", { title: "Second" });
    time.advance();
    await index.record("a", { title: "First, renamed" });

    const listed = await new ThreadIndex({ adapter }).list();
    expect(listed).toEqual([
      { id: "a", title: "First, renamed", updatedAt: 1_002, meta: { scenario: "markdown" } },
      { id: "b", title: "Second", updatedAt: 1_001 },
    ]);
    expect(index.threads.value).toEqual(listed);

    await index.remove("a");
    await index.remove("b");
    expect(await index.list()).toEqual([]);
    expect(await adapter.getItem(THREAD_INDEX_KEY)).toBeNull();
  });

  it("operations fired together all land (each is a read-modify-write in turn)", async () => {
    const adapter = makeAdapter();
    const index = new ThreadIndex({ adapter });
    await Promise.all(Array.from({ length: 20 }, (_, i) => index.record(`t${i}`, { title: `Thread ${i}` })));
    expect((await new ThreadIndex({ adapter }).list()).map((t) => t.id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `t${i}`).sort());
  });

  it("through a chat: saves list each thread with its first user message as title; removeThread deletes record and entry", async () => {
    const adapter = makeAdapter();
    const time = clock();
    const chat = chatOn(adapter, "trip", { persistence: chatPersistence({ adapter, coalesce: 0, now: time.now, threadMeta: (id) => ({ opened: id }) }) });
    await chat.ready;
    await chat.sendMessage("Plan three days in Lisbon\nwith kids, please");
    time.advance();
    await chat.switchThread("tea");
    await chat.sendMessage("Green or black tea?");
    await chat.whenSaved();

    expect(await chat.listThreads()).toEqual([
      { id: "tea", title: "Green or black tea?", updatedAt: 1_001, meta: { opened: "tea" } },
      { id: "trip", title: "Plan three days in Lisbon", updatedAt: 1_000, meta: { opened: "trip" } },
    ]);
    expect(chat.storedThreads.value.map((t) => t.id)).toEqual(["tea", "trip"]);

    // Another thread: its record and entry go; the open conversation is untouched.
    await chat.removeThread("trip");
    expect(await adapter.getItem("trip")).toBeNull();
    expect((await chat.listThreads()).map((t) => t.id)).toEqual(["tea"]);
    expect(chat.thread.toMessages()).toHaveLength(2);

    // The open thread: cleared, as by clear().
    await chat.removeThread("tea");
    expect(chat.thread.toMessages()).toEqual([]);
    expect(await adapter.getItem("tea")).toBeNull();
    expect(await chat.listThreads()).toEqual([]);
  });

  it("two chats sharing one ThreadIndex: the list UI sees both; clear() drops the entry", async () => {
    const adapter = makeAdapter();
    const index = new ThreadIndex({ adapter });
    const one = chatOn(adapter, "one", { persistence: chatPersistence({ adapter, index }) });
    const two = chatOn(adapter, "two", { persistence: chatPersistence({ adapter, index }) });
    await Promise.all([one.ready, two.ready]);
    await one.sendMessage("from one");
    await two.sendMessage({ content: [{ type: "text", text: "from two" }] });
    await Promise.all([one.whenSaved(), two.whenSaved()]);
    expect(index.threads.value.map((t) => [t.id, t.title])).toEqual([
      ["two", "from two"],
      ["one", "from one"],
    ]);

    one.clear();
    await one.whenSaved();
    expect(index.threads.value.map((t) => t.id)).toEqual(["two"]);
  });
});

describe("a new conversation", () => {
  it("is listed under the id the agent names, not the provisional one", async () => {
    const adapter = memoryStorage();
    const naming: AgentSource = {
      run: (input, sink) =>
        fromEvents([
          { type: "RUN_STARTED", threadId: "server-7", runId: input.runId },
          { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" },
          { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "hi" },
          { type: "TEXT_MESSAGE_END", messageId: "a1" },
          { type: "RUN_FINISHED", threadId: "server-7", runId: input.runId },
        ]).run(input, sink),
    };
    const chat = new ChatClient({ agent: naming, presence: false, persistence: chatPersistence({ adapter }) });
    chats.push(chat);
    const provisional = chat.threadId;
    await chat.sendMessage("hello there");
    await chat.whenSaved();
    expect(provisional).not.toBe("server-7");
    expect((await chat.listThreads()).map((t) => [t.id, t.title])).toEqual([["server-7", "hello there"]]);
  });
});

describe("ThreadIndex failures", () => {
  it("an unreadable index is set aside (PERSIST_CORRUPT) and starts over", async () => {
    const adapter = memoryStorage<unknown>([[THREAD_INDEX_KEY, { version: 9, entries: "?" }]]);
    const errors: PersistenceError[] = [];
    const index = new ThreadIndex({ adapter, now: () => 5, onError: (error) => errors.push(error) });
    await index.record("t", { title: "Hello" });
    expect(errors.map((e) => [e.code, e.setAsideKey])).toEqual([["PERSIST_CORRUPT", `${THREAD_INDEX_KEY}:corrupt:5`]]);
    expect(adapter.entries.get(`${THREAD_INDEX_KEY}:corrupt:5`)).toEqual({ version: 9, entries: "?" });
    expect((await index.list()).map((t) => t.id)).toEqual(["t"]);
  });

  it("malformed entries are skipped, the rest kept", async () => {
    const adapter = memoryStorage<unknown>([
      [THREAD_INDEX_KEY, { version: 1, threads: [{ id: "ok", title: "Fine", updatedAt: 2 }, { id: 7 }, null, { id: "ok", title: "dup", updatedAt: 1 }] }],
    ]);
    expect(await new ThreadIndex({ adapter }).list()).toEqual([{ id: "ok", title: "Fine", updatedAt: 2 }]);
  });

  it("a failed read writes nothing (a partial list would drop entries); the failure is reported", async () => {
    const base = memoryStorage<unknown>([[THREAD_INDEX_KEY, { version: 1, threads: [{ id: "kept", title: "Kept", updatedAt: 1 }] }]]);
    let broken = true;
    const adapter: PersistenceAdapter = {
      ...base,
      getItem: (key) => {
        if (broken) throw new Error("disk on fire");
        return base.getItem(key);
      },
    };
    const errors: string[] = [];
    const index = new ThreadIndex({ adapter, onError: (error) => errors.push(error.code) });
    await index.record("new", { title: "New" });
    expect(errors).toEqual(["PERSIST_READ_FAILED"]);
    expect(base.entries.get(THREAD_INDEX_KEY)).toEqual({ version: 1, threads: [{ id: "kept", title: "Kept", updatedAt: 1 }] });
    broken = false;
    await index.record("new", { title: "New" });
    expect((await index.list()).map((t) => t.id)).toEqual(["new", "kept"]);
  });

  it("a chat without persistence (or with index: false) refuses listThreads / removeThread", () => {
    const none = new ChatClient({ agent: fromEvents([]), threadId: "x", presence: false });
    const off = new ChatClient({ agent: fromEvents([]), threadId: "x", presence: false, persistence: chatPersistence({ adapter: memoryStorage(), index: false }) });
    chats.push(none, off);
    for (const chat of [none, off]) {
      expect(() => chat.listThreads()).toThrow(expect.objectContaining({ code: "NO_THREAD_INDEX" }));
      expect(() => chat.removeThread("x")).toThrow(expect.objectContaining({ code: "NO_THREAD_INDEX" }));
      expect(chat.storedThreads.value).toEqual([]);
    }
  });

  it("rejects an adapter without the three methods", () => {
    expect(() => new ThreadIndex({ adapter: {} as PersistenceAdapter })).toThrow(expect.objectContaining({ code: "PERSIST_INVALID_OPTION", option: "adapter" }));
  });
});

describe("threadTitle", () => {
  it("is the first line of the first user message, trimmed and shortened", () => {
    expect(threadTitle({ id: "u", role: "user", content: "  Plan a trip \nsecond line" })).toBe("Plan a trip");
    expect(threadTitle({ id: "u", role: "user", content: [{ type: "text", text: "Look at this" }, { type: "text", text: "picture" }] })).toBe("Look at this picture");
    expect(threadTitle({ id: "u", role: "user", content: "x".repeat(200) })).toBe(`${"x".repeat(79)}…`);
    expect(threadTitle(undefined)).toBe("");
  });
});
