import { DEV } from "esm-env";
import { batch } from "@preact/signals-core";
import { canAssign, nodeFromMessage, type MessageNodeImpl } from "../model/messages/message-nodes.js";
import type { ThreadImpl } from "../model/thread.js";
import type { Message } from "../protocol/events.js";
import { messageListProblem } from "../protocol/message-list.js";
import { RunLoopInputError } from "./errors.js";

/**
 * The client's own writes to a thread's messages, outside the fold: a subscriber's mutation,
 * `setMessages` (replacing the state whole is replace-state.ts, which only the engine uses). Each
 * costs O(what it writes) and happens per mutation, never per streamed event. (Ending a run the client stopped, and resetting the
 * conversation, are the thread's own transitions: `endRun`, `reset`.)
 */

/** Throws `INVALID_MESSAGES` naming the first entry that is not an AG-UI message. */
export function checkMessages(value: unknown, where: string): readonly Message[] {
  const problem = messageListProblem(value);
  if (problem !== undefined) throw new RunLoopInputError("INVALID_MESSAGES", DEV ? `${where}: ${problem}.` : "", undefined, problem);
  return value as readonly Message[];
}

/**
 * The thread's messages become exactly `messages`, in that order. A held message with the same id
 * and role keeps its node (its signals take the new values, so views bound to it stay bound);
 * others get new nodes. Unlike MESSAGES_SNAPSHOT, nothing omitted is kept.
 */
export function replaceMessages(thread: ThreadImpl, messages: readonly Message[]): void {
  const next: MessageNodeImpl[] = [];
  const seen = new Set<string>();
  batch(() => {
    for (const message of messages) {
      if (seen.has(message.id)) {
        thread.warn({ code: "DUPLICATE_MESSAGE_ID", message: DEV ? `Message id '${message.id}' appears twice; the first is kept.` : "", event: message });
        continue;
      }
      seen.add(message.id);
      const held = thread.node(message.id);
      if (held !== undefined && canAssign(held, message)) {
        held.assign(message);
        next.push(held);
      } else {
        next.push(nodeFromMessage(message));
      }
    }
    thread.setList(next);
  });
}
