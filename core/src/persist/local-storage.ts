import { DEV } from "esm-env";
import type { PersistenceAdapter } from "./adapter.js";
import { CorruptStoredValueError, PersistenceError } from "./errors.js";

/** The part of the Web Storage API this adapter uses (`localStorage`, `sessionStorage`, a test double). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const DEFAULT_STORAGE_PREFIX = "threadline:";

/**
 * Stores each value as JSON text under `prefix + key` in a Web Storage object (default
 * `globalThis.localStorage`). Synchronous, so hydration from it needs no await.
 *
 * - A write the browser refuses (storage full) throws the browser's `QuotaExceededError`, which the
 *   persistence layer reports as `PERSIST_QUOTA_EXCEEDED`.
 * - Text that is not JSON makes `getItem` throw `CorruptStoredValueError` carrying the raw text, so
 *   the persistence layer can set it aside instead of losing it; `moveAside` moves the text as it
 *   is, so a record set aside is the stored text verbatim.
 *
 * Throws `PersistenceError` (`PERSIST_UNAVAILABLE`) at creation when no storage is given and
 * `globalThis.localStorage` does not exist (Node, some private modes).
 */
export function localStorageAdapter(
  storage: StorageLike | undefined = readGlobalLocalStorage(),
  prefix: string = DEFAULT_STORAGE_PREFIX,
): PersistenceAdapter<unknown> {
  if (storage === undefined) {
    throw new PersistenceError(
      "PERSIST_UNAVAILABLE",
      DEV ? "localStorageAdapter: no Storage given and globalThis.localStorage is not available." : "",
      { key: "", operation: "read" },
    );
  }
  return {
    getItem(key) {
      const raw = storage.getItem(prefix + key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as unknown;
      } catch (cause) {
        throw new CorruptStoredValueError(key, raw, cause);
      }
    },
    setItem(key, value) {
      storage.setItem(prefix + key, JSON.stringify(value));
    },
    removeItem(key) {
      storage.removeItem(prefix + key);
    },
    moveAside(key, toKey) {
      // The text itself, byte for byte: what could not be read must not be re-encoded on the way.
      const raw = storage.getItem(prefix + key);
      if (raw === null) return;
      storage.setItem(prefix + toKey, raw);
      storage.removeItem(prefix + key);
    },
  };
}

function readGlobalLocalStorage(): StorageLike | undefined {
  // Reading the property itself throws in some sandboxed iframes (SecurityError).
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}
