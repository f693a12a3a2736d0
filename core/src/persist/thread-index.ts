import { DEV } from "esm-env";
import { signal, type ReadonlySignal } from "@preact/signals-core";
import { contentText } from "../protocol/content-text.js";
import type { Message } from "../protocol/events.js";
import { describeValue } from "../describe-value.js";
import type { PersistenceAdapter } from "./adapter.js";
import { PersistenceError, PersistOptionError, removeFailure, writeFailure } from "./errors.js";

/** Where the index is stored by default, beside the thread records (whose keys are thread ids). */
export const THREAD_INDEX_KEY = "threadline:thread-index";

/** The index record's format version. */
export const THREAD_INDEX_VERSION = 1;

/** One stored thread, as the index lists it. */
export interface ThreadSummary {
  readonly id: string;
  /** The first line of the thread's first user message (see `threadTitle`); "" when it has none. */
  readonly title: string;
  /** Milliseconds since the epoch of the last save the index recorded. */
  readonly updatedAt: number;
  /** Your own data for the entry (JSON), e.g. which agent the thread talks to. */
  readonly meta?: Readonly<Record<string, unknown>>;
  /**
   * How many alternative branches the conversation keeps besides the one shown (edited
   * messages, regenerated answers); absent when none.
   */
  readonly branches?: number;
}

/** What a save tells the index about a thread. `meta` undefined keeps the entry's meta. */
export interface ThreadSummaryUpdate {
  readonly title: string;
  readonly meta?: Readonly<Record<string, unknown>>;
  /** Alternative branches besides the active path (0 or absent: none). */
  readonly branches?: number;
}

export interface ThreadIndexOptions {
  adapter: PersistenceAdapter<unknown>;
  /** The storage key of the index record. Default `THREAD_INDEX_KEY`. */
  key?: string;
  /** Clock for `updatedAt`. Default `Date.now`. */
  now?: () => number;
  /** Storage failures of the index (reading, writing). A throw here is ignored. */
  onError?: (error: PersistenceError) => void;
}

const TITLE_LENGTH = 80;

/**
 * A list of the threads kept in one storage: their ids, titles and when they were last saved, in
 * one record (`{ version: 1, threads }`) under its own key, so listing costs one read however many
 * threads there are. `ChatClient` keeps it up to date as it saves (give every chat on the same
 * storage the same `ThreadIndex` through `persistence.index`).
 *
 * Operations run one at a time, each a read-modify-write of the record, so this object never loses
 * its own updates. Two tabs saving in the same instant can overwrite each other's change to the
 * index; the next save of that thread puts it back. A failed read leaves the record alone (writing
 * a partial list would drop entries); an unreadable record is moved to `<key>:corrupt:<time>` and
 * the index starts over. Failures reach `onError`; no method rejects.
 */
export class ThreadIndex {
  readonly key: string;
  /** The list as this object last read or wrote it, newest first. `list()` refreshes it. */
  readonly threads: ReadonlySignal<readonly ThreadSummary[]>;

