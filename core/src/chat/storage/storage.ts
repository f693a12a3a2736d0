import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import type { WarningHandler } from "../../errors.js";
import type { ThreadImpl } from "../../model/thread.js";
import type { PersistenceError } from "../../persist/errors.js";
import type { StoredQueuedMessage, StoredResumePoint } from "../../persist/stored-thread.js";
import type { ThreadIndex, ThreadSummary } from "../../persist/thread-index.js";
import { pluginOption } from "../plugin-option.js";

/**
 * What the chat asks of its storage, for one thread at a time. The chat holds only this shape:
 * storing threads is a plug-in (`persistence: chatPersistence(…)`), so an app that stores nothing
 * ships none of it.
 */
export interface ChatStorage {
  /** False for the no-op storage of a chat without `persistence`. */
  readonly enabled: boolean;
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;
  /** The thread index the saves maintain (undefined without one). */
  readonly index: ThreadIndex | undefined;
  /** A chat given no thread id opens the most recently saved thread (`chatPersistence({ open: "latest" })`). */
  readonly opensLatest: boolean;
  readonly storedThreads: ReadonlySignal<readonly ThreadSummary[]>;
  /** The resume point of the record the last hydrate applied: a run to rejoin. */
  readonly hydratedResume: StoredResumePoint | undefined;
  /** The send queue of the record the last hydrate applied (undefined when none was applied). */
  readonly hydratedQueue: readonly StoredQueuedMessage[] | undefined;
  /** Reads the stored thread into the thread, unless something local touched it meanwhile. Never rejects. */
  hydrate(): Promise<unknown>;
  /** Per streamed event: coalesced. */
  scheduleSave(): void;
  /** Now (a run settled, or the client wrote outside a run). */
  save(): void;
  /** Forgets another stored thread (record and index entry). Never rejects. */
  remove(key: string): Promise<void>;
  /** The agent named the new conversation: stored under `key` from now on. */
  rename(key: string): void;
  /** The conversation was cleared: queued writes dropped, record removed. */
  clear(): void;
  /** Stored under `key` from now on; writes still pending describe the old thread. */
  switchTo(key: string): void;
  /** Resolves when every write so far has landed. Never rejects. */
  whenSaved(): Promise<void>;
  dispose(): Promise<void>;
}

/** What a storage plug-in is given: the chat's thread and where to report. */
export interface ChatStorageHost {
  readonly thread: ThreadImpl;
  /** The thread id the chat starts on (the storage key). */
  readonly key: string;
  readonly report: (error: PersistenceError) => void;
  readonly warn: WarningHandler;
  /** The run a reload could rejoin, stored with each snapshot (see `RunLoop.resumePoint`). */
  readonly resumePoint: () => StoredResumePoint | undefined;
  /** The send queue, stored with each snapshot (the `sendQueue` plug-in; undefined without it). */
  readonly queue: () => readonly StoredQueuedMessage[] | undefined;
}

/** The `persistence` option of `new ChatClient`: made by `chatPersistence({ adapter })`. */
export interface ChatPersistence {
  /** Opens the chat's storage; called once, when the chat is built. */
  readonly open: (host: ChatStorageHost) => ChatStorage;
}

/** The `persistence` option, checked (`INVALID_OPTION`): the plug-in, or undefined for none. */
export function storagePlugin(plugin: ChatPersistence | undefined): ChatPersistence | undefined {
  if (plugin === undefined) return undefined;
  return pluginOption(plugin, "persistence", DEV ? "chatPersistence({ adapter, … }) (from @threadline/core), not its options." : "");
}
