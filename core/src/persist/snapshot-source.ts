import type { ThreadContent } from "./stored-thread.js";

/**
 * What to store: the content itself, or a function producing it. A function is called only when
 * the write actually runs (so a thousand `scheduleSave` calls cost one projection), and it must
 * describe the thread it was scheduled for whenever it is called. Returning `null` skips that write.
 */
export type SnapshotSource = ThreadContent | (() => ThreadContent | null);

const skipWrite = (): null => null;

export function readSnapshotSource(source: SnapshotSource): ThreadContent | null {
  return typeof source === "function" ? source() : source;
}

/**
 * Call a snapshot function now and keep its result, for when the caller's model is about to stop
 * describing that thread. A function that throws is kept as is: its write reports the failure.
 */
export function materialiseSnapshotSource(source: SnapshotSource): SnapshotSource {
  if (typeof source !== "function") return source;
  try {
    return source() ?? skipWrite;
  } catch {
    return source;
  }
}
