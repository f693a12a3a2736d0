import { DEV } from "esm-env";
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import type { PersistenceAdapter } from "./adapter.js";
import { PersistenceError, type PersistenceOperation } from "./errors.js";

export interface IndexedDbStorageOptions {
  /** Database name. Default `"threadline"`. */
  dbName?: string;
  /** Object store name inside that database. Default `"threads"`. */
  storeName?: string;
}

/**
 * Stores each value (structured-cloned, not JSON text) in an IndexedDB object store through
 * `idb-keyval`. Asynchronous: hydration from it resolves later, and Threadline applies the result
 * only if the thread did not change meanwhile.
 *
 * The database is opened on first use, not at creation, so creating the adapter during server
 * rendering costs nothing. Where `indexedDB` does not exist (server rendering, Node), nothing is
 * stored, so a read finds nothing (`null`) and the page renders as a fresh one; a write or
 * removal rejects with `PersistenceError` (`PERSIST_UNAVAILABLE`), since what it should keep
 * would be lost.
 */
export function indexedDbStorage(options: IndexedDbStorageOptions = {}): PersistenceAdapter<unknown> {
  const dbName = options.dbName ?? "threadline";
  const storeName = options.storeName ?? "threads";
  let store: UseStore | undefined;

  const useStore = (key: string, operation: PersistenceOperation): UseStore => {
    if (store !== undefined) return store;
    if (typeof (globalThis as { indexedDB?: unknown }).indexedDB === "undefined") {
      throw new PersistenceError(
        "PERSIST_UNAVAILABLE",
        DEV ? `indexedDbStorage("${dbName}"/"${storeName}"): indexedDB is not available in this environment.` : "",
        { key, operation },
      );
    }
    store = createStore(dbName, storeName);
    return store;
  };

  return {
    async getItem(key) {
      if (store === undefined && typeof (globalThis as { indexedDB?: unknown }).indexedDB === "undefined") return null;
      const value = await get<unknown>(key, useStore(key, "read"));
      return value === undefined ? null : value;
    },
    async setItem(key, value) {
      await set(key, value, useStore(key, "write"));
    },
    async removeItem(key) {
      await del(key, useStore(key, "remove"));
    },
  };
}
