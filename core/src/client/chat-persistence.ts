import { batch, signal, type ReadonlySignal } from "@preact/signals-core";
import type { WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import type { PersistenceError } from "../persist/errors.js";
import type { ThreadContent } from "../persist/stored-thread.js";
import { ThreadPersistence, type HydrationOutcome, type ThreadPersistenceOptions } from "../persist/thread-persistence.js";
import { restoreComponents, storedComponents } from "./chat-stored-components.js";
import { replaceMessages, replaceState } from "./thread-writes.js";

/** `persistence` of `new ChatClient`: where and how the thread is stored (key: the thread id). */
export type ChatPersistenceOptions = Omit<ThreadPersistenceOptions, "onError">;

const NO_ERROR = signal<PersistenceError | null>(null);

/**
 * The chat client's use of `ThreadPersistence`, for one thread at a time: what to store (the
 * thread's AG-UI messages and state, and its Tambo components, projected only when a write
 * actually runs) and when —
 * coalesced while a run streams (`scheduleSave`, one map write per event), at once when a run
 * settles or the client writes outside a run (`save`). Without options every call is a no-op.
 */
export class ChatStorage {
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;
  private readonly store: ThreadPersistence | undefined;

  /** Something was saved under the current key (a provisional one must then be cleaned up). */
  private wrote = false;

  constructor(
    private readonly thread: ThreadImpl,
    private key: string,
    options: ChatPersistenceOptions | undefined,
    onError: (error: PersistenceError) => void,
    private readonly warn: WarningHandler,
  ) {
    this.store = options === undefined ? undefined : new ThreadPersistence({ ...options, onError });
    this.persistenceError = this.store?.persistenceError ?? NO_ERROR;
  }

  get enabled(): boolean {
    return this.store !== undefined;
  }

  /**
   * Reads the stored thread and, if nothing local touched it meanwhile (a save, a clear, a thread
   * switch), puts its messages and state into the thread. Never rejects.
   */
  hydrate(): Promise<HydrationOutcome | undefined> {
    if (this.store === undefined) return Promise.resolve(undefined);
    return this.store.hydrate(this.key, (record) => {
      batch(() => {
        replaceMessages(this.thread, record.messages);
        replaceState(this.thread, record.state === undefined ? {} : record.state);
        restoreComponents(this.thread, record.components, this.warn);
      });
    });
  }

  scheduleSave(): void {
    if (this.store === undefined) return;
    this.wrote = true;
    this.store.scheduleSave(this.key, this.snapshot);
  }

  save(): void {
    if (this.store === undefined) return;
    this.wrote = true;
    void this.store.save(this.key, this.snapshot);
  }

  /**
   * The agent named the new conversation (its first RUN_STARTED): from now on it is stored under
   * `key`. Whatever was written under the provisional key (a first run that failed before the
   * agent answered) is removed, so no orphan record stays behind.
   */
  rename(key: string): void {
    const previous = this.key;
    this.key = key;
    if (this.store !== undefined && this.wrote) void this.store.clear(previous);
    this.wrote = false;
  }

  /** The conversation was cleared: queued writes are dropped and the record removed. */
  clear(): void {
    if (this.store !== undefined) void this.store.clear(this.key);
  }

  /** From now on the thread is stored under `key`; writes still pending describe the old one. */
  switchTo(key: string): void {
    this.store?.switchThread();
    this.key = key;
    this.wrote = false;
  }

  /** Resolves when every write has landed. Never rejects. */
  whenSaved(): Promise<void> {
    return this.store?.flush() ?? Promise.resolve();
  }

  dispose(): Promise<void> {
    return this.store?.dispose() ?? Promise.resolve();
  }

  private readonly snapshot = (): ThreadContent => {
    const state = this.thread.state.peek();
    return { messages: this.thread.toMessages(), state: isEmptyState(state) ? undefined : state, components: storedComponents(this.thread) };
  };
}

/** The default `{}` is "no state": an empty conversation is stored as no record at all. */
function isEmptyState(state: unknown): boolean {
  if (state === undefined || state === null) return true;
  return typeof state === "object" && !Array.isArray(state) && Object.keys(state).length === 0;
}
