import { effect } from "@preact/signals-core";
import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../../src/persist/adapter.js";
import type { PersistenceError } from "../../src/persist/errors.js";
import { localStorageAdapter } from "../../src/persist/local-storage.js";
import type { StoredThread, ThreadContent } from "../../src/persist/stored-thread.js";
import { ThreadPersistence } from "../../src/persist/thread-persistence.js";
import { assistantMessage, MemoryStorage, quotaError, sleep, slowAdapter, userMessage } from "./support.js";

const snap = (...ids: string[]): ThreadContent => ({ messages: ids.map((id) => userMessage(id)) });
const storedIds = (value: unknown) => (value as StoredThread | undefined)?.messages.map((m) => m.id);

/** A scheduleTick the test fires by hand. */
function manualTicks() {
  const pending: (() => void)[] = [];
  return {
    scheduleTick: (callback: () => void) => {
      pending.push(callback);
      return () => pending.splice(pending.indexOf(callback), 1);
    },
    fire: () => pending.splice(0).forEach((callback) => callback()),
    get scheduled() {
      return pending.length;
    },
  };
}

describe("ThreadPersistence: ordered writes", () => {
  it("the slow adapter double really reorders writes when they are not queued", async () => {
    const { adapter, log } = slowAdapter((_op, _key, n) => (n === 0 ? 40 : 1));
    await Promise.all([adapter.setItem("t", 1), adapter.setItem("t", 2)]);
    expect(log.filter((c) => c.phase === "end").map((c) => c.value)).toEqual([2, 1]);
  });

  it("lands writes in call order, one at a time, when earlier calls are slower", async () => {
    // Each call is faster than the one before: unqueued, they would land in reverse.
    const { adapter, log, entries, maxInFlight } = slowAdapter((_op, _key, n) => 40 - n * 8);
    const persistence = new ThreadPersistence({ adapter, now: () => 7 });
    void persistence.save("a", snap("a1"));
    void persistence.save("b", snap("b1"));
    void persistence.clear("a");
    void persistence.save("c", snap("c1"));
    void persistence.save("a", snap("a2"));
    await persistence.flush();

    expect(maxInFlight()).toBe(1);
    const ends = log.filter((c) => c.phase === "end").map((c) => `${c.op}:${c.key}`);
    expect(ends).toEqual(["set:a", "set:b", "remove:a", "set:c", "set:a"]);
    for (let i = 1; i < log.length; i += 2) expect(log[i - 1]?.phase === "start" && log[i]?.phase === "end").toBe(true);
    expect(storedIds(entries.get("a"))).toEqual(["a2"]);
    expect(entries.get("a")).toMatchObject({ version: 1, threadId: "a", savedAt: 7, state: undefined });
  });

  it("a write not yet started takes the newer snapshot instead of queuing another", async () => {
    const { adapter, log, entries } = slowAdapter(() => 10);
    const persistence = new ThreadPersistence({ adapter });
    void persistence.save("t", snap("1"));
    void persistence.save("t", snap("1", "2"));
    void persistence.save("t", snap("1", "2", "3"));
    await persistence.flush();
    expect(log.filter((c) => c.phase === "end" && c.op === "set").map((c) => storedIds(c.value))).toEqual([
      ["1"],
      ["1", "2", "3"],
    ]);
    expect(storedIds(entries.get("t"))).toEqual(["1", "2", "3"]);
  });

  it("a synchronous adapter is written before save() returns", () => {
    const adapter = memoryStorage();
    const persistence = new ThreadPersistence({ adapter });
    void persistence.save("t", snap("m1"));
    expect(storedIds(adapter.entries.get("t"))).toEqual(["m1"]);
  });

  it("an empty snapshot removes the record instead of writing an empty one", async () => {
    const adapter = memoryStorage();
    const persistence = new ThreadPersistence({ adapter });
    await persistence.save("t", snap("m1"));
    await persistence.save("t", { messages: [] });
    expect(adapter.entries.has("t")).toBe(false);
    await persistence.save("t", { messages: [], state: { step: 1 } });
    expect(adapter.entries.get("t")).toMatchObject({ messages: [], state: { step: 1 } });
  });
});

