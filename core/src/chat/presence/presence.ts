import { DEV } from "esm-env";
import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import { warnToConsole, type WarningHandler } from "../../errors.js";
import { EventType, type BaseEvent } from "../../protocol/events.js";
import { PersistOptionError } from "../../persist/errors.js";
import {
  generationChannelName,
  newTabId,
  openDefaultChannel,
  parsePresenceMessage,
  systemClock,
  type BroadcastChannelLike,
  type CreatePresenceChannel,
  type PresenceClock,
  type PresenceMessage,
} from "./presence-channel.js";
import type { ChatPresence, PresencePlugin } from "./generation.js";
import type { ChatPresenceOptions } from "../types.js";

export interface GenerationPresenceOptions {
  threadId: string;
  /** Default `threadline:generating:<threadId>`. */
  channelName?: string;
  /** How often a generating tab repeats itself. Default 1000 ms. */
  heartbeatMs?: number;
  /** How long another tab counts as generating after its last word. Must exceed `heartbeatMs`. Default 5000 ms. */
  ttlMs?: number;
  /** Opens the cross-tab channel. Default: `BroadcastChannel` when present. `null`: this tab only. */
  createChannel?: CreatePresenceChannel | null;
  clock?: PresenceClock;
  /** This participant's id on the channel. Default: a random UUID. */
  tabId?: string;
  onWarning?: WarningHandler;
}

/**
 * Whether any run is active on one thread, in this tab or another tab of the same origin.
 *
 * Local runs come from `runStarted` / `runEnded` (or `observeEvent` with the AG-UI run events).
 * Tabs share their state on a `BroadcastChannel` named after the thread: a generating tab repeats
 * itself every `heartbeatMs`, says `idle` when its last run ends or it is disposed, and is forgotten
 * `ttlMs` after its last word, so a tab closed mid-run cannot leave others stuck "generating".
 */
export class GenerationPresence implements ChatPresence {
  readonly threadId: string;
  readonly tabId: string;
  /** True while a run is active on this thread here or in another tab. */
  readonly sessionGenerating: ReadonlySignal<boolean>;
  /** True while a run is active on this thread in this tab. */
  readonly localGenerating: ReadonlySignal<boolean>;
  /** How many other tabs are generating on this thread. */
  readonly remoteTabsGenerating: ReadonlySignal<number>;

  readonly #localRuns = new Set<string>();
  /** Other tabs currently generating, with the time their claim expires. */
  readonly #remoteTabs = new Map<string, number>();
  readonly #localCount = signal(0);
  readonly #remoteCount = signal(0);
  readonly #clock: PresenceClock;
  readonly #heartbeatMs: number;
  readonly #ttlMs: number;
  readonly #onWarning: WarningHandler;
  readonly #channel: BroadcastChannelLike | undefined;
  #heartbeat: unknown;
  #expiry: { readonly handle: unknown; readonly at: number } | undefined;
  #disposed = false;

