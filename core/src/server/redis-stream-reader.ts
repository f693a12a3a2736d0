import { RunStoreError } from "./errors.js";
import type { RedisConnection } from "./redis-client.js";

/** A stream entry as XREAD and XRANGE reply: its id and its field/value list. */
export type StreamEntry = [id: string, fields: string[]];

interface Waiter {
  /** The id the waiter has read up to: it wants what comes after. */
  readonly after: string;
  readonly resolve: (entries: StreamEntry[] | null) => void;
  readonly reject: (error: unknown) => void;
}

export interface StreamReaderOptions {
  /** Opens the reader's own connection (a blocking read holds its connection). */
  readonly connect: () => Promise<RedisConnection>;
  /** The main connection, for the wake-up writes. */
  readonly main: RedisConnection;
  /** This instance's control stream: stops addressed to runs produced here, and wake-ups. */
  readonly controlKey: string;
  readonly blockMs: number;
  readonly timeoutMs: number;
  /** Whether the reader must run with no waiter (this instance produces runs: it must hear stops). */
  readonly producing: () => boolean;
  /** A control entry other than a wake-up: its fields. */
  readonly onControl: (fields: string[]) => void;
}

/** Entries one read brings per stream; a waiter behind by more gets them in several reads. */
const READ_COUNT = 64;

/**
 * One blocking reader per store instance, shared by everything that waits for a stream to grow:
 * a single XREAD BLOCK names every stream some follower waits on, plus the instance's control
 * stream, so 400 followers cost one Redis connection, not 400. A waiter registers for one read
 * (`wait`) and comes back for the next; a stream is read from the earliest position any of its
 * waiters needs. When a waiter arrives that the read under way does not cover, the reader is
 * woken by an entry on its own control stream, which the read always names.
 */
export class StreamReader {
  readonly #waiters = new Map<string, Set<Waiter>>();
  /** The position each stream is read from by the XREAD under way (none: not reading). */
  #covering: Map<string, string> | undefined;
  #controlCursor = "0-0";
  #connection: RedisConnection | undefined;
  #running = false;
  #wakeSent = false;
  #closed = false;

  constructor(private readonly options: StreamReaderOptions) {}

