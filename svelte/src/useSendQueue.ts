import { type ChatClient, type QueuedMessage, type SendQueue } from "@threadline/core";
import { sendQueueOf } from "@threadline/core/chat";
import type { Readable } from "svelte/store";
import { injectChat } from "./chat-context.js";
import { storeOf } from "./signal-store.js";

/** The send queue as Svelte stores, and what the user can do with its messages. */
export interface SendQueueStores extends Pick<SendQueue, "cancel" | "edit" | "move" | "retry" | "resume"> {
  /** The waiting messages, first to go first; changes when the queue does, never per token. */
  readonly messages: Readable<readonly QueuedMessage[]>;
  /** The network is thought to be up. */
  readonly online: Readable<boolean>;
  /** This tab sends the thread's queued messages (one tab does). */
  readonly draining: Readable<boolean>;
  /** `stop()` paused sending until `resume()` or a new message. */
  readonly paused: Readable<boolean>;
}

/**
 * The chat's send queue (its `queue: sendQueue()` option) as stores: `$messages` lists what waits
 * (each with its `status` and, when it failed, its `error`), and `cancel`, `edit`, `move`, `retry`,
 * `resume` act on it. Takes the chat (a `ChatClient` or what `useChat` returned), or the one an
 * ancestor provided. Throws `ChatInputError` (`PLUGIN_MISSING`) for a chat without a queue.
 */
export function useSendQueue(chat?: ChatClient | { readonly chat: ChatClient }): SendQueueStores {
  const client = chat === undefined ? injectChat().chat : "chat" in chat ? chat.chat : chat;
  const queue = sendQueueOf(client);
  return {
    messages: storeOf(queue.messages),
    online: storeOf(queue.online),
    draining: storeOf(queue.draining),
    paused: storeOf(queue.paused),
    cancel: (id) => queue.cancel(id),
    edit: (id, content) => queue.edit(id, content),
    move: (id, index) => queue.move(id, index),
    retry: (id) => queue.retry(id),
    resume: () => queue.resume(),
  };
}