describe("ThreadPersistence: clear drops stale writes", () => {
  it("a write queued before clear never lands, even behind a slow in-flight write", async () => {
    const { adapter, log, entries } = slowAdapter(() => 15);
    const persistence = new ThreadPersistence({ adapter });
    void persistence.save("t", snap("old-1")); // in flight
    void persistence.save("t", snap("old-1", "old-2")); // queued, stale once cleared
    await persistence.clear("t");
    expect(log.filter((c) => c.phase === "end").map((c) => `${c.op}:${String(storedIds(c.value) ?? "")}`)).toEqual([
      "set:old-1",
      "remove:",
    ]);
    expect(entries.has("t")).toBe(false);
  });

  it("a scheduled streaming save pending at clear never runs its snapshot function", async () => {
    const ticks = manualTicks();
    const adapter = memoryStorage();
    const persistence = new ThreadPersistence({ adapter, scheduleTick: ticks.scheduleTick });
    await persistence.save("t", snap("m1"));
    const snapshot = vi.fn(() => snap("m1", "late"));
    persistence.scheduleSave("t", snapshot);
    await persistence.clear("t");
    ticks.fire();
    await persistence.flush();
    expect(snapshot).not.toHaveBeenCalled();
    expect(adapter.entries.has("t")).toBe(false);
  });

  it("saves after the clear (the fresh conversation) are written", async () => {
    const { adapter, entries } = slowAdapter(() => 5);
    const persistence = new ThreadPersistence({ adapter });
    void persistence.save("t", snap("old"));
    void persistence.clear("t");
    void persistence.save("t", snap("fresh"));
    await persistence.flush();
    expect(storedIds(entries.get("t"))).toEqual(["fresh"]);
  });

  it("clearing one thread does not drop another thread's write", async () => {
    const { adapter, entries } = slowAdapter(() => 5);
    const persistence = new ThreadPersistence({ adapter });
    void persistence.save("a", snap("a-in-flight"));
    void persistence.save("b", snap("b1"));
    void persistence.clear("a");
    await persistence.flush();
    expect(storedIds(entries.get("b"))).toEqual(["b1"]);
    expect(entries.has("a")).toBe(false);
  });
});

