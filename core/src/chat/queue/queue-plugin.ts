import { DEV } from "esm-env";
import type { ContentPart } from "@ag-ui/core";
import type { ReadonlySignal } from "@preact/signals-core";
import type { StoredQueuedMessage } from "../../persist/stored-thread.js";
import type { Message } from "../../protocol/events.js";
import { pluginOption } from "../plugin-option.js";
import type { ChatStatus, TurnResult } from "../types.js";
import type { ThreadlineError, WarningHandler } from "../../errors.js";
import type { ChatParts } from "../assembly.js";
import type { Connectivity } from "../network/connectivity.js";

/**
 * A user message waiting in the send queue (`sendQueue()`): sent while a run streamed, while an
 * approval or interrupt waited for the user, or while offline. Frozen; a change makes a new one.
 */
export interface QueuedMessage extends StoredQueuedMessage {
  /** The message's id (`message.id`). */
  readonly id: string;
  /** Its text (the string content, or its text parts joined). */
  readonly text: string;
}

/**
 * A chat's send queue, as `chat.sendQueue` hands it out: the messages waiting, in the order they
 * will be sent, and what the user can do with them. Every method throws `ChatInputError`
 * (`QUEUED_MESSAGE_UNKNOWN`) for an id the queue does not hold.
 */
export interface SendQueue {
  /** The waiting messages, first to go first; a new array on each change (never per token). */
  readonly messages: ReadonlySignal<readonly QueuedMessage[]>;
  /** The network is thought to be up (`navigator.onLine`, or the plug-in's `connectivity`). */
  readonly online: ReadonlySignal<boolean>;
  /** This tab sends the thread's queued messages (of the tabs open on the thread, exactly one does). */
  readonly draining: ReadonlySignal<boolean>;
  /** Sending waits for the user: `stop()` paused it (until `resume()` or a new message). */
  readonly paused: ReadonlySignal<boolean>;
  /** Drops a message that has not been sent yet (its `sendMessage` resolves `skipped`, `cancelled`), or a failed one. */
  cancel(id: string): void;
  /** Replaces the content of a message not sent yet (`QUEUED_MESSAGE_SENT` once it is being sent). */
  edit(id: string, content: string | readonly ContentPart[]): void;
  /** Moves a message to position `index` of the queue (0: next to go); clamped to the queue's length. */
  move(id: string, index: number): void;
  /** A failed message goes again: asked again for its answer when it was sent, else sent. */
  retry(id: string): void;
  /** Sending goes on after `stop()` paused it. */
  resume(): void;
}

/** What the chat hands its queue, and calls on it. Built by the plug-in when the chat's engine is. */
export interface ChatQueue extends SendQueue {
  /** `sendMessage`: sent now, queued, dropped or sent in place of the run, as the queue's `whenBusy` says. */
  send(message: Message): Promise<TurnResult>;
  /** The queue as stored with the thread (undefined when empty). */
  stored(): readonly StoredQueuedMessage[] | undefined;
  /** The stored thread was read (a hydrate, a thread switch): the queue takes its stored entries. */
  hydrated(): void;
  /** `stop()`: sending pauses. */
  stopped(): void;
  /** `clear()`: every message is dropped (their `sendMessage` resolve `skipped`, `cleared`). */
  clear(): void;
  /** The chat moved to another thread (a switch, or the agent naming a new conversation). */
  moved(renamed: boolean): void;
  dispose(): void;
}

/** What the queue is given by the chat's engine. */
export interface QueueHost {
  readonly parts: ChatParts;
  /** The chat's `connectivity`: the queue waits while offline. */
  readonly connectivity: Connectivity;
  readonly warn: WarningHandler;
  /** The chat's status and error (`ChatClient.status`, `.error`). */
  readonly status: ReadonlySignal<ChatStatus>;
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  /** Another client's run on the thread: another device (the server says), or one this chat follows. */
  readonly elsewhere: ReadonlySignal<boolean>;
  /** Reads the stored thread again (another tab may have written it since) and rejoins its run. */
  rehydrate(): Promise<void>;
  /** Stops the run under way, as `stop()` does but for the queue (whenBusy "interrupt"). */
  interrupt(): void;
  /** The user message goes now, as a turn of its own. */
  deliver(message: Message): Promise<TurnResult>;
  /** Asks again for the answer to user message `messageId` (a failed queued message that was sent). */
  askAgain(messageId: string): Promise<TurnResult>;
}

/** The `queue` option of `new ChatClient`: made by `sendQueue(options)`. */
export interface SendQueuePlugin {
  /** Opens the chat's queue; called once, when the chat's engine is built. */
  readonly open: (host: QueueHost) => ChatQueue;
}

/** The `queue` option, checked (`INVALID_OPTION`): the plug-in, or undefined for none. */
export function queuePlugin(plugin: SendQueuePlugin | undefined): SendQueuePlugin | undefined {
  if (plugin === undefined) return undefined;
  return pluginOption(plugin, "queue", DEV ? "sendQueue({ whenBusy, maxSize, … }) (from @threadline/core), or absent." : "");
}
