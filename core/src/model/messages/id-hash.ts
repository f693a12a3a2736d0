/**
 * The hash of a message or tool call id, for the open-addressing tables that stand in for a `Map`
 * (the thread's message index, foldEvents' untouched history). O(1) whatever the id's length:
 * FNV-1a over the length, the first 4 and the last 12 characters (where ids usually differ). Ids
 * that hash alike are still told apart by comparing them; each table bounds its probes, since ids
 * can be built to collide.
 */
export function idHash(id: string): number {
  const n = id.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  let i = 0;
  if (n > 16) {
    for (; i < 4; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    i = n - 12;
  }
  for (; i < n; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}
