import { batch } from "@preact/signals-core";
import { ToolMessageNodeImpl } from "../model/message-nodes.js";
import type { ThreadImpl } from "../model/thread.js";
import type { MessageContent } from "../model/types.js";

/** A result the client produced for a tool call. */
export interface ClientToolResult {
  readonly messageId: string;
  readonly toolCallId: string;
  /** A string, or content parts (kept as parts). */
  readonly content: MessageContent;
  /** Set for a failed call: the agent sees it as the tool message's `error`. */
  readonly error?: string;
}

/**
 * Writes the client's result for a tool call into the thread, as a tool message placed right
 * after the call's assistant message (and after that message's earlier results), the same place
 * TOOL_CALL_RESULT puts it. The call's status becomes `done`, or `error` when `error` is set.
 * Only outside a run: during one the fold is the only writer of the message list, so results
 * that arrive mid-run wait (see the chat client's deferred actions). Returns false, writing
 * nothing, when the call is unknown or already answered. O(thread) once per result.
 */
export function insertToolResult(thread: ThreadImpl, result: ClientToolResult): boolean {
  const call = thread.call(result.toolCallId);
  if (call === undefined || call.result.peek() !== undefined) return false;
  if (thread.node(result.messageId) !== undefined) return false;
  const node = new ToolMessageNodeImpl(result.messageId, result.toolCallId, result.content);
  if (result.error !== undefined) node.error.value = result.error;
  const owner = thread.node(call.messageId);
  batch(() => {
    if (owner === undefined) {
      thread.append(node);
      return;
    }
    const list = thread.list.peek();
    let position = list.indexOf(owner) + 1;
    while (position < list.length && list[position]!.role === "tool") position++;
    thread.insertAt(position, node);
  });
  return true;
}