  readonly #adapter: PersistenceAdapter<unknown>;
  readonly #now: () => number;
  readonly #onError: ((error: PersistenceError) => void) | undefined;
  readonly #threadsSignal = signal<readonly ThreadSummary[]>(Object.freeze([]));
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: ThreadIndexOptions) {
    const adapter = options?.adapter as Partial<PersistenceAdapter<unknown>> | undefined;
    if (typeof adapter?.getItem !== "function" || typeof adapter.setItem !== "function" || typeof adapter.removeItem !== "function") {
      throw new PersistOptionError("adapter", DEV ? "ThreadIndex needs an `adapter` with getItem, setItem and removeItem." : "");
    }
    if (options.key !== undefined && (typeof options.key !== "string" || options.key === "")) {
      throw new PersistOptionError("key", DEV ? `ThreadIndex: \`key\` must be a non-empty string, got ${String(options.key)}.` : "");
    }
    this.#adapter = options.adapter;
    this.key = options.key ?? THREAD_INDEX_KEY;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError;
    this.threads = this.#threadsSignal;
  }

  /** The stored threads, newest first, read from storage now (another tab may have added some). */
  list(): Promise<readonly ThreadSummary[]> {
    return this.#enqueue(async () => (await this.#read()) ?? this.#threadsSignal.peek());
  }

  /** Adds the thread, or updates its title (and `meta` when given), with `updatedAt` now. */
  record(id: string, update: ThreadSummaryUpdate): Promise<void> {
    // The time of the save, not of the write, which may wait behind others.
    const updatedAt = this.#now();
    return this.#modify((entries) => {
      const previous = entries.find((entry) => entry.id === id);
      const meta = update.meta ?? previous?.meta;
      const branches = update.branches ?? 0;
      const entry: ThreadSummary = Object.freeze({ id, title: update.title, updatedAt, ...(meta === undefined ? {} : { meta }), ...(branches > 0 ? { branches } : {}) });
      return [entry, ...entries.filter((e) => e.id !== id)];
    });
  }

  /** Drops the thread's entry (its stored record is the persistence's to remove). */
  remove(id: string): Promise<void> {
    return this.#modify((entries) => (entries.some((e) => e.id === id) ? entries.filter((e) => e.id !== id) : undefined));
  }

  /** Resolves when every operation asked for so far has finished. */
  whenIdle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }

  /** `change` returns the new list, or undefined for "nothing to write". */
  #modify(change: (entries: readonly ThreadSummary[]) => readonly ThreadSummary[] | undefined): Promise<void> {
    return this.#enqueue(async () => {
      const entries = await this.#read();
      if (entries === undefined) return;
      const next = change(entries);
      if (next === undefined) return;
      const sorted = Object.freeze([...next].sort((a, b) => b.updatedAt - a.updatedAt));
      try {
        // Like a thread, an empty index is stored as no record at all.
        if (sorted.length === 0) await this.#adapter.removeItem(this.key);
        else await this.#adapter.setItem(this.key, { version: THREAD_INDEX_VERSION, threads: sorted.map((entry) => ({ ...entry })) });
      } catch (error) {
        this.#report(sorted.length === 0 ? removeFailure(this.key, error) : writeFailure(this.key, error, DEV ? "writing the thread index failed" : ""));
        return;
      }
      this.#threadsSignal.value = sorted;
    });
  }

  /** The stored entries (newest first, also published), or undefined when storage could not be read. */
  async #read(): Promise<readonly ThreadSummary[] | undefined> {
    let stored: unknown;
    try {
      stored = await this.#adapter.getItem(this.key);
    } catch (error) {
      this.#report(new PersistenceError("PERSIST_READ_FAILED", DEV ? `Reading the thread index "${this.key}" failed (${describeValue(error)}).` : "", { key: this.key, operation: "read", cause: error }));
      return undefined;
    }
    const decoded = decodeIndex(stored);
    if (decoded === undefined) {
      await this.#setAside(stored);
      return Object.freeze([]);
    }
    const sorted = Object.freeze(decoded.sort((a, b) => b.updatedAt - a.updatedAt));
    this.#threadsSignal.value = sorted;
    return sorted;
  }

  async #setAside(stored: unknown): Promise<void> {
    const setAsideKey = `${this.key}:corrupt:${this.#now()}`;
    let moved = true;
    try {
      const { moveAside } = this.#adapter;
      if (moveAside !== undefined) await moveAside.call(this.#adapter, this.key, setAsideKey);
      else await this.#adapter.setItem(setAsideKey, stored);
    } catch {
      moved = false;
    }
    this.#report(
      new PersistenceError("PERSIST_CORRUPT", DEV ? `The thread index "${this.key}" is not an index record; ${moved ? `it was moved to "${setAsideKey}" and ` : ""}the index starts over.` : "", {
        key: this.key,
        operation: "read",
        ...(moved ? { setAsideKey } : {}),
      }),
    );
  }

  #enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(operation);
    // The chain goes on whatever happened; `operation` reports its own failures.
    this.#tail = result.catch(() => undefined);
    return result;
  }

  #report(error: PersistenceError): void {
    try {
      this.#onError?.(error);
    } catch {
      // A throwing error handler must not break the index.
    }
  }
}

/** The title the index gives a thread: the first line of its first user message's text, shortened. */
export function threadTitle(firstUserMessage: Message | undefined): string {
  if (firstUserMessage === undefined || firstUserMessage.role !== "user") return "";
  const text = contentText(firstUserMessage.content, " ");
  const line = text.trim().split("\n")[0]?.trim() ?? "";
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

/** The entries of a stored index; `[]` for nothing stored; undefined for something else. */
function decodeIndex(stored: unknown): ThreadSummary[] | undefined {
  if (stored === null || stored === undefined) return [];
  const record = stored as { version?: unknown; threads?: unknown };
  if (typeof stored !== "object" || record.version !== THREAD_INDEX_VERSION || !Array.isArray(record.threads)) return undefined;
  const entries: ThreadSummary[] = [];
  const seen = new Set<string>();
  for (const item of record.threads as unknown[]) {
    const entry = item as Partial<ThreadSummary> | null;
    // A malformed entry is skipped rather than losing the whole list over it.
    if (typeof entry?.id !== "string" || seen.has(entry.id) || typeof entry.title !== "string" || typeof entry.updatedAt !== "number") continue;
    const meta = entry.meta;
    const validMeta = typeof meta === "object" && meta !== null && !Array.isArray(meta);
    const branches = entry.branches;
    const validBranches = typeof branches === "number" && Number.isInteger(branches) && branches > 0;
    seen.add(entry.id);
    entries.push(Object.freeze({ id: entry.id, title: entry.title, updatedAt: entry.updatedAt, ...(validMeta ? { meta } : {}), ...(validBranches ? { branches } : {}) }));
  }
  return entries;
}