  /**
   * The entries of `key` after `after` (at least one), or `null` when a read timed out with none
   * (the caller checks the run is still alive and waits again), or when `signal` aborted.
   */
  wait(key: string, after: string, signal: AbortSignal): Promise<StreamEntry[] | null> {
    if (signal.aborted || this.#closed) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      let set = this.#waiters.get(key);
      if (!set) this.#waiters.set(key, (set = new Set()));
      const waiters = set;
      const waiter: Waiter = {
        after,
        resolve: (entries) => {
          signal.removeEventListener("abort", onAbort);
          resolve(entries);
        },
        reject: (error) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      const onAbort = (): void => {
        this.#leave(key, waiters, waiter);
        resolve(null);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      waiters.add(waiter);
      this.#ensure(key, after);
    });
  }

  /** The reader must also run for the control stream (a run is produced here). */
  poke(): void {
    this.#ensure(undefined, undefined);
  }

  close(): void {
    this.#closed = true;
    this.#connection?.close();
    this.#connection = undefined;
    for (const [key, waiters] of this.#waiters) {
      for (const waiter of waiters) waiter.resolve(null);
      this.#waiters.delete(key);
    }
  }

  #leave(key: string, waiters: Set<Waiter>, waiter: Waiter): void {
    waiters.delete(waiter);
    if (waiters.size === 0 && this.#waiters.get(key) === waiters) this.#waiters.delete(key);
  }

  /** Starts the loop, or wakes the read under way when it does not cover `key` from `after`. */
  #ensure(key: string | undefined, after: string | undefined): void {
    if (!this.#running) {
      this.#running = true;
      void this.#loop();
      return;
    }
    const covering = this.#covering;
    if (covering === undefined || key === undefined || this.#wakeSent) return;
    const from = covering.get(key);
    if (from !== undefined && compareIds(from, after!) <= 0) return;
    this.#wakeSent = true;
    void this.options.main
      .send("wake the stream reader", ["XADD", this.options.controlKey, "MAXLEN", "~", "1000", "*", "wake", "1"], this.options.timeoutMs)
      .catch(() => undefined);
  }

  async #loop(): Promise<void> {
    try {
      while (!this.#closed && (this.#waiters.size > 0 || this.options.producing())) {
        // A macrotask first: waiters served by the last read come back (synchronously, mostly)
        // before the next read is sent, so they are in it and need no wake-up.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await this.#readOnce();
      }
    } finally {
      this.#running = false;
    }
    // Someone may have arrived between the loop's last check and now.
    if (!this.#closed && (this.#waiters.size > 0 || this.options.producing())) this.#ensure(undefined, undefined);
  }

  async #readOnce(): Promise<void> {
    const { controlKey, blockMs, timeoutMs } = this.options;
    const covering = new Map<string, string>();
    for (const [key, waiters] of this.#waiters) {
      let from: string | undefined;
      for (const waiter of waiters) if (from === undefined || compareIds(waiter.after, from) < 0) from = waiter.after;
      if (from !== undefined) covering.set(key, from);
    }
    const keys = [controlKey, ...covering.keys()];
    const ids = [this.#controlCursor, ...covering.values()];
    this.#covering = covering;
    this.#wakeSent = false;
    let reply: [string, StreamEntry[]][] | null;
    try {
      this.#connection ??= await this.options.connect();
      reply = (await this.#connection.send(
        "read runs",
        ["XREAD", "COUNT", String(READ_COUNT), "BLOCK", String(blockMs), "STREAMS", ...keys, ...ids],
        blockMs + timeoutMs,
      )) as [string, StreamEntry[]][] | null;
    } catch (error) {
      // A broken or wedged connection: drop it (the next read opens another) and tell the
      // waiters of this read; waiters that came meanwhile get the next one.
      this.#covering = undefined;
      this.#connection?.close();
      this.#connection = undefined;
      const failure = error instanceof RunStoreError ? error : new RunStoreError("read runs", error);
      for (const key of covering.keys()) {
        const waiters = this.#waiters.get(key);
        if (!waiters) continue;
        this.#waiters.delete(key);
        for (const waiter of waiters) waiter.reject(failure);
      }
      if (this.#waiters.size === 0 && !this.options.producing()) return;
      // Not at once again: a Redis that is down would be asked in a tight loop.
      await new Promise((resolve) => setTimeout(resolve, Math.min(blockMs, 500)));
      return;
    }
    this.#covering = undefined;
    const byKey = new Map(reply ?? []);
    const control = byKey.get(controlKey);
    if (control) {
      for (const [id, fields] of control) {
        this.#controlCursor = id;
        if (fields[0] !== "wake") this.options.onControl(fields);
      }
    }
    for (const [key, from] of covering) {
      const waiters = this.#waiters.get(key);
      if (!waiters) continue;
      const entries = byKey.get(key);
      for (const waiter of [...waiters]) {
        // Only the waiters this read was for: one that came later waits for the next read.
        if (compareIds(waiter.after, from) < 0) continue;
        if (entries === undefined) {
          // The read timed out with nothing for this stream: the waiter checks its run is alive.
          if (reply === null) {
            this.#leave(key, waiters, waiter);
            waiter.resolve(null);
          }
          continue;
        }
        const fresh = entries.filter(([id]) => compareIds(id, waiter.after) > 0);
        if (fresh.length === 0) continue;
        this.#leave(key, waiters, waiter);
        waiter.resolve(fresh);
      }
    }
  }
}

/** Orders two stream ids (`<ms>-<seq>`): negative, zero or positive. */
export function compareIds(a: string, b: string): number {
  const dashA = a.indexOf("-");
  const dashB = b.indexOf("-");
  const msA = Number(a.slice(0, dashA));
  const msB = Number(b.slice(0, dashB));
  if (msA !== msB) return msA - msB;
  return Number(a.slice(dashA + 1)) - Number(b.slice(dashB + 1));
}
