import { ChatClient, type QueuedMessage, type SendQueue } from "@threadline/core";
import { sendQueueOf } from "@threadline/core/chat";
import type { Ref } from "vue";
import { injectChat } from "./chat-context.js";
import type { Disposable } from "./node-fields.js";
import { followView, type SignalRef } from "./useSignal.js";

/** The send queue as refs, and what the user can do with its messages. */
export interface SendQueueRefs extends Pick<SendQueue, "cancel" | "edit" | "move" | "retry" | "resume">, Disposable {
  /** The waiting messages, first to go first; changes when the queue does, never per token. */
  readonly messages: SignalRef<readonly QueuedMessage[]>;
  /** The network is thought to be up. */
  readonly online: SignalRef<boolean>;
  /** This tab sends the thread's queued messages (one tab does). */
  readonly draining: SignalRef<boolean>;
  /** `stop()` paused sending until `resume()` or a new message. */
  readonly paused: SignalRef<boolean>;
}

const NONE: readonly QueuedMessage[] = Object.freeze([]);

/**
 * The chat's send queue (its `queue: sendQueue()` option) as refs: `messages` lists what waits
 * (each with its `status` and, when it failed, its `error`), and `cancel`, `edit`, `move`, `retry`,
 * `resume` act on it. Takes the chat (a `ChatClient` or what `useChat` returned: a re-keyed chat's
 * queue is followed), or the one an ancestor provided. Throws `ChatInputError` (`PLUGIN_MISSING`)
 * for a chat without a queue. The refs live as long as the current effect scope.
 */
export function useSendQueue(chat?: ChatClient | { readonly chat: Readonly<Ref<ChatClient>> }): SendQueueRefs {
  const given = chat ?? injectChat();
  const current = (): SendQueue => sendQueueOf(given instanceof ChatClient ? given : given.chat.value);
  current();
  const messages = followView(current, (queue) => queue.messages, NONE, "useSendQueue()");
  const online = followView(current, (queue) => queue.online, true, "useSendQueue()");
  const draining = followView(current, (queue) => queue.draining, false, "useSendQueue()");
  const paused = followView(current, (queue) => queue.paused, false, "useSendQueue()");
  return {
    messages,
    online,
    draining,
    paused,
    cancel: (id) => current().cancel(id),
    edit: (id, content) => current().edit(id, content),
    move: (id, index) => current().move(id, index),
    retry: (id) => current().retry(id),
    resume: () => current().resume(),
    dispose: () => {
      messages.dispose();
      online.dispose();
      draining.dispose();
      paused.dispose();
    },
  };
}
