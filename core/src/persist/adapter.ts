/**
 * Where threads are stored. Each method may answer synchronously or with a promise; Threadline
 * queues every call so a slow async adapter still sees writes in order. A method may throw or
 * reject: the failure is reported, never thrown into the chat.
 *
 * `getItem` answers `null` (or `undefined`) for a missing key.
 */
export interface PersistenceAdapter<T = unknown> {
  getItem(key: string): T | null | undefined | Promise<T | null | undefined>;
  setItem(key: string, value: T): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
  /**
   * Optional: moves what is stored under `key` to `toKey` as it is stored, without decoding it.
   * Used to set an unreadable record aside verbatim (an adapter that encodes values, such as
   * `localStorageAdapter`, would otherwise store a re-encoding of what it decoded, or fail to).
   * Without it, the record is set aside with `setItem(toKey, value)` and `removeItem(key)`.
   */
  moveAside?(key: string, toKey: string): void | Promise<void>;
}

/** An adapter whose methods may answer with a promise. */
export type MaybePromise<T> = T | Promise<T>;

export function isPromiseLike<T>(value: MaybePromise<T>): value is Promise<T> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/** Apply `next` to a value that may still be coming, staying synchronous when it is already here. */
export function mapMaybePromise<T, U>(value: MaybePromise<T>, next: (value: T) => U): MaybePromise<U> {
  return isPromiseLike(value) ? value.then(next) : next(value);
}

/**
 * An in-memory adapter (tests, server rendering, "persistence off but same code path"). Values are
 * structured-cloned on the way in and out, like a real store, so a caller mutating its object after
 * `setItem` does not change what was stored.
 */
export function memoryStorage<T = unknown>(
  initial?: Iterable<readonly [string, T]>,
): PersistenceAdapter<T> & { readonly entries: ReadonlyMap<string, T> } {
  const entries = new Map<string, T>();
  if (initial) for (const [key, value] of initial) entries.set(key, structuredClone(value));
  return {
    entries,
    getItem(key) {
      const value = entries.get(key);
      return value === undefined ? null : structuredClone(value);
    },
    setItem(key, value) {
      entries.set(key, structuredClone(value));
    },
    removeItem(key) {
      entries.delete(key);
    },
  };
}
