import { batch } from "@preact/signals-core";
import type { ToolMessageNodeImpl } from "../messages/message-nodes.js";
import type { ThreadImpl } from "../thread.js";
import { appendNode, insertNode } from "../streamed-nodes.js";

/**
 * A tool message answering a call joins `thread` right after the call's assistant message and
 * that message's earlier results (TOOL_CALL_RESULT's place, and the client's results'). Returns
 * false when the call or its message is not in the thread: the message is then appended at the
 * end. O(thread) once per result. Only the fold and the client's tools add results, both loaded
 * with the engine: a file of its own.
 */
export function addToolResult(thread: ThreadImpl, node: ToolMessageNodeImpl): boolean {
  const call = thread.call(node.toolCallId);
  const owner = call === undefined ? undefined : thread.node(call.messageId);
  // One update: the list, and the call the result settles.
  return batch(() => {
    if (owner === undefined) {
      appendNode(thread, node);
      return false;
    }
    const list = thread.list.peek();
    let position = list.indexOf(owner) + 1;
    while (position < list.length && list[position]!.role === "tool") position++;
    insertNode(thread, position, node);
    return true;
  });
}
