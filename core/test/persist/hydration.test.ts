import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../../src/persist/adapter.js";
import { localStorageAdapter } from "../../src/persist/local-storage.js";
import { encodeStoredThread, type StoredThread } from "../../src/persist/stored-thread.js";
import { ThreadPersistence } from "../../src/persist/thread-persistence.js";
import { MemoryStorage, slowAdapter, userMessage } from "./support.js";

const record = (threadId: string, ...ids: string[]) =>
  encodeStoredThread(threadId, { messages: ids.map((id) => userMessage(id)), state: { n: ids.length } }, 1);

describe("ThreadPersistence: hydration", () => {
  it("applies a stored thread; with a sync adapter before hydrate() returns", async () => {
    const persistence = new ThreadPersistence({ adapter: memoryStorage([["t", record("t", "m1", "m2")]]) });
    const apply = vi.fn();
    const outcome = persistence.hydrate("t", apply);
    expect(apply).toHaveBeenCalledTimes(1);
    expect((apply.mock.calls[0]?.[0] as StoredThread).messages.map((m) => m.id)).toEqual(["m1", "m2"]);
    await expect(outcome).resolves.toMatchObject({ status: "applied", migrated: false });
  });

  it("reports an empty thread without calling apply", async () => {
    const persistence = new ThreadPersistence({ adapter: memoryStorage() });
    const apply = vi.fn();
    await expect(persistence.hydrate("t", apply)).resolves.toEqual({ status: "empty" });
    expect(apply).not.toHaveBeenCalled();
  });

  it("a read still pending when the thread is switched is not applied", async () => {
    const { adapter, entries } = slowAdapter(() => 20);
    entries.set("a", record("a", "a1"));
    const persistence = new ThreadPersistence({ adapter });
    const apply = vi.fn();
    const pending = persistence.hydrate("a", apply);
    persistence.switchThread();
    await expect(pending).resolves.toEqual({ status: "stale" });
    expect(apply).not.toHaveBeenCalled();
  });

  it("only the latest hydrate applies when the user hops between threads", async () => {
    const { adapter, entries } = slowAdapter((_op, key) => (key === "a" ? 30 : 1));
    entries.set("a", record("a", "a1"));
    entries.set("b", record("b", "b1"));
    const persistence = new ThreadPersistence({ adapter });
    const applied: string[] = [];
    const first = persistence.hydrate("a", (r) => applied.push(r.threadId));
    const second = persistence.hydrate("b", (r) => applied.push(r.threadId));
    expect((await first).status).toBe("stale");
    expect((await second).status).toBe("applied");
    expect(applied).toEqual(["b"]);
  });

  it("a slow load does not overwrite a conversation the user started meanwhile", async () => {
    const { adapter, entries } = slowAdapter(() => 20);
    entries.set("t", record("t", "old"));
    const persistence = new ThreadPersistence({ adapter });
    const apply = vi.fn();
    const pending = persistence.hydrate("t", apply);
    void persistence.save("t", { messages: [userMessage("typed-while-loading")] });
    await expect(pending).resolves.toEqual({ status: "stale" });
    expect(apply).not.toHaveBeenCalled();
    await persistence.flush();
    expect((entries.get("t") as StoredThread).messages.map((m) => m.id)).toEqual(["typed-while-loading"]);
  });

  it("switchThread calls pending snapshot functions while they still describe the old thread", async () => {
    const ticks: (() => void)[] = [];
    const adapter = memoryStorage();
    const persistence = new ThreadPersistence({ adapter, scheduleTick: (cb) => (ticks.push(cb), () => {}) });
    let current = { messages: [userMessage("a-last")] }; // the caller's "current thread" view
    persistence.scheduleSave("a", () => current);
    persistence.switchThread();
    current = { messages: [userMessage("b-first")] };
    await persistence.flush();
    expect((adapter.entries.get("a") as StoredThread).messages.map((m) => m.id)).toEqual(["a-last"]);
  });

  it("a save still waiting for its frame is written before the read, so hydrate never reads older data", async () => {
    const adapter = memoryStorage([["t", record("t", "stored")]]);
    const persistence = new ThreadPersistence({ adapter, scheduleTick: () => () => {} }); // frames never come
    persistence.scheduleSave("t", { messages: [userMessage("stored"), userMessage("newer")] });
    const apply = vi.fn();
    await expect(persistence.hydrate("t", apply)).resolves.toMatchObject({ status: "applied" });
    expect((apply.mock.calls[0]?.[0] as StoredThread).messages.map((m) => m.id)).toEqual(["stored", "newer"]);
  });

  it("a throwing apply is reported, not thrown", async () => {
    const persistence = new ThreadPersistence({ adapter: memoryStorage([["t", record("t", "m")]]) });
    const outcome = await persistence.hydrate("t", () => {
      throw new Error("model rejected it");
    });
    expect(outcome.status).toBe("unreadable");
    expect(persistence.persistenceError.value?.message).toContain("model rejected it");
  });
});

