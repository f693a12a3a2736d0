import { ToolMessageNodeImpl } from "../model/messages/message-nodes.js";
import { addToolResult } from "../model/tool-calls/tool-result-place.js";
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
 * Writes the client's result for a tool call into the thread, as a tool message in the place
 * TOOL_CALL_RESULT puts one (`addToolResult`, model/tool-calls/tool-result-place.ts). The call's status becomes `succeeded`,
 * or `failed` when `error` is set. Only outside a run: during one the fold is the only writer of
 * the message list, so results that arrive mid-run wait (see the chat client's deferred actions).
 * Returns false, writing nothing, when the call is unknown or already answered. O(thread) once
 * per result.
 */
export function insertToolResult(thread: ThreadImpl, result: ClientToolResult): boolean {
  const call = thread.call(result.toolCallId);
  if (call === undefined || call.result.peek() !== undefined) return false;
  if (thread.node(result.messageId) !== undefined) return false;
  const node = new ToolMessageNodeImpl(result.messageId, result.toolCallId, result.content);
  if (result.error !== undefined) node.error.value = result.error;
  addToolResult(thread, node);
  return true;
}
