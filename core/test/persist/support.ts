// Test doubles shared by the persistence tests.
import type { Message } from "../../src/protocol/events.js";
import type { PersistenceAdapter } from "../../src/persist/adapter.js";
import type { StorageLike } from "../../src/persist/local-storage.js";
import type { PresenceClock } from "../../src/chat/presence/presence-channel.js";
import { sleep } from "../support/wait.js";

export { sleep, until } from "../support/wait.js";

export function userMessage(id: string, content = id): Message {
  return { id, role: "user", content };
}

export function assistantMessage(id: string, content: string, toolCallIds: string[] = []): Message {
  return {
    id,
    role: "assistant",
    content,
    ...(toolCallIds.length > 0
      ? { toolCalls: toolCallIds.map((tc) => ({ id: tc, type: "function" as const, function: { name: "lookup", arguments: "{}" } })) }
      : {}),
  };
}

export interface LoggedCall {
  readonly op: "get" | "set" | "remove";
  readonly key: string;
  readonly phase: "start" | "end";
  readonly value?: unknown;
}

/**
 * An async adapter whose every call takes `delay(op, key, n)` milliseconds (n counts calls), and
 * which logs when each call starts and ends. Without a queue, a slower earlier write would land
 * after a faster later one.
 */
export function slowAdapter(delay: (op: LoggedCall["op"], key: string, n: number) => number) {
  const entries = new Map<string, unknown>();
  const log: LoggedCall[] = [];
  let n = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const run = async <T>(op: LoggedCall["op"], key: string, value: unknown, body: () => T): Promise<T> => {
    const ms = delay(op, key, n++);
    log.push({ op, key, phase: "start", value });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await sleep(ms);
    inFlight--;
    const result = body();
    log.push({ op, key, phase: "end", value });
    return result;
  };
  const adapter: PersistenceAdapter<unknown> = {
    getItem: (key) => run("get", key, undefined, () => structuredClone(entries.get(key) ?? null)),
    setItem: (key, value) => run("set", key, value, () => void entries.set(key, structuredClone(value))),
    removeItem: (key) => run("remove", key, undefined, () => void entries.delete(key)),
  };
  return { adapter, entries, log, maxInFlight: () => maxInFlight };
}

/** A Web Storage double with a byte quota, throwing a DOMException-like QuotaExceededError. */
export class MemoryStorage implements StorageLike {
  readonly data = new Map<string, string>();
  constructor(public quota = Infinity) {}

  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    let used = value.length + key.length;
    for (const [k, v] of this.data) if (k !== key) used += k.length + v.length;
    if (used > this.quota) throw quotaError();
    this.data.set(key, value);
  }

  removeItem(key: string): void {
    this.data.delete(key);
  }
}

/** Shaped like the browser's DOMException for a full storage (name and legacy code 22). */
export function quotaError(): Error {
  const error = new Error("The quota has been exceeded.");
  Object.defineProperty(error, "name", { value: "QuotaExceededError" });
  Object.defineProperty(error, "code", { value: 22 });
  return error;
}

/** A clock whose time moves only when `advance` is called; timers fire in due order. */
export class ManualClock implements PresenceClock {
  private time = 1_000_000;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + ms, callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (let fired = 0; ; fired++) {
      if (fired > 10_000) throw new Error("ManualClock: timers keep re-arming without time passing");
      let due: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
}
