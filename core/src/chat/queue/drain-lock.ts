import { signal, type ReadonlySignal } from "@preact/signals-core";
import type { BroadcastChannelLike, PresenceClock } from "../presence/presence-channel.js";
import type { QueueChannelMessage } from "./queue-channel.js";

/**
 * Which of the tabs open on a thread sends its queued messages: exactly one holds the thread's
 * drain lock at a time. `held` turns true when this tab gets it; `contested` says another tab may
 * have held it before (so the stored thread may have moved on without this tab). Released on
 * `release()` (a thread switch, `dispose`) — and by the browser when the tab goes away.
 */
export interface DrainLock {
  readonly held: ReadonlySignal<boolean>;
  readonly contested: boolean;
  release(): void;
}

/** The part of the Web Locks API (`navigator.locks`) the queue uses. */
export interface LockManagerLike {
  request(name: string, options: { readonly ifAvailable?: boolean; readonly signal?: AbortSignal }, callback: (lock: unknown) => Promise<void> | void): Promise<unknown>;
}

/** `navigator.locks` where the browser has it, else undefined. */
export function browserLocks(): LockManagerLike | undefined {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return typeof locks?.request === "function" ? locks : undefined;
}

/** A lock no other tab competes for: held at once (no channel, or a single tab). */
export function soleLock(): DrainLock {
  return { held: signal(true), contested: false, release() {} };
}

/**
 * The Web Locks lock named `name`: asked for without waiting first (so `contested` says whether
 * another tab had it), then waited for. The browser gives it to the next tab when this one goes.
 */
export function webLock(locks: LockManagerLike, name: string): DrainLock {
  const held = signal(false);
  const controller = new AbortController();
  let letGo: (() => void) | undefined;
  const hold = (): Promise<void> =>
    new Promise<void>((resolve) => {
      letGo = resolve;
      held.value = true;
    });
  const lock: { held: ReadonlySignal<boolean>; contested: boolean; release(): void } = {
    held,
    contested: false,
    release() {
      controller.abort();
      letGo?.();
      letGo = undefined;
      held.value = false;
    },
  };
  locks
    .request(name, { ifAvailable: true }, (granted) => {
      if (granted !== null && !controller.signal.aborted) return hold();
      lock.contested = true;
      if (controller.signal.aborted) return undefined;
      // Held elsewhere: wait in line (the first request has ended, so this one queues behind the holder).
      void locks.request(name, { signal: controller.signal }, () => (controller.signal.aborted ? undefined : hold())).catch(() => undefined);
      return undefined;
    })
    .catch(() => undefined);
  return lock;
}

export interface LeaseOptions {
  /** How often the holder repeats its lease. */
  readonly heartbeatMs: number;
  /** How long a lease holds after it was last heard (more than `heartbeatMs`). */
  readonly ttlMs: number;
  readonly clock: PresenceClock;
}

/**
 * Without Web Locks: a lease on the queue's channel. The holder repeats `lease` every heartbeat;
 * a tab that hears none for `ttlMs` posts `claim`, and holds the lease if within a heartbeat it
 * hears no `lease` (a holder answers a claim at once) and no claim from a smaller tab id. A holder
 * keeps the lease against a claim: a tab whose timers were late (a busy or throttled page) must
 * not take the queue from a tab that is sending. Two holders at once: the smaller tab id keeps it.
 */
export function channelLease(channel: BroadcastChannelLike, tabId: string, threadId: string, options: LeaseOptions): DrainLock {
  const held = signal(false);
  const { clock, heartbeatMs, ttlMs } = options;
  let timer: unknown;
  let claiming = false;
  let released = false;
  const post = (kind: "lease" | "claim" | "release" | "ask"): void => {
    const message: QueueChannelMessage = { kind, v: 1, tabId, threadId };
    try {
      channel.postMessage(message);
    } catch {
      // A channel that cannot post leaves this tab to decide alone; the lease still times out.
    }
  };
  const schedule = (ms: number, then: () => void): void => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = undefined;
      if (!released) then();
    }, ms);
  };
  const beat = (): void => {
    post("lease");
    schedule(heartbeatMs, beat);
  };
  const claim = (): void => {
    claiming = true;
    post("claim");
    schedule(heartbeatMs, () => {
      claiming = false;
      held.value = true;
      beat();
    });
  };
  const otherHolds = (): void => {
    lock.contested = true;
    claiming = false;
    held.value = false;
    schedule(ttlMs, claim);
  };
  const onMessage = (event: { readonly data: unknown }): void => {
    const message = event.data as Partial<QueueChannelMessage> | null;
    if (released || typeof message !== "object" || message === null || message.v !== 1 || message.threadId !== threadId || message.tabId === tabId || typeof message.tabId !== "string") return;
    if (message.kind === "lease") {
      if (held.peek() && message.tabId > tabId) post("lease");
      else otherHolds();
    } else if (message.kind === "claim") {
      if (held.peek()) post("lease");
      else if (claiming && message.tabId < tabId) otherHolds();
    } else if (message.kind === "release") {
      if (!held.peek() && !claiming) claim();
    } else if (message.kind === "ask" && held.peek()) post("lease");
  };
  const lock: { held: ReadonlySignal<boolean>; contested: boolean; release(): void } = {
    held,
    contested: false,
    release() {
      if (released) return;
      released = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      channel.removeEventListener("message", onMessage);
      if (held.peek()) post("release");
      held.value = false;
    },
  };
  channel.addEventListener("message", onMessage);
  post("ask");
  // A holder answers the ask at once: without an answer within a heartbeat, claim the lease.
  schedule(heartbeatMs, claim);
  return lock;
}
