import { DEV } from "esm-env";
import { ChatInputError } from "../../tools/errors.js";
import type { ChatClient } from "../client.js";
import type { SendQueue } from "./queue-plugin.js";

/**
 * The send queue of `chat` (its `queue: sendQueue()` option), for the bindings' `useSendQueue`.
 * Throws `ChatInputError` (`PLUGIN_MISSING`, naming `queue`) for a chat made without it.
 */
export function sendQueueOf(chat: ChatClient): SendQueue {
  const queue = chat.sendQueue;
  if (queue === undefined) {
    throw new ChatInputError("PLUGIN_MISSING", DEV ? "useSendQueue: this chat has no send queue; make it with new ChatClient({ …, queue: sendQueue() })." : "", "queue");
  }
  return queue;
}
