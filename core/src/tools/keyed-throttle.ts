import { DEV } from "esm-env";
import { warnToConsole } from "../errors.js";
import { ToolError } from "./errors.js";

/**
 * A leading + trailing throttle kept separately per key (per tool call, say). The first value
 * for an idle key is delivered at once; values arriving during the next `intervalMs` replace
 * each other and the latest is delivered when the window ends, which opens a new window. A key
 * with nothing new at the end of its window goes idle. So continuous input is delivered about
 * once per interval, and the last value is never lost unless cancelled.
 */
export interface KeyedThrottle<K, V> {
  /** Delivers `value` now if `key` is idle, else keeps it as the one for the window's end. */
  schedule(key: K, value: V): void;
  /**
   * Delivers the waiting value of `key` (of every key when omitted) now; the key goes idle, so
   * its next `schedule` is delivered at once. (Keys themselves must not be `undefined`.)
   */
  flush(key?: K): void;
  /** Drops the waiting value of `key` (of every key when omitted); nothing fires for it later. */
  cancel(key?: K): void;
  /** Whether a value for `key` is waiting for the end of its window. */
  pending(key: K): boolean;
}

export interface KeyedThrottleOptions<K, V> {
  /**
   * Called when the callback throws (it may run from a timer, where a throw would be
   * unhandled). Default: a `THROTTLED_CALL_FAILED` warning through `warnToConsole`.
   */
  readonly onError?: (error: unknown, key: K, value: V) => void;
}

/** `createKeyedThrottle` was given an interval that is not a finite number ≥ 0. */
export class KeyedThrottleError extends ToolError {
  declare readonly code: "INVALID_INTERVAL";

  constructor(intervalMs: unknown) {
    super("INVALID_INTERVAL", DEV ? `The throttle interval must be a finite number of milliseconds ≥ 0, got ${String(intervalMs)}` : "", { where: "intervalMs" });
  }
}

interface Entry<V> {
  /** Identifies the timer that may act on this entry; any other timer is stale. */
  generation: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  hasTrailing: boolean;
  latest: V | undefined;
}

export function createKeyedThrottle<K, V>(
  fn: (key: K, value: V) => void,
  intervalMs: number,
  options: KeyedThrottleOptions<K, V> = {},
): KeyedThrottle<K, V> {
  if (typeof intervalMs !== "number" || !Number.isFinite(intervalMs) || intervalMs < 0) {
    throw new KeyedThrottleError(intervalMs);
  }
  const entries = new Map<K, Entry<V>>();
  // One counter for the whole throttle: a generation is never reused, even by a new entry for
  // the same key, so a timer from before a flush/cancel can never pass for a current one.
  let generation = 0;

  const onError =
    options.onError ??
    ((error: unknown, key: K) =>
      warnToConsole({
        code: "THROTTLED_CALL_FAILED",
        message: DEV ? `The throttled callback for ${String(key)} threw: ${error instanceof Error ? error.message : String(error)}` : "",
      }));

  const call = (key: K, value: V): void => {
    try {
      fn(key, value);
    } catch (error) {
      onError(error, key, value);
    }
  };

  const arm = (key: K, entry: Entry<V>): void => {
    const mine = ++generation;
    entry.generation = mine;
    entry.timer = setTimeout(() => windowEnded(key, entry, mine), intervalMs);
  };

  const windowEnded = (key: K, entry: Entry<V>, mine: number): void => {
    if (entries.get(key) !== entry || entry.generation !== mine) return; // flushed, cancelled or re-armed since
    entry.timer = undefined;
    if (!entry.hasTrailing) {
      entries.delete(key);
      return;
    }
    const value = entry.latest as V;
    entry.hasTrailing = false;
    entry.latest = undefined;
    arm(key, entry); // state first: the callback may schedule, flush or cancel re-entrantly
    call(key, value);
  };

  /** Removes the entries (one key's, or all when `key` is undefined) and returns them, their timers dead. */
  const release = (key: K | undefined): Array<[K, Entry<V>]> => {
    const released: Array<[K, Entry<V>]> = [];
    if (key === undefined) {
      released.push(...entries);
    } else {
      const entry = entries.get(key);
      if (entry !== undefined) released.push([key, entry]);
    }
    for (const [k, entry] of released) {
      if (entry.timer !== undefined) clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.generation = ++generation;
      entries.delete(k);
    }
    return released;
  };

  return {
    schedule(key, value) {
      const entry = entries.get(key);
      if (entry !== undefined) {
        entry.latest = value;
        entry.hasTrailing = true;
        return;
      }
      const fresh: Entry<V> = { generation: 0, timer: undefined, hasTrailing: false, latest: undefined };
      entries.set(key, fresh);
      arm(key, fresh);
      call(key, value);
    },
    flush(key) {
      // Released before any callback runs, so a callback that schedules starts a fresh window.
      for (const [k, entry] of release(key)) {
        if (entry.hasTrailing) call(k, entry.latest as V);
      }
    },
    cancel(key) {
      release(key);
    },
    pending(key) {
      return entries.get(key)?.hasTrailing === true;
    },
  };
}
