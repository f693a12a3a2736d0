/**
 * How one message list became another, told by object identity: the messages before `start` and
 * the last ones are the same objects in both; `removed` rows in between were replaced by
 * `inserted` new ones. Appended messages have nothing after them; history loaded above has nothing
 * before it; a branch switch replaces the tail after its fork.
 */
export interface ListChange {
  readonly start: number;
  readonly removed: number;
  readonly inserted: number;
}

/** `undefined` when the two lists hold the same objects in the same order. O(length), by `===`. */
export function listChange<T>(before: readonly T[], after: readonly T[]): ListChange | undefined {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before[start] === after[start]) start++;
  if (start === before.length && start === after.length) return undefined;
  let kept = 0;
  const room = shorter - start;
  while (kept < room && before[before.length - 1 - kept] === after[after.length - 1 - kept]) kept++;
  return { start, removed: before.length - start - kept, inserted: after.length - start - kept };
}

/** Where row `index` of the list before the change is in the list after it; -1 when it was replaced. */
export function indexAfter(change: ListChange, index: number): number {
  if (index < change.start) return index;
  if (index >= change.start + change.removed) return index - change.removed + change.inserted;
  return -1;
}
