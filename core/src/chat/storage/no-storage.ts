import { signal } from "@preact/signals-core";
import type { PersistenceError } from "../../persist/errors.js";
import type { ThreadSummary } from "../../persist/thread-index.js";
import type { ChatStorage } from "./storage.js";

// Apart from the option's check (storage.ts), which the chat makes up front: only the engine
// opens a storage, and these module-level signals would otherwise come up front with the check.

const NO_ERROR = signal<PersistenceError | null>(null);
const NO_THREADS = signal<readonly ThreadSummary[]>(Object.freeze([]));
const DONE = Promise.resolve();

/** The storage of a chat without `persistence`: every call is a no-op. */
export const NO_STORAGE: ChatStorage = Object.freeze({
  enabled: false,
  persistenceError: NO_ERROR,
  index: undefined,
  opensLatest: false,
  storedThreads: NO_THREADS,
  hydratedResume: undefined,
  hydratedQueue: undefined,
  hydrate: () => DONE,
  scheduleSave() {},
  save() {},
  remove: () => DONE,
  rename() {},
  clear() {},
  switchTo() {},
  whenSaved: () => DONE,
  dispose: () => DONE,
});