  constructor(options: GenerationPresenceOptions) {
    this.#heartbeatMs = options.heartbeatMs ?? 1000;
    this.#ttlMs = options.ttlMs ?? 5000;
    if (!(this.#heartbeatMs > 0 && Number.isFinite(this.#heartbeatMs))) {
      throw new PersistOptionError("heartbeatMs", DEV ? `heartbeatMs must be a positive number, got ${String(this.#heartbeatMs)}.` : "");
    }
    if (!(this.#ttlMs > this.#heartbeatMs && Number.isFinite(this.#ttlMs))) {
      throw new PersistOptionError(
        "ttlMs",
        DEV ? `ttlMs (${String(this.#ttlMs)}) must be a finite number greater than heartbeatMs (${this.#heartbeatMs}), or live tabs would expire between heartbeats.` : "",
      );
    }
    this.threadId = options.threadId;
    this.tabId = options.tabId ?? newTabId();
    this.#clock = options.clock ?? systemClock;
    this.#onWarning = options.onWarning ?? warnToConsole;
    this.localGenerating = computed(() => this.#localCount.value > 0);
    this.remoteTabsGenerating = this.#remoteCount;
    this.sessionGenerating = computed(() => this.#localCount.value > 0 || this.#remoteCount.value > 0);

    const name = options.channelName ?? generationChannelName(this.threadId);
    if (options.createChannel === null) this.#channel = undefined;
    else if (options.createChannel) this.#channel = options.createChannel(name);
    else this.#channel = openDefaultChannel(name, this.#onWarning);
    this.#channel?.addEventListener("message", this.#onMessage);
    // Ask tabs already generating to say so now rather than at their next heartbeat.
    this.#post("query");
  }

  runStarted(runId: string): void {
    if (this.#disposed || this.#localRuns.has(runId)) return;
    this.#localRuns.add(runId);
    this.#localCount.value = this.#localRuns.size;
    this.#post("generating");
    if (this.#heartbeat === undefined) this.#scheduleHeartbeat();
  }

  /** A run ended (RUN_FINISHED / RUN_ERROR). Without a run id, every local run ends (a thread-level RUN_ERROR). */
  runEnded(runId?: string): void {
    if (this.#disposed) return;
    if (runId === undefined) this.#localRuns.clear();
    else if (!this.#localRuns.delete(runId)) return;
    this.#afterLocalChange();
  }

  /**
   * Follow AG-UI run events directly: RUN_STARTED, RUN_FINISHED, RUN_ERROR; other events are ignored.
   * A RUN_ERROR that `ClearedRunFilter` judged stale belongs to a cleared run: call
   * `runEnded(filter.lastStaleRunId)` for it instead, so it does not end a fresh run too.
   */
  observeEvent(event: BaseEvent): void {
    const runId = (event as BaseEvent & { readonly runId?: unknown }).runId;
    const id = typeof runId === "string" ? runId : undefined;
    if (event.type === EventType.RUN_STARTED) {
      if (id !== undefined) this.runStarted(id);
    } else if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) {
      this.runEnded(id);
    }
  }

  /** Forget every local run (stop, clear, a lost connection). */
  reset(): void {
    this.runEnded(undefined);
  }

  /** Announce the end of this tab's runs and close the channel. */
  dispose(): void {
    if (this.#disposed) return;
    const hadRuns = this.#localRuns.size > 0;
    this.#localRuns.clear();
    if (hadRuns) this.#post("idle");
    this.#disposed = true;
    this.#stopHeartbeat();
    if (this.#expiry !== undefined) this.#clock.clearTimeout(this.#expiry.handle);
    this.#expiry = undefined;
    this.#remoteTabs.clear();
    this.#localCount.value = 0;
    this.#remoteCount.value = 0;
    if (this.#channel !== undefined) {
      this.#channel.removeEventListener("message", this.#onMessage);
      this.#channel.close();
    }
  }

  #afterLocalChange(): void {
    this.#localCount.value = this.#localRuns.size;
    if (this.#localRuns.size > 0) {
      this.#post("generating");
      return;
    }
    this.#stopHeartbeat();
    this.#post("idle");
  }

  readonly #onMessage = (event: { readonly data: unknown }): void => {
    if (this.#disposed) return;
    const message = parsePresenceMessage(event.data);
    if (message === null) {
      this.#onWarning({ code: "PRESENCE_MALFORMED_MESSAGE", message: DEV ? "Ignored a malformed message on the generation channel." : "", event: event.data });
      return;
    }
    if (message.tabId === this.tabId || message.threadId !== this.threadId) return;
    switch (message.kind) {
      case "generating":
        if (message.runIds.length === 0) {
          if (this.#remoteTabs.delete(message.tabId)) this.#remoteCount.value = this.#remoteTabs.size;
          return;
        }
        this.#remoteTabs.set(message.tabId, this.#clock.now() + this.#ttlMs);
        this.#remoteCount.value = this.#remoteTabs.size;
        this.#scheduleExpiry();
        return;
      case "idle":
        if (this.#remoteTabs.delete(message.tabId)) this.#remoteCount.value = this.#remoteTabs.size;
        return;
      case "query":
        if (this.#localRuns.size > 0) this.#post("generating");
        return;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  };

  #post(kind: PresenceMessage["kind"]): void {
    if (this.#channel === undefined || this.#disposed) return;
    const base = { v: 1 as const, tabId: this.tabId, threadId: this.threadId };
    const message: PresenceMessage = kind === "generating" ? { kind, ...base, runIds: [...this.#localRuns] } : { kind, ...base };
    try {
      this.#channel.postMessage(message);
    } catch (error) {
      this.#onWarning({ code: "PRESENCE_POST_FAILED", message: DEV ? `Posting to the generation channel failed (${String(error)}).` : "" });
    }
  }

  #scheduleHeartbeat(): void {
    this.#heartbeat = this.#clock.setTimeout(() => {
      this.#heartbeat = undefined;
      if (this.#disposed || this.#localRuns.size === 0) return;
      this.#post("generating");
      this.#scheduleHeartbeat();
    }, this.#heartbeatMs);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat !== undefined) this.#clock.clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  /** One timer, set for the earliest claim to expire; re-armed after each sweep. */
  #scheduleExpiry(): void {
    let earliest = Infinity;
    for (const at of this.#remoteTabs.values()) if (at < earliest) earliest = at;
    if (this.#expiry !== undefined) {
      // A timer due no later than the earliest claim can stay: its sweep re-arms for what is left.
      if (this.#expiry.at <= earliest) return;
      this.#clock.clearTimeout(this.#expiry.handle);
      this.#expiry = undefined;
    }
    if (earliest === Infinity) return;
    const handle = this.#clock.setTimeout(() => {
      this.#expiry = undefined;
      const now = this.#clock.now();
      for (const [tabId, at] of this.#remoteTabs) if (at <= now) this.#remoteTabs.delete(tabId);
      this.#remoteCount.value = this.#remoteTabs.size;
      this.#scheduleExpiry();
    }, Math.max(0, earliest - this.#clock.now()));
    this.#expiry = { handle, at: earliest };
  }
}

/**
 * Shares `sessionGenerating` with the other tabs of the origin: `new ChatClient({ agent, presence:
 * broadcastPresence() })`. Each thread gets a `GenerationPresence` on a `BroadcastChannel` named
 * after it (where there is none, generation state stays local). The options are checked when the
 * chat opens a thread's presence (a bad one throws `PersistOptionError` from `new ChatClient`).
 */
export function broadcastPresence(options: ChatPresenceOptions = {}): PresencePlugin {
  return {
    open: (threadId, warn) =>
      new GenerationPresence({ ...options, threadId, onWarning: warn, createChannel: options.createChannel === undefined ? defaultChannel(warn) : options.createChannel }),
  };
}

/**
 * `BroadcastChannel`, unref'd where the runtime allows it (Node), so a chat someone forgot to
 * dispose does not keep the process alive. `null` (this tab only) where there is none.
 */
function defaultChannel(warn: WarningHandler): ((name: string) => BroadcastChannelLike) | null {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike & { unref?: () => void } }).BroadcastChannel;
  if (typeof Channel !== "function") return null;
  return (name) => {
    try {
      const channel = new Channel(name);
      channel.unref?.();
      return channel;
    } catch (error) {
      warn({ code: "PRESENCE_CHANNEL_UNAVAILABLE", message: DEV ? `BroadcastChannel "${name}" could not be opened (${String(error)}); generation state stays local.` : "" });
      return CLOSED_CHANNEL;
    }
  };
}

const CLOSED_CHANNEL: BroadcastChannelLike = {
  postMessage() {},
  addEventListener() {},
  removeEventListener() {},
  close() {},
};
