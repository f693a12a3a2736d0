import { DEV } from "esm-env";
import type { ThreadImpl } from "../model/thread.js";
import { ChatInputError } from "../tools/errors.js";

/**
 * Where the chat forks the conversation tree (see the model's `MessageTree`): an edit forks at
 * the edited user message (turns/edit-start.ts: only a running turn asks), a regeneration right
 * after the user message the answer replies to. Each lookup is O(path), once per user action.
 */

/** The active-path position of `messageId`, or -1. */
export function positionOf(thread: ThreadImpl, messageId: string): number {
  const node = thread.node(messageId);
  return node === undefined ? -1 : thread.list.peek().indexOf(node);
}

/**
 * Where the answer to regenerate starts: after the user message `messageId` belongs to (an
 * answer's message: the nearest user message before it; a user message: itself), or after the
 * last user message. Undefined when there is no such user message on the active path.
 */
export function answerStart(thread: ThreadImpl, messageId: string | undefined): number | undefined {
  const list = thread.list.peek();
  let at = messageId === undefined ? list.length - 1 : positionOf(thread, messageId);
  if (at === -1) return undefined;
  while (at >= 0 && list[at]!.role !== "user") at--;
  return at < 0 ? undefined : at + 1;
}

/** `editMessage(id, …)`: throws `MESSAGE_NOT_ON_PATH` unless `id` is a user message on the active path. */
export function checkEditable(thread: ThreadImpl, messageId: unknown): asserts messageId is string {
  if (typeof messageId !== "string" || messageId === "") throw new ChatInputError("INVALID_ARGUMENT", DEV ? "editMessage needs the id of a user message." : "", "messageId");
  const node = thread.node(messageId);
  if (node === undefined) throw new ChatInputError("MESSAGE_NOT_ON_PATH", DEV ? `editMessage: message '${messageId}' is not in the conversation shown (the active branch).` : "", "messageId", messageId);
  if (node.role !== "user") throw new ChatInputError("MESSAGE_NOT_ON_PATH", DEV ? `editMessage: message '${messageId}' is a ${node.role} message; only user messages can be edited.` : "", "messageId", messageId);
}

/** `regenerate(id)`: throws `MESSAGE_NOT_ON_PATH` unless `id` is on the active path after a user message. */
export function checkRegenerable(thread: ThreadImpl, messageId: unknown): asserts messageId is string | undefined {
  if (messageId === undefined) return;
  if (typeof messageId !== "string" || messageId === "") throw new ChatInputError("INVALID_ARGUMENT", DEV ? "regenerate(messageId) needs a message id, or no argument for the last answer." : "", "messageId");
  if (thread.node(messageId) === undefined) {
    throw new ChatInputError("MESSAGE_NOT_ON_PATH", DEV ? `regenerate: message '${messageId}' is not in the conversation shown (the active branch).` : "", "messageId", messageId);
  }
  if (answerStart(thread, messageId) === undefined) {
    throw new ChatInputError("MESSAGE_NOT_ON_PATH", DEV ? `regenerate: message '${messageId}' answers no user message, so there is nothing to ask again.` : "", "messageId", messageId);
  }
}

/** `switchBranch(id, index)`: throws `NOT_A_BRANCH` unless `index` is one of `id`'s alternatives. */
export function checkSwitch(thread: ThreadImpl, messageId: unknown, index: unknown): asserts messageId is string {
  if (typeof messageId !== "string" || messageId === "") throw new ChatInputError("INVALID_ARGUMENT", DEV ? "switchBranch needs a message id." : "", "messageId");
  const branches = thread.branches(messageId);
  if (branches === undefined) throw new ChatInputError("MESSAGE_NOT_ON_PATH", DEV ? `switchBranch: message '${messageId}' is not in the conversation shown (the active branch).` : "", "messageId", messageId);
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= branches.count) {
    throw new ChatInputError(
      "NOT_A_BRANCH",
      DEV ? `switchBranch: message '${messageId}' has ${branches.count} alternative${branches.count === 1 ? "" : "s"} (0…${branches.count - 1}), got index ${String(index)}.` : "",
      "index",
    );
  }
}