describe("ThreadPersistence: unreadable stored data", () => {
  it("corrupted JSON is moved aside verbatim, reported, and the key is free again", async () => {
    const storage = new MemoryStorage();
    storage.setItem("threadline:t", '{"version":1,"messages":[{"id":');
    const onError = vi.fn();
    const persistence = new ThreadPersistence({ adapter: localStorageAdapter(storage), onError, now: () => 42 });
    const apply = vi.fn();
    const outcome = await persistence.hydrate("t", apply);
    expect(apply).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ status: "unreadable", error: { code: "PERSIST_CORRUPT", setAsideKey: "t:corrupt:42" } });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(persistence.persistenceError.value?.code).toBe("PERSIST_CORRUPT");
    expect(storage.getItem("threadline:t")).toBeNull();
    expect(storage.getItem("threadline:t:corrupt:42")).toBe('{"version":1,"messages":[{"id":');

    await persistence.save("t", { messages: [userMessage("new")] });
    expect(persistence.persistenceError.value).toBeNull();
    expect(storage.getItem("threadline:t")).toContain('"new"');
  });

  it.each([
    ["a string", "hello"],
    ["no version", { threadId: "t", messages: [] }],
    ["messages not an array", { version: 1, threadId: "t", messages: "x", savedAt: 1 }],
    ["a message without id", { version: 1, threadId: "t", messages: [{ role: "user" }], savedAt: 1 }],
    ["another thread's record", { version: 1, threadId: "u", messages: [], savedAt: 1 }],
  ])("a value that is not a thread record (%s) is set aside as corrupt", async (_label, value) => {
    const adapter = memoryStorage<unknown>([["t", value]]);
    const persistence = new ThreadPersistence({ adapter, now: () => 5 });
    const outcome = await persistence.load("t");
    expect(outcome).toMatchObject({ status: "unreadable", error: { code: "PERSIST_CORRUPT" } });
    expect(adapter.entries.get("t:corrupt:5")).toEqual(value);
    expect(adapter.entries.has("t")).toBe(false);
  });

  it("a record from a future format version is set aside, not read as version 1", async () => {
    const future = { version: 2, threadId: "t", turns: [{ id: "m1" }], savedAt: 9 };
    const adapter = memoryStorage<unknown>([["t", future]]);
    const persistence = new ThreadPersistence({ adapter, now: () => 6 });
    const apply = vi.fn();
    const outcome = await persistence.hydrate("t", apply);
    expect(outcome).toMatchObject({ status: "unreadable", error: { code: "PERSIST_VERSION_UNSUPPORTED", setAsideKey: "t:corrupt:6" } });
    expect(outcome.status === "unreadable" && outcome.error.message).toContain("format version 2");
    expect(apply).not.toHaveBeenCalled();
    expect(adapter.entries.get("t:corrupt:6")).toEqual(future);
  });

  it("migrate upgrades an older format (here a bare message array) and the result is applied", async () => {
    const adapter = memoryStorage<unknown>([["t", [userMessage("legacy")]]]);
    const persistence = new ThreadPersistence({
      adapter,
      migrate: (stored, key) =>
        Array.isArray(stored) ? encodeStoredThread(key, { messages: stored as StoredThread["messages"] }, 0) : null,
    });
    const apply = vi.fn();
    await expect(persistence.hydrate("t", apply)).resolves.toMatchObject({ status: "applied", migrated: true });
    expect((apply.mock.calls[0]?.[0] as StoredThread).messages[0]?.id).toBe("legacy");
  });

  it("a migrate that throws leaves the record set aside with the cause kept", async () => {
    const adapter = memoryStorage<unknown>([["t", { version: 0 }]]);
    const persistence = new ThreadPersistence({
      adapter,
      now: () => 3,
      migrate: () => {
        throw new Error("cannot");
      },
    });
    const outcome = await persistence.load("t");
    expect(outcome).toMatchObject({ status: "unreadable", error: { code: "PERSIST_VERSION_UNSUPPORTED" } });
    expect(outcome.status === "unreadable" && (outcome.error.cause as Error).message).toBe("cannot");
    expect(adapter.entries.has("t:corrupt:3")).toBe(true);
  });

  it("a failing read is reported and leaves the stored value alone", async () => {
    const inner = memoryStorage<unknown>([["t", record("t", "m")]]);
    const persistence = new ThreadPersistence({
      adapter: { ...inner, getItem: () => Promise.reject(new Error("locked")) },
    });
    const outcome = await persistence.hydrate("t", vi.fn());
    expect(outcome).toMatchObject({ status: "unreadable", error: { code: "PERSIST_READ_FAILED", operation: "read" } });
    expect(inner.entries.has("t")).toBe(true);
  });

  it("if setting aside fails, the original stays in place", async () => {
    const inner = memoryStorage<unknown>([["t", { version: 9 }]]);
    const persistence = new ThreadPersistence({
      adapter: {
        ...inner,
        setItem: () => {
          throw new Error("read-only");
        },
      },
    });
    const outcome = await persistence.load("t");
    expect(outcome.status === "unreadable" && outcome.error.message).toContain("left in place");
    expect(inner.entries.get("t")).toEqual({ version: 9 });
  });
});
