// Persistence (ordered, coalesced, generation-checked storage of threads), suppression of events
// from cleared runs, and the multi-tab `sessionGenerating` state.
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
export type { StoredThread, StoredComponent, StoredResumePoint, ThreadContent, MigrateStoredThread, DecodedStoredThread } from "./stored-thread.js";
export { setAsideKey } from "./stored-thread-reader.js";
export type { ReadOutcome } from "./stored-thread-reader.js";
export { ThreadPersistence } from "./thread-persistence.js";
export type { ThreadPersistenceOptions, HydrationOutcome } from "./thread-persistence.js";
export type { SnapshotSource } from "./snapshot-source.js";
export type { SaveCoalescing, ScheduleTick } from "./save-ticker.js";
export { ClearedRunFilter } from "./cleared-run-filter.js";
export type { ClearedConversation } from "./cleared-run-filter.js";
export { GenerationPresence } from "./generation-presence.js";
export type { GenerationPresenceOptions } from "./generation-presence.js";
export { generationChannelName } from "./presence-channel.js";
export type { BroadcastChannelLike, CreatePresenceChannel, PresenceClock, PresenceMessage } from "./presence-channel.js";
