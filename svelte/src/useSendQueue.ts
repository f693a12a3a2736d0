import { type ChatClient, type QueuedMessage, type SendQueue } from "@threadline/core";
import { sendQueueOf } from "@threadline/core/chat";
import { injectChat } from "./chat-context.js";
import { defineSignalFields, type SignalFields } from "./signal-fields.js";

interface QueueValues {
  /** The waiting messages, first to go first; changes when the queue does, never per token. */
  readonly messages: readonly QueuedMessage[];
  /** The network is thought to be up. */
  readonly online: boolean;
  /** This tab sends the thread's queued messages (one tab does). */
  readonly draining: boolean;
  /** `stop()` paused sending until `resume()` or a new message. */
  readonly paused: boolean;
}

const FIELDS = ["messages", "online", "draining", "paused"] as const;

/** The send queue's fields as runes reads (`queue.messages`), its stores under `stores`, and its actions. */
export type SendQueueFields = SignalFields<QueueValues> & Pick<SendQueue, "cancel" | "edit" | "move" | "retry" | "resume">;

/** The store per field of `useSendQueue().stores`. */
export type SendQueueStores = SendQueueFields["stores"];

/**
 * The chat's send queue (its `queue: sendQueue()` option): `queue.messages` lists what waits (each
 * with its `status` and, when it failed, its `error`), `queue.online`, `queue.draining` and
 * `queue.paused` say where it stands — each a runes read, with a store each under `queue.stores` —
 * and `cancel`, `edit`, `move`, `retry`, `resume` act on it. Takes the chat (a `ChatClient` or what
 * `useChat` returned), or the one an ancestor provided. Throws `ChatInputError` (`PLUGIN_MISSING`)
 * for a chat without a queue.
 */
export function useSendQueue(chat?: ChatClient | { readonly chat: ChatClient }): SendQueueFields {
  const client = chat === undefined ? injectChat().chat : "chat" in chat ? chat.chat : chat;
  const queue = sendQueueOf(client);
  const actions: Pick<SendQueue, "cancel" | "edit" | "move" | "retry" | "resume"> = {
    cancel: (id) => queue.cancel(id),
    edit: (id, content) => queue.edit(id, content),
    move: (id, index) => queue.move(id, index),
    retry: (id) => queue.retry(id),
    resume: () => queue.resume(),
  };
  return defineSignalFields<typeof actions, QueueValues>(actions, FIELDS, (key) => queue[key]);
}
