import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import type { errorCodes } from "../errors.js";
import { ThreadlineError } from "../errors.js";

/**
 * Stable codes of every storage failure Threadline reports (listed in `errorCodes.persistence`):
 * - `PERSIST_QUOTA_EXCEEDED`: the storage refused the write because it is full (`QuotaExceededError`);
 * - `PERSIST_WRITE_FAILED`: `setItem` threw or rejected for another reason (including a value that cannot be cloned);
 * - `PERSIST_REMOVE_FAILED`: `removeItem` threw or rejected;
 * - `PERSIST_READ_FAILED`: `getItem` threw or rejected;
 * - `PERSIST_CORRUPT`: the stored value is not valid JSON or not a thread record; it was set aside;
 * - `PERSIST_VERSION_UNSUPPORTED`: the stored record has a format version this code cannot read
 *   (newer, or older without a `migrate`); it was set aside;
 * - `PERSIST_UNAVAILABLE`: the requested storage does not exist here (no `localStorage`, no `indexedDB`);
 * - `PERSIST_INVALID_OPTION`: an option of a persistence or presence constructor is out of range.
 */
export type PersistenceErrorCode = (typeof errorCodes.persistence)[number];

/** What was tried: a storage operation, or (`configure`) the constructor checking its options. */
export type PersistenceOperation = "read" | "write" | "remove" | "configure";

/**
 * A storage failure. Never thrown into the chat: it is delivered to `onError` and held in the
 * `persistenceError` signal. `key` is the storage key (the thread id), `operation` what was tried.
 */
export class PersistenceError extends ThreadlineError<PersistenceErrorCode> {
  readonly key: string;
  readonly operation: PersistenceOperation;
  /** Where a corrupt or unreadable record was moved to, when it was set aside. */
  readonly setAsideKey: string | undefined;

  constructor(
    code: PersistenceErrorCode,
    message: string,
    details: { key: string; operation: PersistenceOperation; setAsideKey?: string; cause?: unknown; where?: string },
  ) {
    // Where, in a production build's message: the key, unless the caller names something closer.
    super(code, message, { cause: details.cause, where: details.where ?? details.key });
    this.key = details.key;
    this.operation = details.operation;
    this.setAsideKey = details.setAsideKey;
  }
}

/**
 * Raised by `localStorageAdapter().getItem` when the stored text is not JSON. `raw` keeps the text
 * so the record can be set aside verbatim instead of being lost.
 */
export class CorruptStoredValueError extends PersistenceError {
  declare readonly code: "PERSIST_CORRUPT";
  readonly raw: string;

  constructor(key: string, raw: string, cause: unknown) {
    super("PERSIST_CORRUPT", DEV ? `Stored value under "${key}" is not valid JSON.` : "", { key, operation: "read", cause });
    this.raw = raw;
  }
}

/**
 * Browsers spell "storage full" differently: the standard `QuotaExceededError` name, legacy code 22,
 * and Firefox's `NS_ERROR_DOM_QUOTA_REACHED` (code 1014). Duck-typed so a DOMException from any realm
 * (or a test double) is recognised.
 */
export function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === "QuotaExceededError" ||
    name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    code === 22 ||
    code === 1014
  );
}

/** An option given to a persistence or presence constructor is out of range; `option` names it. */
export class PersistOptionError extends PersistenceError {
  declare readonly code: "PERSIST_INVALID_OPTION";
  readonly option: string;

  constructor(option: string, message: string) {
    // No storage key is involved yet: the constructor refused before touching storage.
    super("PERSIST_INVALID_OPTION", message, { key: "", operation: "configure", where: option });
    this.option = option;
  }
}

/** The error reported for a failed `setItem`: storage full gets its own code. */
export function writeFailure(threadId: string, error: unknown, what = "writing failed"): PersistenceError {
  if (isQuotaExceeded(error)) {
    return new PersistenceError("PERSIST_QUOTA_EXCEEDED", DEV ? `Storage is full: thread "${threadId}" was not saved.` : "", {
      key: threadId,
      operation: "write",
      cause: error,
    });
  }
  return new PersistenceError("PERSIST_WRITE_FAILED", DEV ? `Saving thread "${threadId}": ${what} (${describeValue(error)}).` : "", {
    key: threadId,
    operation: "write",
    cause: error,
  });
}

export function removeFailure(threadId: string, error: unknown): PersistenceError {
  return new PersistenceError("PERSIST_REMOVE_FAILED", DEV ? `Removing thread "${threadId}" failed (${describeValue(error)}).` : "", {
    key: threadId,
    operation: "remove",
    cause: error,
  });
}
