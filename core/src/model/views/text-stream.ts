import type { ReadonlySignal } from "@preact/signals-core";
import { TEXT_DELTA_LOG, TextBearingNode, type TextLog } from "../messages/node-base.js";
import type { MessageContent, MessageNode } from "../types.js";
import { contentText } from "../../protocol/content-text.js";

/**
 * Streaming text for views that write the DOM themselves: instead of the whole text on every
 * token (which costs the length of the message), the view learns what was appended.
 */

/** What `subscribeText` calls. `reset` gives the whole text; `append` only what was added to it. */
export interface TextSink {
  /** The text is now exactly `text` (first call, a snapshot, a replacement, or too much at once). */
  reset(text: string): void;
  /** The text is now the previous text followed by `delta`. */
  append(delta: string): void;
}

/**
 * Calls `sink.reset(text)` at once with the message's current text, then, on every change of its
 * `content` signal, `sink.append(delta)` when the change was only appends since the last call (up
 * to 16 deltas folded in one batch are joined), else `sink.reset(text)`. The text is what
 * `messageText` shows: a string as is, content parts' text joined, `""` for none or an activity.
 * O(delta) per token: no string is compared or sliced. Returns the unsubscribe function.
 */
export function subscribeText(node: MessageNode, sink: TextSink): () => void {
  if (node.role === "activity") {
    sink.reset("");
    return () => {};
  }
  const writer = node instanceof TextBearingNode ? (node as TextBearingNode<unknown>) : undefined;
  let first = true;
  let seenWrites = 0;
  // Length of the string last shown, or -1 when it was not a string (parts, undefined).
  let seenLength = -1;
  const signal = node.content as ReadonlySignal<MessageContent | undefined>;
  // Counted before subscribing: every write after the first call below is logged for us.
  const log = writer?.addTextSubscriber();
  const unsubscribe = signal.subscribe((content) => {
    const delta = first || log === undefined ? undefined : appendedSince(log, seenWrites);
    first = false;
    if (log !== undefined) seenWrites = log.writes;
    if (typeof content !== "string") {
      seenLength = content === undefined ? 0 : -1;
      sink.reset(contentText(content));
      return;
    }
    // The length check also catches a write that bypassed the node's bookkeeping.
    if (delta !== undefined && seenLength >= 0 && seenLength + delta.length === content.length) {
      seenLength = content.length;
      sink.append(delta);
      return;
    }
    seenLength = content.length;
    sink.reset(content);
  });
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    unsubscribe();
    writer?.removeTextSubscriber();
  };
}

/**
 * The message's text now, read once and subscribed to nothing: what a server render shows and
 * what a view paints before it subscribes. Reads the content without making its signal, so a
 * view that mounts a thousand finished messages pays no signal, log or effect for this.
 */
export function currentText(node: MessageNode): string {
  if (node.role === "activity") return "";
  const content = node instanceof TextBearingNode ? (node as TextBearingNode<MessageContent | undefined>).peekContent() : node.content.peek();
  return contentText(content as MessageContent | undefined);
}

/** The deltas appended after write `seen`, joined; undefined when anything else was written. */
function appendedSince(log: TextLog, seen: number): string | undefined {
  const count = log.writes - seen;
  if (count < 1 || count > TEXT_DELTA_LOG || log.replacedAt > seen) return undefined;
  const deltas = log.deltas;
  // No ring yet: nothing was appended (every write since was a replacement).
  if (deltas === undefined) return undefined;
  if (count === 1) return deltas[log.writes % TEXT_DELTA_LOG];
  let joined = "";
  for (let write = seen + 1; write <= log.writes; write++) joined += deltas[write % TEXT_DELTA_LOG];
  return joined;
}
