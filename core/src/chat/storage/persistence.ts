import { DEV } from "esm-env";
import { batch, type ReadonlySignal } from "@preact/signals-core";
import type { WarningHandler } from "../../errors.js";
import { restoreBranches } from "../../model/branches/restore-branches.js";
import type { ThreadImpl } from "../../model/thread.js";
import { PersistOptionError, type PersistenceError } from "../../persist/errors.js";
import type { StoredQueuedMessage, StoredResumePoint, ThreadContent } from "../../persist/stored-thread.js";
import { ThreadIndex, threadTitle, type ThreadSummary } from "../../persist/thread-index.js";
import { ThreadPersistence, type HydrationOutcome, type ThreadPersistenceOptions } from "../../persist/thread-persistence.js";
import { restoreComponents, storedComponents } from "./stored-components.js";
import { replaceState } from "../../run/replace-state.js";
import { replaceMessages } from "../../run/thread-writes.js";
import { createChatEngine } from "../engine.js";
import type { CarriesEngine } from "../engine-load.js";
import type { ChatPersistence, ChatStorage, ChatStorageHost } from "./storage.js";
import { NO_STORAGE } from "./no-storage.js";

/** `chatPersistence(options)`: where and how the chat's thread is stored (key: the thread id). */
export type ChatPersistenceOptions = Omit<ThreadPersistenceOptions, "onError"> & {
  /**
   * The list of stored threads the chat keeps up to date (`listThreads`, `removeThread`,
   * `storedThreads`). Default: a `ThreadIndex` on the same adapter under `THREAD_INDEX_KEY`. Pass
   * one `ThreadIndex` to every chat on the same storage (so a thread list UI sees every chat's
   * saves), or `false` for none.
   */
  readonly index?: false | ThreadIndex;
  /** Your data stored with the thread's index entry at each save (JSON), e.g. which agent it talks to. */
  readonly threadMeta?: (threadId: string) => Readonly<Record<string, unknown>> | undefined;
  /**
   * What a chat given no `threadId` opens: `"new"` (default), a new conversation; `"latest"`, the
   * thread of this storage saved last (the index's first), so a reload comes back to the
   * conversation — and, with a resumable `HttpAgent`, rejoins a run still going. With nothing
   * stored, or storage that cannot be read (server rendering), it is a new conversation. Needs the
   * index (not `index: false`). Messages sent meanwhile wait for it and go to that thread.
   */
  readonly open?: "new" | "latest";
};

/**
 * Stores a chat's thread: `new ChatClient({ agent, persistence: chatPersistence({ adapter:
 * indexedDbStorage() }) })`. The options are checked when the chat opens its storage (a bad one
 * throws `PersistOptionError` from `new ChatClient`). A chat without it stores nothing, and the
 * app ships no storage code.
 */
export function chatPersistence(options: ChatPersistenceOptions): ChatPersistence {
  // The stored thread is read as the chat is made: the chat's engine comes with the plug-in.
  const plugin: ChatPersistence & CarriesEngine = { open: (host) => new ThreadStorage(host, options), engine: createChatEngine };
  return plugin;
}

/**
 * The chat client's use of `ThreadPersistence`, for one thread at a time: what to store (the
 * thread's AG-UI messages and state, and its Tambo components, projected only when a write
 * actually runs) and when —
 * coalesced while a run streams (`scheduleSave`, one map write per event), at once when a run
 * settles or the client writes outside a run (`save`).
 */
class ThreadStorage implements ChatStorage {
  readonly enabled = true;
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;
  /** The thread index the saves maintain (undefined with `index: false`). */
  readonly index: ThreadIndex | undefined;
  readonly storedThreads: ReadonlySignal<readonly ThreadSummary[]>;
  readonly opensLatest: boolean;
  readonly #store: ThreadPersistence;
  readonly #threadMeta: ChatPersistenceOptions["threadMeta"];
  readonly #thread: ThreadImpl;
  #key: string;
  readonly #warn: WarningHandler;
  readonly #resumePoint: () => StoredResumePoint | undefined;
  readonly #queue: () => readonly StoredQueuedMessage[] | undefined;

  /** The resume point of the record the last hydrate applied: a run to rejoin. */
  hydratedResume: StoredResumePoint | undefined = undefined;
  /** The send queue of the record the last hydrate applied. */
  hydratedQueue: readonly StoredQueuedMessage[] | undefined = undefined;
  /** Something was saved under the current key (a provisional one must then be cleaned up). */
  #wrote = false;
  /** The index heard of the current key during this session (a streaming save tells it once). */
  #indexed = false;

  constructor(host: ChatStorageHost, options: ChatPersistenceOptions) {
    this.#thread = host.thread;
    this.#key = host.key;
    this.#warn = host.warn;
    this.#resumePoint = host.resumePoint;
    this.#queue = host.queue;
    const onError = host.report;
    const { index, threadMeta, open, ...rest } = options;
    if (open !== undefined && open !== "new" && open !== "latest") {
      throw new PersistOptionError("open", DEV ? `chatPersistence: \`open\` is "new" or "latest", not ${String(open)}.` : "");
    }
    if (open === "latest" && index === false) {
      throw new PersistOptionError("open", DEV ? 'chatPersistence: `open: "latest"` reads the thread index, which `index: false` turns off.' : "");
    }
    this.#store = new ThreadPersistence({ ...rest, onError });
    this.index = index === false ? undefined : index ?? new ThreadIndex({ adapter: rest.adapter, now: rest.now, onError });
    this.#threadMeta = threadMeta;
    this.opensLatest = open === "latest";
    this.persistenceError = this.#store.persistenceError;
    this.storedThreads = this.index?.threads ?? NO_STORAGE.storedThreads;
  }

