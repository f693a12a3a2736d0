import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { isPromiseLike, type MaybePromise, type PersistenceAdapter } from "./adapter.js";
import { CorruptStoredValueError, PersistenceError } from "./errors.js";
import { decodeStoredThread, type MigrateStoredThread, type StoredThread } from "./stored-thread.js";

export type ReadOutcome =
  | { readonly status: "found"; readonly record: StoredThread; readonly migrated: boolean }
  | { readonly status: "empty" }
  /** The read failed, or the record was corrupt or of an unreadable version (and set aside). */
  | { readonly status: "unreadable"; readonly error: PersistenceError };

/** The key a corrupt or unreadable record is moved to, so the thread's own key is free again. */
export function setAsideKey(key: string, at: number): string {
  return `${key}:corrupt:${at}`;
}

interface ReadContext {
  readonly adapter: PersistenceAdapter<unknown>;
  readonly migrate: MigrateStoredThread | undefined;
  readonly now: () => number;
}

/**
 * Reads and decodes one thread. Corrupt text, a record that is not a thread, and a version this
 * code cannot read are moved aside under `<key>:corrupt:<timestamp>` (verbatim) and the key is
 * removed, so the chat starts empty and the next write succeeds; nothing is lost. If moving aside
 * fails, the original is left in place. Never throws or rejects.
 */
export function readStoredThread(context: ReadContext, key: string): MaybePromise<ReadOutcome> {
  let value: unknown;
  try {
    value = context.adapter.getItem(key);
  } catch (error) {
    return readFailed(context, key, error);
  }
  if (isPromiseLike(value)) {
    return value.then(
      (resolved) => decode(context, key, resolved),
      (error: unknown) => readFailed(context, key, error),
    );
  }
  return decode(context, key, value);
}

function decode(context: ReadContext, key: string, value: unknown): MaybePromise<ReadOutcome> {
  if (value === null || value === undefined) return { status: "empty" };
  const decoded = decodeStoredThread(value, key, context.migrate);
  switch (decoded.kind) {
    case "record":
      return { status: "found", record: decoded.record, migrated: decoded.migrated };
    case "corrupt":
      return setAside(context, key, value, "PERSIST_CORRUPT", DEV ? `Stored thread "${key}" is corrupt (${decoded.reason})` : "", decoded.cause);
    case "unsupported-version":
      return setAside(
        context,
        key,
        value,
        "PERSIST_VERSION_UNSUPPORTED",
        DEV ? `Stored thread "${key}" has format version ${JSON.stringify(decoded.version) ?? "undefined"}, which this version cannot read` : "",
        decoded.cause,
      );
    default: {
      const unreachable: never = decoded;
      return unreachable;
    }
  }
}

function readFailed(context: ReadContext, key: string, error: unknown): MaybePromise<ReadOutcome> {
  if (error instanceof CorruptStoredValueError) {
    return setAside(context, key, error.raw, "PERSIST_CORRUPT", DEV ? `Stored thread "${key}" is not valid JSON` : "", error);
  }
  if (error instanceof PersistenceError) return { status: "unreadable", error };
  return {
    status: "unreadable",
    error: new PersistenceError("PERSIST_READ_FAILED", DEV ? `Reading thread "${key}" failed: ${describeValue(error)}` : "", {
      key,
      operation: "read",
      cause: error,
    }),
  };
}

function setAside(
  context: ReadContext,
  key: string,
  value: unknown,
  code: "PERSIST_CORRUPT" | "PERSIST_VERSION_UNSUPPORTED",
  problem: string,
  cause: unknown,
): MaybePromise<ReadOutcome> {
  const asideKey = setAsideKey(key, context.now());
  const movedAside: ReadOutcome = {
    status: "unreadable",
    error: new PersistenceError(code, DEV ? `${problem}; moved to "${asideKey}".` : "", {
      key,
      operation: "read",
      setAsideKey: asideKey,
      cause,
    }),
  };
  const notMoved = (error: unknown): ReadOutcome => ({
    status: "unreadable",
    error: new PersistenceError(code, DEV ? `${problem}; moving it to "${asideKey}" failed (${describeValue(error)}), left in place.` : "", {
      key,
      operation: "read",
      cause: error,
    }),
  });
  const { moveAside } = context.adapter;
  if (moveAside !== undefined) {
    try {
      const moved = moveAside.call(context.adapter, key, asideKey);
      return isPromiseLike(moved) ? moved.then(() => movedAside, notMoved) : movedAside;
    } catch (error) {
      return notMoved(error);
    }
  }
  // Copy first, delete second: if the copy fails the original must survive.
  const removeOriginal = (): MaybePromise<ReadOutcome> => {
    const removed = context.adapter.removeItem(key);
    return isPromiseLike(removed) ? removed.then(() => movedAside) : movedAside;
  };
  try {
    const copied = context.adapter.setItem(asideKey, value);
    if (isPromiseLike(copied)) return copied.then(removeOriginal).catch(notMoved);
    const removed = removeOriginal();
    return isPromiseLike(removed) ? removed.catch(notMoved) : removed;
  } catch (error) {
    return notMoved(error);
  }
}
