import { DEV } from "esm-env";
import type { WarningHandler } from "../../errors.js";

/** The part of `BroadcastChannel` presence uses, so tests and other transports can stand in. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
  removeEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
  close(): void;
}

export type CreatePresenceChannel = (name: string) => BroadcastChannelLike;

/** Time source and timers, injectable so tests can step time by hand. */
export interface PresenceClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: PresenceClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function generationChannelName(threadId: string): string {
  return `threadline:generating:${threadId}`;
}

/**
 * What tabs tell each other about one thread. `generating` is repeated as a heartbeat while the
 * sender has runs; `idle` says it has none (or is going away); `query` asks others to announce.
 */
export type PresenceMessage =
  | { readonly kind: "generating"; readonly v: 1; readonly tabId: string; readonly threadId: string; readonly runIds: readonly string[] }
  | { readonly kind: "idle"; readonly v: 1; readonly tabId: string; readonly threadId: string }
  | { readonly kind: "query"; readonly v: 1; readonly tabId: string; readonly threadId: string };

/** Validates a message from the channel (another tab may run another version, or anything may post there). */
export function parsePresenceMessage(data: unknown): PresenceMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.v !== 1 || typeof message.tabId !== "string" || typeof message.threadId !== "string") return null;
  switch (message.kind) {
    case "generating": {
      const runIds = message.runIds;
      if (!Array.isArray(runIds) || !runIds.every((id) => typeof id === "string")) return null;
      return message as PresenceMessage;
    }
    case "idle":
    case "query":
      return message as PresenceMessage;
    default:
      return null;
  }
}

/** `new BroadcastChannel(name)` when the environment has one (browsers, Node 18+), else `undefined`. */
export function openDefaultChannel(name: string, onWarning: WarningHandler): BroadcastChannelLike | undefined {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike }).BroadcastChannel;
  if (typeof Channel !== "function") return undefined;
  try {
    return new Channel(name);
  } catch (error) {
    onWarning({
      code: "PRESENCE_CHANNEL_UNAVAILABLE",
      message: DEV ? `BroadcastChannel "${name}" could not be opened (${String(error)}); generation state stays local to this tab.` : "",
    });
    return undefined;
  }
}

export function newTabId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  // randomUUID exists only in secure contexts; plain http pages get the fallback.
  if (typeof crypto?.randomUUID === "function") return crypto.randomUUID();
  return `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