describe("ThreadPersistence: coalescing while streaming", () => {
  it("1,000 scheduleSave calls cost one snapshot per tick, plus the final write", async () => {
    const ticks = manualTicks();
    const adapter = memoryStorage();
    const setItem = vi.spyOn(adapter, "setItem");
    const persistence = new ThreadPersistence({ adapter, scheduleTick: ticks.scheduleTick });
    let text = "";
    const snapshot = vi.fn(() => ({ messages: [assistantMessage("a1", text)] }));
    for (let token = 0; token < 1000; token++) {
      text += "x";
      persistence.scheduleSave("t", snapshot);
      expect(ticks.scheduled).toBeLessThanOrEqual(1);
      if (token % 100 === 99 && token < 900) ticks.fire(); // nine frames during the stream
    }
    expect(snapshot).toHaveBeenCalledTimes(9);
    await persistence.flush(); // the run settled
    expect(snapshot).toHaveBeenCalledTimes(10);
    expect(setItem).toHaveBeenCalledTimes(10);
    expect((adapter.entries.get("t") as StoredThread).messages[0]).toMatchObject({ content: "x".repeat(1000) });
    expect(ticks.scheduled).toBe(0);
  });

  it("uses requestAnimationFrame when the environment has it", async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    vi.stubGlobal("cancelAnimationFrame", () => {});
    try {
      const adapter = memoryStorage();
      const persistence = new ThreadPersistence({ adapter });
      const snapshot = vi.fn(() => snap("m"));
      for (let i = 0; i < 1000; i++) persistence.scheduleSave("t", snapshot);
      expect(frames).toHaveLength(1);
      expect(snapshot).not.toHaveBeenCalled();
      frames[0]?.();
      expect(snapshot).toHaveBeenCalledTimes(1);
      await persistence.flush();
      expect(snapshot).toHaveBeenCalledTimes(1); // nothing new was scheduled since the frame
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("with a millisecond interval, a stream spread over time is written a handful of times", async () => {
    const adapter = memoryStorage();
    const persistence = new ThreadPersistence({ adapter, coalesce: 10 });
    const snapshot = vi.fn(() => snap("m"));
    let yields = 0;
    for (let i = 0; i < 1000; i++) {
      persistence.scheduleSave("t", snapshot);
      if (i % 50 === 49) {
        yields++;
        await sleep(2);
      }
    }
    await persistence.flush();
    expect(snapshot.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(snapshot.mock.calls.length).toBeLessThanOrEqual(yields + 1);
  });

  it("while a slow write is in flight, further frames fold into one pending write", async () => {
    const ticks = manualTicks();
    const { adapter, log } = slowAdapter(() => 20);
    const persistence = new ThreadPersistence({ adapter, scheduleTick: ticks.scheduleTick });
    const snapshot = vi.fn(() => snap("m"));
    for (let frame = 0; frame < 5; frame++) {
      persistence.scheduleSave("t", snapshot);
      ticks.fire();
    }
    await persistence.flush();
    expect(log.filter((c) => c.op === "set" && c.phase === "end")).toHaveLength(2);
    expect(snapshot).toHaveBeenCalledTimes(2);
  });
});

describe("ThreadPersistence: storage failures", () => {
  it("quota exceeded is reported, then the next write retries and clears the error", async () => {
    const storage = new MemoryStorage(200);
    const errors: PersistenceError[] = [];
    const persistence = new ThreadPersistence({ adapter: localStorageAdapter(storage), onError: (e) => errors.push(e) });
    let messages = [userMessage("m1", "y".repeat(500))];
    await persistence.save("big", () => ({ messages }));
    expect(persistence.persistenceError.value?.code).toBe("PERSIST_QUOTA_EXCEEDED");
    expect(persistence.persistenceError.value?.key).toBe("big");
    expect(errors.map((e) => e.code)).toEqual(["PERSIST_QUOTA_EXCEEDED"]);
    expect(storage.data.size).toBe(0);

    storage.quota = Infinity; // the user freed space
    messages = [...messages, userMessage("m2")];
    await persistence.save("other", snap("o1")); // any next write retries the failed one
    expect(persistence.persistenceError.value).toBeNull();
    expect(JSON.parse(storage.getItem("threadline:big") ?? "null").messages.map((m: { id: string }) => m.id)).toEqual(["m1", "m2"]);
    expect(storage.getItem("threadline:other")).not.toBeNull();
  });

  it("an adapter that rejects, then recovers: flush retries and the error clears", async () => {
    let failing = true;
    const inner = memoryStorage();
    const persistence = new ThreadPersistence({
      adapter: {
        getItem: inner.getItem,
        removeItem: inner.removeItem,
        setItem: async (key, value) => {
          await sleep(1);
          if (failing) throw new Error("disk on fire");
          inner.setItem(key, value);
        },
      },
    });
    await persistence.save("t", snap("m1"));
    expect(persistence.persistenceError.value).toMatchObject({ code: "PERSIST_WRITE_FAILED", operation: "write" });
    expect(persistence.persistenceError.value?.message).toContain("disk on fire");
    failing = false;
    await persistence.flush();
    expect(persistence.persistenceError.value).toBeNull();
    expect(storedIds(inner.entries.get("t"))).toEqual(["m1"]);
  });

  it("an adapter that throws synchronously and an onError that throws do not break the queue", async () => {
    const persistence = new ThreadPersistence({
      adapter: {
        getItem: () => null,
        setItem: () => {
          throw new TypeError("nope");
        },
        removeItem: () => {},
      },
      onError: () => {
        throw new Error("handler bug");
      },
    });
    await expect(persistence.save("t", snap("m"))).resolves.toBeUndefined();
    expect(persistence.persistenceError.value?.code).toBe("PERSIST_WRITE_FAILED");
    await expect(persistence.clear("t")).resolves.toBeUndefined();
  });

  it("storage that stays broken is retried every frame but reported once", async () => {
    const ticks = manualTicks();
    const setItem = vi.fn(() => {
      throw quotaError();
    });
    const onError = vi.fn();
    const persistence = new ThreadPersistence({
      adapter: { getItem: () => null, setItem, removeItem: () => {} },
      scheduleTick: ticks.scheduleTick,
      onError,
    });
    for (let frame = 0; frame < 30; frame++) {
      persistence.scheduleSave("t", snap("m"));
      ticks.fire();
    }
    await persistence.flush();
    expect(setItem).toHaveBeenCalledTimes(31); // 30 frames + the final flush retry
    expect(onError).toHaveBeenCalledTimes(1);
    expect(persistence.persistenceError.value?.code).toBe("PERSIST_QUOTA_EXCEEDED");
  });

  it("a failed write superseded by clear is not retried", async () => {
    let failing = true;
    const inner = memoryStorage();
    const setItem = vi.fn((key: string, value: unknown) => {
      if (failing) throw quotaError();
      inner.setItem(key, value);
    });
    const persistence = new ThreadPersistence({ adapter: { ...inner, setItem } });
    await persistence.save("t", snap("m1"));
    await persistence.clear("t");
    failing = false;
    await persistence.flush();
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(inner.entries.has("t")).toBe(false);
  });

  it("a clear whose remove failed is retried with the next write, so the cleared record cannot come back", async () => {
    let failing = true;
    const inner = memoryStorage();
    const removeItem = vi.fn((key: string) => {
      if (failing) throw new Error("storage locked");
      inner.removeItem(key);
    });
    const persistence = new ThreadPersistence({ adapter: { ...inner, removeItem } });
    await persistence.save("t", snap("m1"));
    await persistence.clear("t");
    expect(persistence.persistenceError.value).toMatchObject({ code: "PERSIST_REMOVE_FAILED", key: "t", operation: "remove" });
    expect(inner.entries.has("t")).toBe(true);

    failing = false;
    await persistence.save("other", snap("o1")); // any next write retries what failed
    expect(inner.entries.has("t")).toBe(false); // a reload would otherwise show the cleared conversation
    expect(persistence.persistenceError.value).toBeNull();
    expect(removeItem).toHaveBeenCalledTimes(2);
  });

  it("a fresh conversation saved after a failed clear is written, not removed by the retry", async () => {
    let failing = true;
    const inner = memoryStorage();
    const persistence = new ThreadPersistence({
      adapter: {
        ...inner,
        removeItem: (key) => {
          if (failing) throw new Error("storage locked");
          inner.removeItem(key);
        },
      },
    });
    await persistence.save("t", snap("m1"));
    await persistence.clear("t");
    failing = false;
    await persistence.save("t", snap("fresh"));
    await persistence.flush();
    expect(storedIds(inner.entries.get("t"))).toEqual(["fresh"]);
    expect(persistence.persistenceError.value).toBeNull();
  });

  it("an effect on persistenceError that throws does not wedge the queue or leave a promise hanging", async () => {
    let failing = true;
    const inner = memoryStorage();
    const persistence = new ThreadPersistence({
      adapter: {
        ...inner,
        setItem: async (key, value) => {
          await sleep(1);
          if (failing) throw new Error("disk on fire");
          inner.setItem(key, value);
        },
      },
    });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const thrown: unknown[] = [];
    const stop = effect(() => {
      if (persistence.persistenceError.value !== null) {
        const error = new Error("the app's error banner broke");
        thrown.push(error);
        throw error;
      }
    });
    try {
      await persistence.save("t", snap("m1")); // fails; the effect throws while it is reported
      failing = false;
      await persistence.save("t", snap("m1", "m2"));
      expect(storedIds(inner.entries.get("t"))).toEqual(["m1", "m2"]);
      expect(persistence.persistenceError.value).toBeNull();
      await expect(persistence.hydrate("t", () => undefined)).resolves.toMatchObject({ status: "applied" });
      expect(thrown.length).toBeGreaterThan(0);
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("persistenceError threw"), thrown[0]);
    } finally {
      stop();
      consoleError.mockRestore();
    }
  });
});

