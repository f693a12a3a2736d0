import type { MessageNodeImpl } from "./messages/message-nodes.js";
import type { ThreadImpl } from "./thread.js";

/*
 * The structural writes only streaming makes (a message or activity started by an event, a tool
 * result placed after its call): each writes the list signal once and indexes the node. They sit
 * beside the thread's own writes (thread.ts) because only the fold and the engine's tools call
 * them, loaded with the engine; a page reading a restored thread needs none.
 */

export function appendNode(thread: ThreadImpl, node: MessageNodeImpl): void {
  thread.messagesRevision++;
  // `concat` allocates the new list at its length; a spread grows it on the way (2.5× the bytes).
  thread.list.value = Object.freeze(thread.list.peek().concat(node));
  thread.indexNode(node);
}

export function insertNode(thread: ThreadImpl, position: number, node: MessageNodeImpl): void {
  thread.messagesRevision++;
  const next = thread.list.peek().slice();
  next.splice(position, 0, node);
  thread.list.value = Object.freeze(next);
  thread.indexNode(node);
  if (node.peekSubagentRunId() !== undefined) thread.lanes.resort(node, next);
}

/** Swaps a node for one with the same id and another role; indices are rebuilt. */
export function replaceNode(thread: ThreadImpl, old: MessageNodeImpl, next: MessageNodeImpl): void {
  thread.setList(thread.list.peek().map((node) => (node === old ? next : node)));
}
