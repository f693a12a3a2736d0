// What the queue panel says, the same in both apps: a line for the queue, and one per message.
import type { QueuedMessage } from "@threadline/core";

/** The line above the queued messages. */
export function queueNote(count: number, online: boolean, paused: boolean): string {
  const waiting = `${count} message${count === 1 ? "" : "s"} waiting`;
  if (!online) return `${waiting} — offline: they go when the network is back.`;
  if (paused) return `${waiting} — paused after Stop.`;
  return `${waiting} — they go in this order when the answer ends.`;
}

/** A queued message's status in words, with what to know about it. */
export function queuedLabel(item: QueuedMessage): string {
  if (item.status === "sending") return "sending…";
  if (item.status === "failed") return `failed: ${item.error?.message || item.error?.code || "unknown error"}`;
  if (item.lostAttachments !== undefined) return `queued — ${item.lostAttachments.join(", ")} will not survive a reload (too large to store)`;
  return "queued";
}