  /**
   * Reads the stored thread and, if nothing local touched it meanwhile (a save, a clear, a thread
   * switch), puts its messages and state into the thread. Never rejects.
   */
  hydrate(): Promise<HydrationOutcome | undefined> {
    this.hydratedResume = undefined;
    this.hydratedQueue = undefined;
    return this.#store.hydrate(this.#key, (record) => {
      this.hydratedResume = record.resume;
      this.hydratedQueue = record.queue ?? [];
      batch(() => {
        replaceMessages(this.#thread, record.messages);
        if (record.branches !== undefined) restoreBranches(this.#thread, record.branches);
        else this.#thread.peekTree()?.reset();
        replaceState(this.#thread, record.state === undefined ? {} : record.state);
        restoreComponents(this.#thread, record.components, this.#warn);
      });
    });
  }

  /** Per streamed event: one map write (the index hears of a thread new to it once). */
  scheduleSave(): void {
    this.#wrote = true;
    this.#store.scheduleSave(this.#key, this.#snapshot);
    if (!this.#indexed) this.#updateIndex();
  }

  save(): void {
    this.#wrote = true;
    void this.#store.save(this.#key, this.#snapshot);
    this.#updateIndex();
  }

  /**
   * Forgets another stored thread: its queued writes are dropped, its record and its index entry
   * removed. Resolves when both have landed. Never rejects.
   */
  remove(key: string): Promise<void> {
    return Promise.all([this.#store.clear(key), this.index?.remove(key)]).then(() => undefined);
  }

  /**
   * The agent named the new conversation (its first RUN_STARTED): from now on it is stored under
   * `key`. Whatever was written under the provisional key (a first run that failed before the
   * agent answered) is removed, so no orphan record stays behind.
   */
  rename(key: string): void {
    const previous = this.#key;
    this.#key = key;
    if (this.#wrote) {
      void this.#store.clear(previous);
      void this.index?.remove(previous);
    }
    this.#wrote = false;
    this.#indexed = false;
  }

  /** The conversation was cleared: queued writes are dropped and the record removed. */
  clear(): void {
    void this.#store.clear(this.#key);
    void this.index?.remove(this.#key);
    this.#indexed = false;
  }

  /** From now on the thread is stored under `key`; writes still pending describe the old one. */
  switchTo(key: string): void {
    this.#store.switchThread();
    this.#key = key;
    this.#wrote = false;
    this.#indexed = false;
  }

  /** Resolves when every write (the index's too) has landed. Never rejects. */
  whenSaved(): Promise<void> {
    return Promise.all([this.#store.flush(), this.index?.whenIdle()]).then(() => undefined);
  }

  dispose(): Promise<void> {
    return this.#store.dispose();
  }

  /**
   * Tells the index what the thread is now: an entry titled by the first user message (O(position
   * of that message), usually the first), or no entry for an empty thread (stored as no record).
   */
  #updateIndex(): void {
    this.#indexed = true;
    const index = this.index;
    if (index === undefined) return;
    const list = this.#thread.list.peek();
    const queued = this.#queue()?.[0]?.message;
    if (list.length === 0 && isEmptyState(this.#thread.state.peek()) && queued === undefined) {
      void index.remove(this.#key);
      return;
    }
    // A conversation whose first message still waits in the send queue is titled by it.
    const firstUser = list.find((node) => node.role === "user")?.toMessage() ?? queued;
    let meta: Readonly<Record<string, unknown>> | undefined;
    try {
      meta = this.#threadMeta?.(this.#key);
    } catch (error) {
      this.#warn({ code: "THREAD_META_FAILED", message: DEV ? `persistence.threadMeta threw for thread "${this.#key}": ${String(error)}; the index entry keeps its meta.` : "" });
    }
    const branches = this.#thread.peekTree()?.alternativeCount ?? 0;
    void index.record(this.#key, { title: threadTitle(firstUser), ...(meta === undefined ? {} : { meta }), ...(branches > 0 ? { branches } : {}) });
  }

  readonly #snapshot = (): ThreadContent => {
    const state = this.#thread.state.peek();
    const branches = this.#thread.peekTree()?.record();
    const resume = this.#resumePoint();
    const queue = this.#queue();
    return {
      messages: this.#thread.toMessages(),
      state: isEmptyState(state) ? undefined : state,
      components: storedComponents(this.#thread),
      ...(branches === undefined ? {} : { branches }),
      ...(resume !== undefined ? { resume } : {}),
      ...(queue !== undefined && queue.length > 0 ? { queue } : {}),
    };
  };
}

/** The default `{}` is "no state": an empty conversation is stored as no record at all. */
function isEmptyState(state: unknown): boolean {
  if (state === undefined || state === null) return true;
  return typeof state === "object" && !Array.isArray(state) && Object.keys(state).length === 0;
}
