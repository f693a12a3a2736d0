import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../../src/persist/adapter.js";
import { CorruptStoredValueError, isQuotaExceeded, PersistenceError } from "../../src/persist/errors.js";
import { indexedDbStorage } from "../../src/persist/indexed-db.js";
import { localStorageAdapter } from "../../src/persist/local-storage.js";
import { encodeStoredThread, type StoredThread } from "../../src/persist/stored-thread.js";
import { ThreadPersistence } from "../../src/persist/thread-persistence.js";
import { assistantMessage, MemoryStorage, quotaError, userMessage } from "./support.js";

describe("memoryStorage", () => {
  it("stores a clone: mutating the caller's object later changes nothing", () => {
    const adapter = memoryStorage<{ list: number[] }>();
    const value = { list: [1] };
    adapter.setItem("k", value);
    value.list.push(2);
    expect(adapter.getItem("k")).toEqual({ list: [1] });
    adapter.removeItem("k");
    expect(adapter.getItem("k")).toBeNull();
  });
});

describe("localStorageAdapter", () => {
  it("round-trips JSON under the prefix, default and custom", () => {
    const storage = new MemoryStorage();
    const adapter = localStorageAdapter(storage);
    adapter.setItem("t1", { a: [1, "x"] });
    expect(storage.getItem("threadline:t1")).toBe('{"a":[1,"x"]}');
    expect(adapter.getItem("t1")).toEqual({ a: [1, "x"] });
    const custom = localStorageAdapter(storage, "app/");
    custom.setItem("t1", 5);
    expect(storage.getItem("app/t1")).toBe("5");
    custom.removeItem("t1");
    expect(storage.getItem("app/t1")).toBeNull();
    expect(adapter.getItem("missing")).toBeNull();
  });

  it("throws CorruptStoredValueError keeping the raw text when it is not JSON", () => {
    const storage = new MemoryStorage();
    storage.setItem("threadline:t", "{oops");
    const adapter = localStorageAdapter(storage);
    try {
      adapter.getItem("t");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CorruptStoredValueError);
      expect(error).toMatchObject({ code: "PERSIST_CORRUPT", key: "t", raw: "{oops" });
    }
  });

  it("lets the browser's QuotaExceededError through, recognised as quota", () => {
    const adapter = localStorageAdapter(new MemoryStorage(10));
    let thrown: unknown;
    try {
      adapter.setItem("t", "x".repeat(50));
    } catch (error) {
      thrown = error;
    }
    expect(isQuotaExceeded(thrown)).toBe(true);
    expect(isQuotaExceeded(quotaError())).toBe(true);
    expect(isQuotaExceeded({ name: "NS_ERROR_DOM_QUOTA_REACHED" })).toBe(true);
    expect(isQuotaExceeded(new Error("other"))).toBe(false);
  });

  it("defaults to globalThis.localStorage, and says so clearly when there is none", () => {
    expect(() => localStorageAdapter()).toThrow(PersistenceError);
    expect(() => localStorageAdapter()).toThrow(/localStorage is not available/);
    const storage = new MemoryStorage();
    vi.stubGlobal("localStorage", storage);
    try {
      localStorageAdapter().setItem("k", 1);
      expect(storage.getItem("threadline:k")).toBe("1");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("works end to end under ThreadPersistence (sync hydrate)", async () => {
    const storage = new MemoryStorage();
    const persistence = new ThreadPersistence({ adapter: localStorageAdapter(storage) });
    await persistence.save("t", { messages: [userMessage("u1"), assistantMessage("a1", "hi", ["tc1"])], state: { k: 1 } });
    const reopened = new ThreadPersistence({ adapter: localStorageAdapter(storage) });
    let applied: StoredThread | undefined;
    void reopened.hydrate("t", (record) => (applied = record));
    expect(applied?.messages).toHaveLength(2);
    expect(applied?.state).toEqual({ k: 1 });
  });
});

describe("indexedDbStorage (fake-indexeddb)", () => {
  it("stores structured values in a custom database and store", async () => {
    const adapter = indexedDbStorage({ dbName: "threadline-test", storeName: "chats" });
    const value = encodeStoredThread("t", { messages: [userMessage("m1")], state: { when: new Date(0) } }, 1);
    await adapter.setItem("t", value);
    const read = (await adapter.getItem("t")) as StoredThread;
    expect(read).toEqual(value);
    expect((read.state as { when: unknown }).when).toBeInstanceOf(Date); // structured clone, not JSON

    // It really is that store: read it back with the raw IndexedDB API.
    const raw = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open("threadline-test");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const request = db.transaction("chats").objectStore("chats").get("t");
        request.onsuccess = () => {
          db.close();
          resolve(request.result);
        };
        request.onerror = () => reject(request.error);
      };
    });
    expect(raw).toEqual(value);

    await adapter.removeItem("t");
    expect(await adapter.getItem("t")).toBeNull();
  });

  it("keeps separate stores apart", async () => {
    const one = indexedDbStorage({ dbName: "threadline-a" });
    const two = indexedDbStorage({ dbName: "threadline-b" });
    await one.setItem("t", 1);
    expect(await two.getItem("t")).toBeNull();
  });

  it("drives ThreadPersistence: ordered writes, clear, async hydration", async () => {
    const adapter = indexedDbStorage({ dbName: "threadline-e2e", storeName: "threads" });
    const persistence = new ThreadPersistence({ adapter });
    for (let i = 1; i <= 20; i++) {
      void persistence.save("t", { messages: Array.from({ length: i }, (_, k) => userMessage(`m${k}`)) });
      if (i === 10) void persistence.clear("t");
    }
    await persistence.flush();
    const reopened = new ThreadPersistence({ adapter: indexedDbStorage({ dbName: "threadline-e2e", storeName: "threads" }) });
    let applied: StoredThread | undefined;
    await expect(reopened.hydrate("t", (record) => (applied = record))).resolves.toMatchObject({ status: "applied" });
    expect(applied?.messages).toHaveLength(20);
  });

  it("with no indexedDB (server rendering): a read finds nothing, a write or removal rejects with PERSIST_UNAVAILABLE", async () => {
    const adapter = indexedDbStorage({ dbName: "nowhere" });
    vi.stubGlobal("indexedDB", undefined);
    try {
      await expect(adapter.getItem("t")).resolves.toBeNull();
      await expect(adapter.setItem("t", {})).rejects.toMatchObject({ code: "PERSIST_UNAVAILABLE", operation: "write" });
      await expect(adapter.removeItem("t")).rejects.toMatchObject({ code: "PERSIST_UNAVAILABLE", operation: "remove" });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
