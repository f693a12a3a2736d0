// Persistence: ordered, coalesced, generation-checked storage of threads (adapters, write queue,
// stored thread, thread index). What the chat does with it lives in chat/.
export type { PersistenceAdapter, MaybePromise } from "./adapter.js";
export { memoryStorage } from "./adapter.js";
export { localStorageAdapter, DEFAULT_STORAGE_PREFIX } from "./local-storage.js";
export type { StorageLike } from "./local-storage.js";
export { indexedDbStorage } from "./indexed-db.js";
export type { IndexedDbStorageOptions } from "./indexed-db.js";
export {
  PersistenceError,
  CorruptStoredValueError,
  PersistOptionError,
  isQuotaExceeded,
} from "./errors.js";
export type { PersistenceErrorCode, PersistenceOperation } from "./errors.js";
export { STORED_THREAD_VERSION, decodeStoredThread, encodeStoredThread } from "./stored-thread.js";
export type { StoredThread, StoredBranches, StoredComponent, StoredQueuedMessage, StoredResumePoint, ThreadContent, MigrateStoredThread, DecodedStoredThread } from "./stored-thread.js";
export { setAsideKey } from "./stored-thread-reader.js";
export type { ReadOutcome } from "./stored-thread-reader.js";
export { ThreadPersistence } from "./thread-persistence.js";
export type { ThreadPersistenceOptions, HydrationOutcome } from "./thread-persistence.js";
export type { SnapshotSource } from "./snapshot-source.js";
export type { SaveCoalescing, ScheduleTick } from "./save-ticker.js";
export { ThreadIndex, THREAD_INDEX_KEY, THREAD_INDEX_VERSION, threadTitle } from "./thread-index.js";
export type { ThreadIndexOptions, ThreadSummary, ThreadSummaryUpdate } from "./thread-index.js";
