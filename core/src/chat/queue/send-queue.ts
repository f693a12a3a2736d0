import { DEV } from "esm-env";
import type { ContentPart } from "@ag-ui/core";
import { batch, computed, effect, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { ThreadlineError, type ErrorCode } from "../../errors.js";
import type { StoredQueuedMessage } from "../../persist/stored-thread.js";
import type { Message } from "../../protocol/events.js";
import { contentText } from "../../protocol/content-text.js";
import { ChatInputError } from "../../tools/errors.js";
import { createChatEngine } from "../engine.js";
import type { CarriesEngine } from "../engine-load.js";
import { checkContentPart, checkMessageInput } from "../input.js";
import { userMessage } from "../outgoing.js";
import { newTabId, openDefaultChannel, systemClock, type BroadcastChannelLike, type CreatePresenceChannel, type PresenceClock } from "../presence/presence-channel.js";
import type { TurnResult } from "../types.js";
import { browserLocks, channelLease, soleLock, webLock, type DrainLock, type LockManagerLike } from "./drain-lock.js";
import { parseQueueMessage, queueChannelName, type QueueChannelMessage, type QueueDeparture, type QueueOp } from "./queue-channel.js";
import type { ChatQueue, QueuedMessage, QueueHost, SendQueuePlugin } from "./queue-plugin.js";

/** What a message sent while the chat is busy does: waits in the queue, is dropped, or stops the run and goes now. */
export type WhenBusy = "queue" | "drop" | "interrupt";

/** `sendQueue(options)`. */
export interface SendQueueOptions {
  /**
   * A message sent while a run streams, client tools run or an approval or interrupt waits for the
   * user: `"queue"` (default) waits its turn; `"drop"` is not sent (`sendMessage` resolves
   * `skipped`, `busy`); `"interrupt"` stops this chat's run and goes now. Offline, a message always
   * waits in the queue, whatever this says.
   */
  readonly whenBusy?: WhenBusy;
  /** Messages the queue holds at most; one more resolves `skipped`, `queue-full`. Default 100. */
  readonly maxSize?: number;
  /**
   * The largest file (characters of its inline data) stored with a queued message. A larger one is
   * sent from this page but not stored: after a reload its message waits, failed with
   * `ATTACHMENT_NOT_KEPT`, and `lostAttachments` names it. Default 2,000,000 (about 1.5 MB).
   */
  readonly maxStoredAttachment?: number;
  /**
   * Picks the one tab that sends: Web Locks (`navigator.locks`) where the browser has them. `null`:
   * a lease on the queue's channel instead. Tests pass their own.
   */
  readonly locks?: LockManagerLike | null;
  /** The channel the thread's tabs share the queue on. Default: `BroadcastChannel`; `null`: this tab only. */
  readonly createChannel?: CreatePresenceChannel | null;
  /** Without Web Locks: how often the sending tab repeats its lease (ms); it lapses after three. Default 1,000. */
  readonly leaseMs?: number;
  /** Timers and time, for the lease (tests step them by hand). */
  readonly clock?: PresenceClock;
}

interface CheckedOptions {
  readonly whenBusy: WhenBusy;
  readonly maxSize: number;
  readonly maxStoredAttachment: number;
  readonly locks: LockManagerLike | null | undefined;
  readonly createChannel: CreatePresenceChannel | null | undefined;
  readonly leaseMs: number;
  readonly clock: PresenceClock;
}

/**
 * A send queue for the chat's thread: `new ChatClient({ agent, persistence, queue: sendQueue() })`.
 * Messages sent while a run streams, while an approval or interrupt waits for the user, or while
 * offline wait in `chat.sendQueue.messages`, where the user can edit, cancel and reorder them; they
 * go in order, each once, when the chat is free and online. With `persistence` they are stored with
 * the thread (a reload sends them); of the tabs open on the thread exactly one sends them, the
 * others show them live. The options are checked here (`INVALID_OPTION`). The plug-in brings the
 * chat's engine with it; a chat without it ships none of this.
 */
export function sendQueue(options: SendQueueOptions = {}): SendQueuePlugin {
  const checked = checkOptions(options);
  const plugin: SendQueuePlugin & CarriesEngine = { open: (host) => new ThreadSendQueue(host, checked), engine: createChatEngine };
  return plugin;
}

const NONE: readonly QueuedMessage[] = Object.freeze([]);
/** Network failures a returning network may cure: a failed message with one goes again on `online`. */
const NETWORK_CODES = new Set(["REQUEST_FAILED", "RESPONSE_TIMEOUT", "RECONNECT_FAILED", "STREAM_TRUNCATED"]);

/**
 * One chat's send queue. The tab holding the thread's drain lock owns it: it alone changes it,
 * stores it with the thread and sends its messages, one turn at a time, and publishes it on the
 * thread's channel; another tab shows what is published and hands the owner its users' changes.
 */
class ThreadSendQueue implements ChatQueue {
  readonly messages = signal<readonly QueuedMessage[]>(NONE);
  readonly online: ReadonlySignal<boolean>;
  readonly draining: ReadonlySignal<boolean>;
  readonly paused = signal(false);

  readonly #host: QueueHost;
  readonly #options: CheckedOptions;
  readonly #tabId = newTabId();
  readonly #online: Signal<boolean>;
  readonly #lock = signal<DrainLock>(soleLock());
  #channel: BroadcastChannelLike | undefined;
  #threadId: string;
  /** The `sendMessage` promises of messages queued in this tab, by message id. */
  readonly #waiters = new Map<string, (result: TurnResult) => void>();
  /** The message this tab is sending (its turn under way). */
  #sending: string | undefined;
  /** A message that was being sent when the page reloaded, whose rejoined run is under way. */
  #watching: string | undefined;
  /** Changes this tab handed the owner that it has not yet seen applied, by op id. */
  readonly #pending = new Map<string, QueueOp>();
  /** Other tabs' changes applied since the last publication. */
  #applied: string[] = [];
  #gone: QueueDeparture[] = [];
  #revision = 0;
  #publisher: string | undefined;
  #opSeq = 0;
  #pumpQueued = false;
  #disposed = false;
  readonly #stopWatching: () => void;
  readonly #stopConnectivity: () => void;

  constructor(host: QueueHost, options: CheckedOptions) {
    this.#host = host;
    this.#options = options;
    const connectivity = host.connectivity;
    this.#online = signal(connectivity.online());
    this.online = this.#online;
    this.draining = computed(() => this.#lock.value.held.value);
    this.#threadId = host.parts.threadId.value;
    this.#stopConnectivity = connectivity.subscribe((change) => {
      if (change === "offline") this.#online.value = false;
      else {
        this.#online.value = connectivity.online();
        if (this.#online.peek()) this.#networkBack();
      }
    });
    // What decides whether the next message can go: the chat's status, another client's run, the
    // network, this tab's turn to send, the queue itself. None of them changes per streamed event.
    this.#stopWatching = effect(() => {
      void host.status.value;
      void host.elsewhere.value;
      void host.parts.presence.value.remoteTabsGenerating.value;
      void this.#online.value;
      void this.paused.value;
      void this.messages.value;
      void this.#lock.value.held.value;
      this.#schedulePump();
    });
    this.#open();
  }

  // -- what the user does -------------------------------------------------------------------

  send(message: Message): Promise<TurnResult> {
    if (this.#disposed) return Promise.resolve({ status: "skipped", reason: "disposed" });
    const online = this.#online.peek();
    const waiting = this.messages.peek().length > 0 || this.#sending !== undefined || this.#watching !== undefined;
    if (online && !waiting && !this.paused.peek() && !this.#busy()) return this.#host.deliver(message);
    // Busy with this chat's own run, or an answer it awaits from the user: whenBusy decides.
    if (online && !waiting && this.#ownBusy()) {
      if (this.#options.whenBusy === "drop") return Promise.resolve({ status: "skipped", reason: "busy" });
      if (this.#options.whenBusy === "interrupt") {
        this.#host.interrupt();
        return this.#host.deliver(message);
      }
    }
    if (this.messages.peek().length >= this.#options.maxSize) return Promise.resolve({ status: "skipped", reason: "queue-full" });
    const item = this.#itemOf({ message, status: "queued", queuedAt: Date.now() });
    const promise = new Promise<TurnResult>((resolve) => this.#waiters.set(item.id, resolve));
    // A new message means the user goes on: a queue paused by stop() sends again, the older messages first.
    this.#change({ type: "resume" });
    this.#change({ type: "add", item });
    return promise;
  }

  cancel(id: string): void {
    const item = this.#find(id, "cancel");
    if (item.status === "sending") throw sentAlready(id, "cancel");
    this.#change({ type: "cancel", id });
  }

  edit(id: string, content: string | readonly ContentPart[]): void {
    const item = this.#find(id, "edit");
    if (item.status === "sending" || item.sent === true) throw sentAlready(id, "edit");
    const checked = checkMessageInput({ content }, () => id);
    if (!("content" in checked)) throw new ChatInputError("INVALID_ARGUMENT", DEV ? "sendQueue.edit takes text or content parts." : "", "content");
    const parts = typeof checked.content === "string" ? checked.content : checked.content.map((part, i) => checkContentPart(part, `content[${i}]`));
    this.#change({ type: "edit", id, message: userMessage(id, parts) });
  }

  move(id: string, index: number): void {
    this.#find(id, "move");
    if (typeof index !== "number" || !Number.isInteger(index)) throw new ChatInputError("INVALID_ARGUMENT", DEV ? `sendQueue.move needs a whole index, got ${String(index)}.` : "", "index");
    this.#change({ type: "move", id, index });
  }

  retry(id: string): void {
    const item = this.#find(id, "retry");
    if (item.status !== "failed") throw new ChatInputError("INVALID_ARGUMENT", DEV ? `sendQueue.retry: message '${id}' has not failed (it is ${item.status}).` : "", "id", id);
    this.#change({ type: "retry", id });
  }

  resume(): void {
    this.#change({ type: "resume" });
  }

  // -- what the chat tells it -----------------------------------------------------------------

  stored(): readonly StoredQueuedMessage[] | undefined {
    const items = this.messages.peek();
    if (items.length === 0) return undefined;
    return items.map((item) => this.#storedOf(item));
  }

  hydrated(): void {
    if (this.#disposed) return;
    const stored = this.#host.parts.storage.hydratedQueue;
    // What a tab that already sends published is newer than the record it stored.
    if (stored !== undefined && this.#publisher === undefined) {
      const items: QueuedMessage[] = [];
      for (const entry of stored) {
        const item = readEntry(entry);
        if (item !== undefined) items.push(item);
        else this.#host.warn({ code: "QUEUE_ENTRY_UNREADABLE", message: DEV ? "A stored send-queue entry is not a user message with a known status; it was skipped." : "", event: entry });
      }
      // Messages sent while the record was being read go after the stored ones.
      const known = new Set(items.map((item) => item.id));
      for (const item of this.messages.peek()) if (!known.has(item.id)) items.push(item);
      this.messages.value = Object.freeze(items);
      this.#reloaded = true;
    }
    if (this.#owner()) {
      // Changes this tab made before it owned the queue are in its list already.
      this.#pending.clear();
      this.#reconcile();
      // Stored now (a save while the record was read would have kept it from being applied);
      // an empty queue has nothing to store.
      if (this.messages.peek().length > 0) this.#publish();
    }
    this.#ask();
    this.#schedulePump();
  }

  stopped(): void {
    if (this.messages.peek().length > 0 && this.#owner()) this.paused.value = true;
  }

  clear(): void {
    if (this.messages.peek().length > 0) this.#change({ type: "clear" });
  }

  moved(renamed: boolean): void {
    if (this.#disposed) return;
    this.#close();
    this.#threadId = this.#host.parts.threadId.value;
    if (!renamed) {
      for (const id of [...this.#waiters.keys()]) this.#resolve(id, { status: "skipped", reason: "cleared" });
      this.messages.value = NONE;
      this.paused.value = false;
      this.#sending = undefined;
      this.#watching = undefined;
    }
    this.#open();
    if (renamed) this.#publish();
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#stopWatching();
    this.#stopConnectivity();
    this.#close();
    for (const id of [...this.#waiters.keys()]) this.#resolve(id, { status: "skipped", reason: "disposed" });
  }

  // -- the owner's changes, and the other tabs' ----------------------------------------------

  /** The queue came from the stored record (a reload): its messages that were being sent are looked at once this tab owns it. */
  #reloaded = false;

  /**
   * A change by this tab's user. The owner applies it and publishes; another tab shows it at once
   * and hands it to the owner (again, should the owner change before it was applied).
   */
  #change(op: QueueOp): void {
    if (this.#owner()) {
      this.#apply(op);
      this.#publish();
      return;
    }
    const opId = `${this.#tabId}:${++this.#opSeq}`;
    this.#pending.set(opId, op);
    this.#apply(op);
    this.#post({ kind: "op", v: 1, tabId: this.#tabId, threadId: this.#threadId, opId, op });
  }

  /** Applies one change to the queue as this tab sees it. */
  #apply(op: QueueOp): void {
    const items = this.messages.peek();
    const at = op.type === "add" || op.type === "resume" || op.type === "clear" ? -1 : items.findIndex((item) => item.id === op.id);
    switch (op.type) {
      case "add":
        if (items.some((item) => item.id === op.item.message.id)) return;
        this.messages.value = Object.freeze([...items, this.#itemOf(op.item)]);
        return;
      case "cancel": {
        if (at < 0 || items[at]!.status === "sending") return;
        this.messages.value = Object.freeze(items.filter((_, i) => i !== at));
        this.#gone.push({ id: op.id, why: "cancelled" });
        this.#resolve(op.id, { status: "skipped", reason: "cancelled" });
        return;
      }
      case "edit":
        if (at < 0 || items[at]!.status === "sending") return;
        this.#replace(at, { ...items[at]!, message: op.message });
        return;
      case "move": {
        if (at < 0) return;
        const rest = items.filter((_, i) => i !== at);
        const to = Math.max(0, Math.min(rest.length, op.index));
        rest.splice(to, 0, items[at]!);
        this.messages.value = Object.freeze(rest);
        return;
      }
      case "retry":
        if (at < 0 || items[at]!.status !== "failed") return;
        this.#replace(at, { ...items[at]!, status: "queued", error: undefined });
        this.paused.value = false;
        return;
      case "resume":
        this.paused.value = false;
        return;
      case "clear":
        for (const item of items) this.#gone.push({ id: item.id, why: "cleared" });
        this.messages.value = NONE;
        this.paused.value = false;
        for (const item of items) this.#resolve(item.id, { status: "skipped", reason: "cleared" });
        return;
      default: {
        const never: never = op;
        return never;
      }
    }
  }

  #replace(at: number, fields: StoredQueuedMessage): void {
    const items = this.messages.peek().slice();
    items[at] = this.#itemOf(fields);
    this.messages.value = Object.freeze(items);
  }

  /** The owner publishes the queue to the other tabs and stores it with the thread. */
  #publish(): void {
    if (this.#disposed || !this.#owner()) return;
    this.#revision++;
    const gone = this.#gone;
    const applied = this.#applied;
    this.#gone = [];
    this.#applied = [];
    const items = this.messages.peek().map((item) => this.#storedOf(item, false));
    this.#post({ kind: "items", v: 1, tabId: this.#tabId, threadId: this.#threadId, revision: this.#revision, items, gone, applied });
    // Not while the stored thread is read: a save then would keep the record from being applied
    // (`hydrated` stores the queue once it is in).
    if (!this.#host.parts.turns.hydrating) this.#host.parts.storage.save();
  }

  readonly #onMessage = (event: { readonly data: unknown }): void => {
    if (this.#disposed) return;
    const message = parseQueueMessage(event.data);
    if (message === null || message.tabId === this.#tabId || message.threadId !== this.#threadId) return;
    switch (message.kind) {
      case "items":
        this.#adopt(message);
        return;
      case "op":
        if (!this.#owner()) return;
        this.#apply(message.op);
        this.#applied.push(message.opId);
        this.#publish();
        return;
      case "ask":
        if (this.#owner()) {
          this.#applied.length = 0;
          this.#publish();
        }
        return;
      case "lease":
      case "claim":
      case "release":
        return;
      default: {
        const never: never = message;
        return never;
      }
    }
  };

  /** The owner published the queue: shown as it is, with this tab's changes it has not applied yet on top. */
  #adopt(message: Extract<QueueChannelMessage, { kind: "items" }>): void {
    if (this.#owner()) return;
    const newOwner = this.#publisher !== message.tabId;
    if (!newOwner && message.revision <= this.#revision) return;
    this.#publisher = message.tabId;
    this.#revision = message.revision;
    for (const opId of message.applied) this.#pending.delete(opId);
    const before = new Map(this.messages.peek().map((item) => [item.id, item]));
    const items: QueuedMessage[] = [];
    for (const entry of message.items) {
      const item = readEntry(entry);
      if (item !== undefined) items.push(item);
    }
    batch(() => {
      this.messages.value = Object.freeze(items);
      for (const op of this.#pending.values()) this.#apply(op);
    });
    for (const departure of message.gone) {
      this.#resolve(departure.id, departure.why === "idle" || departure.why === "awaiting-input" ? { status: departure.why } : { status: "skipped", reason: departure.why });
    }
    // A message of this tab that failed over there: its `sendMessage` settles with why.
    for (const item of items) {
      if (item.status === "failed" && before.get(item.id)?.status !== "failed" && item.error !== undefined) {
        this.#resolve(item.id, { status: "failed", error: new ThreadlineError(item.error.code as ErrorCode, item.error.message) });
      }
    }
    // A new owner has not heard this tab's changes: they are handed to it again.
    if (newOwner) for (const [opId, op] of this.#pending) this.#post({ kind: "op", v: 1, tabId: this.#tabId, threadId: this.#threadId, opId, op });
  }

  // -- sending ----------------------------------------------------------------------------------

  #schedulePump(): void {
    if (this.#pumpQueued || this.#disposed) return;
    this.#pumpQueued = true;
    queueMicrotask(() => {
      this.#pumpQueued = false;
      this.#pump();
    });
  }

  /** Sends the first message when this tab owns the queue, the network is up and the chat is free. */
  #pump(): void {
    if (this.#disposed) return;
    if (this.#owner() && this.#lock.peek() !== this.#announced) this.#gotLock();
    if (this.#watching !== undefined && !running(this.#host.status.peek())) this.#rejoinSettled(this.#host.status.peek());
    if (this.#sending !== undefined || this.#watching !== undefined || this.#reloaded) return;
    if (!this.#owner() || !this.#online.peek() || this.paused.peek() || this.#busy()) return;
    const head = this.messages.peek()[0];
    if (head === undefined || head.status !== "queued") return;
    void this.#sendHead(head);
  }

  async #sendHead(head: QueuedMessage): Promise<void> {
    const id = head.id;
    this.#sending = id;
    this.#replace(0, { ...head, status: "sending" });
    this.#publish();
    // The record says "sending" before the request leaves: a reload then never sends it twice.
    await this.#host.parts.storage.whenSaved();
    const now = this.messages.peek()[0];
    if (this.#disposed || now?.id !== id || now.status !== "sending" || !this.#owner() || !this.#online.peek() || this.#busy()) {
      this.#sending = undefined;
      if (!this.#disposed && now?.id === id && now.status === "sending") {
        this.#replace(0, { ...now, status: "queued" });
        this.#publish();
      }
      this.#schedulePump();
      return;
    }
    const again = now.sent === true && this.#host.parts.thread.node(id) !== undefined;
    const result = await (again ? this.#host.askAgain(id) : this.#host.deliver(now.message));
    this.#settled(id, result);
  }

  /** The turn of a message this tab sent settled. */
  #settled(id: string, result: TurnResult): void {
    if (this.#sending === id) this.#sending = undefined;
    if (this.#disposed) return;
    const items = this.messages.peek();
    const at = items.findIndex((item) => item.id === id);
    const item = items[at];
    switch (result.status) {
      case "idle":
      case "awaiting-input":
      case "cancelled":
        if (item !== undefined) this.#remove(at, result.status === "cancelled" ? "cancelled" : result.status);
        break;
      case "failed":
        if (item !== undefined) this.#replace(at, { ...item, status: "failed", sent: true, error: { code: result.error.code, message: result.error.message } });
        break;
      case "skipped":
        // Never sent (a stop or a failure before its turn came, nothing to ask again): it waits again.
        if (item !== undefined && result.reason !== "cleared" && result.reason !== "disposed") this.#replace(at, { ...item, status: "queued" });
        break;
      default: {
        const never: never = result;
        return never;
      }
    }
    this.#publish();
    this.#resolve(id, result);
    this.#schedulePump();
  }

  #remove(at: number, why: QueueDeparture["why"]): void {
    const items = this.messages.peek();
    this.#gone.push({ id: items[at]!.id, why });
    this.messages.value = Object.freeze(items.filter((_, i) => i !== at));
  }

  /**
   * After a reload, as owner: a message the record has as being sent either went (its message is in
   * the thread) — its run was rejoined, or it was answered before the reload, or neither (shown
   * failed: whether the agent got it is unknown) — or did not (failed the same way: it may have left
   * before the page went). Messages whose files were too large to store wait, failed.
   */
  #reconcile(): void {
    if (!this.#reloaded) return;
    this.#reloaded = false;
    const { thread, loop } = this.#host.parts;
    const list = thread.list.peek();
    const before = this.messages.peek();
    const after: QueuedMessage[] = [];
    for (const item of before) {
      if (item.status === "sending") {
        const node = thread.node(item.id);
        if (node !== undefined && loop.activeRun.peek() !== undefined && this.#watching === undefined) {
          this.#watching = item.id;
          after.push(item);
        } else if (node !== undefined && list.indexOf(node) < list.length - 1) {
          this.#gone.push({ id: item.id, why: "idle" });
        } else {
          const why = DEV ? "The page went away while this message was being sent, and its answer cannot be replayed: retry it (the agent may get it twice) or cancel it." : "";
          after.push(this.#itemOf({ ...item, status: "failed", sent: node !== undefined, error: errorOf("SEND_UNCONFIRMED", why) }));
        }
      } else if (item.status === "queued" && item.lostAttachments !== undefined) {
        const why = DEV ? `Too large to store, these files were lost when the page went away: ${item.lostAttachments.join(", ")}. Retry to send the message without them, edit or cancel it.` : "";
        after.push(this.#itemOf({ ...item, status: "failed", error: errorOf("ATTACHMENT_NOT_KEPT", why) }));
      } else after.push(item);
    }
    if (after.every((item, i) => item === before[i]) && after.length === before.length) return;
    this.messages.value = Object.freeze(after);
    this.#publish();
  }

  /** The run of a message that was being sent when the page reloaded, rejoined, settled. */
  #rejoinSettled(status: string): void {
    const id = this.#watching!;
    this.#watching = undefined;
    const at = this.messages.peek().findIndex((item) => item.id === id);
    if (at < 0) return;
    const item = this.messages.peek()[at]!;
    if (status === "failed") {
      const error = this.#host.error.peek();
      this.#replace(at, { ...item, status: "failed", sent: true, error: error === undefined ? errorOf("SEND_UNCONFIRMED", "") : { code: error.code, message: error.message } });
    } else this.#remove(at, status === "awaiting-input" ? "awaiting-input" : "idle");
    this.#publish();
  }

  /** The network came back: messages that failed for want of it go again. */
  #networkBack(): void {
    if (!this.#owner()) return;
    for (const item of this.messages.peek()) {
      if (item.status === "failed" && item.error !== undefined && NETWORK_CODES.has(item.error.code)) this.#change({ type: "retry", id: item.id });
    }
  }

  // -- the thread's channel and lock ------------------------------------------------------------

  #open(): void {
    const options = this.#options;
    const name = queueChannelName(this.#threadId);
    const channel = options.createChannel === null ? undefined : options.createChannel !== undefined ? options.createChannel(name) : openDefaultChannel(name, this.#host.warn);
    this.#channel = channel;
    (channel as { unref?: () => void } | undefined)?.unref?.();
    channel?.addEventListener("message", this.#onMessage);
    const locks = options.locks === undefined ? browserLocks() : options.locks;
    const lock =
      channel === undefined
        ? soleLock()
        : locks !== null && locks !== undefined
          ? webLock(locks, name)
          : channelLease(channel, this.#tabId, this.#threadId, { heartbeatMs: options.leaseMs, ttlMs: options.leaseMs * 3, clock: options.clock });
    this.#publisher = undefined;
    this.#revision = 0;
    this.#lock.value = lock;
    this.#ask();
  }

  #close(): void {
    this.#lock.peek().release();
    this.#lock.value = soleLock();
    if (this.#channel !== undefined) {
      this.#channel.removeEventListener("message", this.#onMessage);
      this.#channel.close();
      this.#channel = undefined;
    }
    this.#pending.clear();
  }

  /** The lock this tab has taken ownership under (each lock once). */
  #announced: DrainLock | undefined;

  /** This tab got the lock: it owns the queue from now on. */
  #gotLock(): void {
    const lock = this.#lock.peek();
    this.#announced = lock;
    if (lock.contested) {
      // Another tab sent until now: the stored thread moved on without this tab. Read it again
      // (its run, if one is going, is rejoined) before sending anything.
      this.#reloaded = true;
      const key = this.#threadId;
      void this.#host.rehydrate().then(() => {
        if (key === this.#threadId) this.#schedulePump();
      });
      return;
    }
    if (this.#pending.size > 0) {
      for (const op of this.#pending.values()) this.#apply(op);
      this.#pending.clear();
    }
    // While the stored thread is read, `hydrated` does the rest once it is in.
    if (this.#host.parts.turns.hydrating) return;
    this.#reconcile();
    this.#publish();
  }

  #ask(): void {
    this.#post({ kind: "ask", v: 1, tabId: this.#tabId, threadId: this.#threadId });
  }

  #post(message: QueueChannelMessage): void {
    try {
      this.#channel?.postMessage(message);
    } catch (error) {
      this.#host.parts.report(ThreadlineError.from(error, DEV ? "Posting on the send queue's channel" : "queue channel"));
    }
  }

  // -- reading the chat ----------------------------------------------------------------------------

  #owner(): boolean {
    return this.#lock.peek().held.peek();
  }

  /** Another client's run: another tab of this origin, another device, a run this chat follows. */
  #elsewhere(): boolean {
    return this.#host.elsewhere.peek() || this.#host.parts.presence.peek().remoteTabsGenerating.peek() > 0;
  }

  /** A message cannot go now: a run, client tools, the user's answer awaited, the stored thread being read, another client's run. */
  #busy(): boolean {
    return this.#ownBusy() || this.#host.parts.turns.hydrating || this.#elsewhere();
  }

  /** This chat's own run or client tools, or an approval or interrupt it awaits from the user. */
  #ownBusy(): boolean {
    const status = this.#host.status.peek();
    return running(status) || status === "awaiting-input";
  }

  #find(id: string, method: string): QueuedMessage {
    const item = this.messages.peek().find((each) => each.id === id);
    if (item === undefined) throw new ChatInputError("QUEUED_MESSAGE_UNKNOWN", DEV ? `sendQueue.${method}: the queue holds no message '${String(id)}'.` : "", "id", String(id));
    return item;
  }

  #resolve(id: string, result: TurnResult): void {
    const resolve = this.#waiters.get(id);
    if (resolve === undefined) return;
    this.#waiters.delete(id);
    resolve(result);
  }

  /** An entry as the queue shows it: frozen, with its id and text, and the files too large to store named. */
  #itemOf(entry: StoredQueuedMessage): QueuedMessage {
    const message = entry.message;
    const lost = entry.lostAttachments ?? tooLarge(message, this.#options.maxStoredAttachment);
    return Object.freeze({
      id: message.id,
      text: contentText(message.content as string | readonly ContentPart[] | undefined, " "),
      message,
      status: entry.status,
      queuedAt: entry.queuedAt,
      ...(entry.error !== undefined ? { error: entry.error } : {}),
      ...(entry.sent === true ? { sent: true } : {}),
      ...(lost.length > 0 ? { lostAttachments: Object.freeze(lost) } : {}),
    });
  }

  /** An entry as stored: files too large to store are left out (`lostAttachments` names them). */
  #storedOf(item: QueuedMessage, forStorage = true): StoredQueuedMessage {
    const { id: _id, text: _text, ...entry } = item;
    if (!forStorage || item.lostAttachments === undefined) return entry;
    const content = item.message.content;
    const kept = Array.isArray(content) ? (content as ContentPart[]).filter((part) => dataSize(part) <= this.#options.maxStoredAttachment) : content;
    return { ...entry, message: { ...item.message, content: kept } as Message };
  }
}

function running(status: string): boolean {
  return status === "submitted" || status === "streaming" || status === "reconnecting";
}

/** The characters of a media part's inline data (0 for text parts and sources by URL). */
function dataSize(part: ContentPart): number {
  const source = (part as { source?: { type?: unknown; value?: unknown } }).source;
  return source?.type === "data" && typeof source.value === "string" ? source.value.length : 0;
}

/** The names of the files of `message` too large to store. */
function tooLarge(message: Message, limit: number): string[] {
  const content = message.content;
  if (!Array.isArray(content)) return [];
  const names: string[] = [];
  for (const part of content as ContentPart[]) {
    if (dataSize(part) > limit) {
      const metadata = (part as { metadata?: { filename?: unknown } }).metadata;
      names.push(typeof metadata?.filename === "string" ? metadata.filename : `a ${part.type}`);
    }
  }
  return names;
}

function errorOf(code: "SEND_UNCONFIRMED" | "ATTACHMENT_NOT_KEPT", message: string): { code: string; message: string } {
  return { code, message: message || new ChatInputError(code, "").message };
}

function sentAlready(id: string, method: string): ChatInputError {
  return new ChatInputError("QUEUED_MESSAGE_SENT", DEV ? `sendQueue.${method}: message '${id}' is being sent (or was); stop() the run, or wait for it.` : "", "id", id);
}

/** A stored or published entry, checked: a user message with an id, a known status. Else undefined (skipped). */
function readEntry(value: unknown): QueuedMessage | undefined {
  const entry = value as Partial<StoredQueuedMessage> | null;
  if (typeof entry !== "object" || entry === null) return undefined;
  const message = entry.message as Partial<Message> | undefined;
  if (typeof message !== "object" || message === null || message.role !== "user" || typeof message.id !== "string") return undefined;
  if (entry.status !== "queued" && entry.status !== "sending" && entry.status !== "failed") return undefined;
  const lost = Array.isArray(entry.lostAttachments) ? entry.lostAttachments.filter((name): name is string => typeof name === "string") : [];
  const error = entry.error as { code?: unknown; message?: unknown } | undefined;
  return Object.freeze({
    id: message.id,
    text: contentText(message.content as string | readonly ContentPart[] | undefined, " "),
    message: message as Message,
    status: entry.status,
    queuedAt: typeof entry.queuedAt === "number" ? entry.queuedAt : 0,
    ...(typeof error?.code === "string" && typeof error.message === "string" ? { error: { code: error.code, message: error.message } } : {}),
    ...(entry.sent === true ? { sent: true } : {}),
    ...(lost.length > 0 ? { lostAttachments: Object.freeze(lost) } : {}),
  });
}

function checkOptions(options: SendQueueOptions): CheckedOptions {
  if (typeof options !== "object" || options === null) throw invalid("", DEV ? "sendQueue(options) takes an options object, or nothing." : "");
  const whenBusy = options.whenBusy ?? "queue";
  if (whenBusy !== "queue" && whenBusy !== "drop" && whenBusy !== "interrupt") throw invalid("whenBusy", DEV ? `queue.whenBusy must be "queue", "drop" or "interrupt", got ${String(whenBusy)}.` : "");
  const maxSize = options.maxSize ?? 100;
  if (!Number.isInteger(maxSize) || maxSize < 1) throw invalid("maxSize", DEV ? `queue.maxSize must be a whole number ≥ 1, got ${String(maxSize)}.` : "");
  const maxStoredAttachment = options.maxStoredAttachment ?? 2_000_000;
  if (typeof maxStoredAttachment !== "number" || !(maxStoredAttachment >= 0)) throw invalid("maxStoredAttachment", DEV ? `queue.maxStoredAttachment must be a number ≥ 0, got ${String(maxStoredAttachment)}.` : "");
  const leaseMs = options.leaseMs ?? 1_000;
  if (typeof leaseMs !== "number" || !(leaseMs > 0) || !Number.isFinite(leaseMs)) throw invalid("leaseMs", DEV ? `queue.leaseMs must be a number of milliseconds > 0, got ${String(leaseMs)}.` : "");
  return { whenBusy, maxSize, maxStoredAttachment, locks: options.locks, createChannel: options.createChannel, leaseMs, clock: options.clock ?? systemClock };
}

function invalid(option: string, message: string): ChatInputError {
  return new ChatInputError("INVALID_OPTION", message, option === "" ? "queue" : `queue.${option}`);
}
