import type { StoredQueuedMessage } from "../../persist/stored-thread.js";

/**
 * What the tabs open on one thread tell each other about its send queue, on a `BroadcastChannel`
 * named after the thread. The tab that sends (the drain lock's holder) owns the queue: it alone
 * changes it, stores it and publishes it (`items`); the other tabs show what it publishes, and hand
 * it what their users do (`op`) — a message to add, cancel, edit, move, retry. A tab opening asks
 * for the queue (`ask`). Without Web Locks, the lease that picks the holder is on this channel too
 * (`lease`, repeated by its holder; `claim` by a tab that heard none; `release` when it lets go).
 */
export type QueueChannelMessage =
  | {
      readonly kind: "items";
      readonly v: 1;
      readonly tabId: string;
      readonly threadId: string;
      readonly revision: number;
      readonly items: readonly StoredQueuedMessage[];
      /** Messages that left the queue with this change, and why (their `sendMessage` settle on it). */
      readonly gone: readonly QueueDeparture[];
      /** The other tabs' operations (`op`) applied so far, by id. */
      readonly applied: readonly string[];
    }
  | { readonly kind: "op"; readonly v: 1; readonly tabId: string; readonly threadId: string; readonly opId: string; readonly op: QueueOp }
  | { readonly kind: "ask"; readonly v: 1; readonly tabId: string; readonly threadId: string }
  | { readonly kind: "lease"; readonly v: 1; readonly tabId: string; readonly threadId: string }
  | { readonly kind: "claim"; readonly v: 1; readonly tabId: string; readonly threadId: string }
  | { readonly kind: "release"; readonly v: 1; readonly tabId: string; readonly threadId: string };

/** A message that left the queue: sent (its turn settled so), cancelled, or cleared with the thread. */
export interface QueueDeparture {
  readonly id: string;
  readonly why: "idle" | "awaiting-input" | "cancelled" | "cleared";
}

/** What a tab that does not send asks the one that does. */
export type QueueOp =
  | { readonly type: "add"; readonly item: StoredQueuedMessage }
  | { readonly type: "cancel"; readonly id: string }
  | { readonly type: "edit"; readonly id: string; readonly message: StoredQueuedMessage["message"] }
  | { readonly type: "move"; readonly id: string; readonly index: number }
  | { readonly type: "retry"; readonly id: string }
  | { readonly type: "resume" }
  | { readonly type: "clear" };

export function queueChannelName(threadId: string): string {
  return `threadline:queue:${threadId}`;
}

const DEPARTURES = new Set(["idle", "awaiting-input", "cancelled", "cleared"]);

/** Validates a message from the channel (another tab may run another version, or anything may post there). */
export function parseQueueMessage(data: unknown): QueueChannelMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.v !== 1 || typeof message.tabId !== "string" || typeof message.threadId !== "string") return null;
  switch (message.kind) {
    case "items": {
      const gone = message.gone;
      if (typeof message.revision !== "number" || !Array.isArray(message.items) || !Array.isArray(gone) || !Array.isArray(message.applied)) return null;
      if (!gone.every((d: unknown) => typeof (d as QueueDeparture | null)?.id === "string" && DEPARTURES.has((d as QueueDeparture).why))) return null;
      return message as QueueChannelMessage;
    }
    case "op": {
      const op = message.op as { type?: unknown } | null;
      if (typeof message.opId !== "string" || typeof op !== "object" || op === null || typeof op.type !== "string") return null;
      return message as QueueChannelMessage;
    }
    case "ask":
    case "lease":
    case "claim":
    case "release":
      return message as QueueChannelMessage;
    default:
      return null;
  }
}
