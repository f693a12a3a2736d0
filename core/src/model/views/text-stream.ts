import type { ReadonlySignal, Signal } from "@preact/signals-core";
import { TEXT_DELTA_LOG, TextBearingNode, type TextLog, type TextWaiter } from "../messages/node-base.js";
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
 * Calls `sink.reset(text)` at once with the message's current text, then, on every change,
 * `sink.append(delta)` when the change was only an append, else `sink.reset(text)`. While nothing
 * has read the message's `content` signal (a page that only shows the text through this), the
 * node hands each write over as it lands: a token is one call, with no signal or effect. Once the
 * signal exists, changes arrive once per batch (up to 16 deltas folded in one batch are joined).
 * The text is what `messageText` shows: a string as is, content parts' text joined, `""` for none
 * or an activity. O(delta) per token: no string is compared or sliced. Returns the unsubscribe
 * function.
 */
export function subscribeText(node: MessageNode, sink: TextSink): () => void {
  const subscription = new TextSubscription(node, sink);
  return () => subscription.stop();
}

/**
 * One `subscribeText`, as an object (its methods on the prototype: a thread mounts one per
 * message). While the content has no signal it hears the node's writes directly (`TextWaiter`):
 * no signal, effect or log is made, for a finished message that never changes again or for a
 * streamed token.
 */
export class TextSubscription implements TextWaiter {
  /** @internal */
  nextWaiter: TextWaiter | undefined = undefined;
  readonly #sink: TextSink;
  /** The node when it keeps a log of its writes (a Threadline node), else undefined. */
  #writer: TextBearingNode<unknown> | undefined;
  #log: TextLog | undefined = undefined;
  #seenWrites = 0;
  /** Length of the string last shown, or -1 when it was not a string (parts, undefined). */
  #seenLength = -1;
  /** Set once subscribed to the signal; `null` once stopped. */
  #unsubscribe: (() => void) | undefined | null = undefined;

  constructor(node: MessageNode, sink: TextSink) {
    this.#sink = sink;
    if (node.role === "activity") {
      this.#writer = undefined;
      this.#unsubscribe = null;
      sink.reset("");
      return;
    }
    const writer = node instanceof TextBearingNode ? (node as TextBearingNode<unknown>) : undefined;
    this.#writer = writer;
    if (writer === undefined) {
      // Not a Threadline node: no log, every change resets (the first call included).
      this.#subscribe(node.content as ReadonlySignal<unknown>, true);
      return;
    }
    this.#show(writer.peekContent() as MessageContent | undefined, undefined);
    writer.waitForText(this);
  }

  /** The content's signal exists now: follow its changes. */
  wake(content: Signal<unknown>): void {
    if (this.#unsubscribe !== undefined) return;
    // Counted before subscribing: every write after this is logged for us.
    const log = (this.#log = this.#writer!.addTextSubscriber());
    this.#seenWrites = log.writes;
    // Made while another waiter was being told of a write, this one may not have been told yet
    // (for text other than a string, shown again to be sure).
    const now = content.peek() as MessageContent | undefined;
    if (typeof now !== "string" || now.length !== this.#seenLength) this.#show(now, undefined);
    this.#subscribe(content, false);
  }

  appended(delta: string): void {
    if (this.#unsubscribe === undefined) this.#show(this.#writer!.peekContent() as MessageContent | undefined, delta);
  }

  replaced(): void {
    if (this.#unsubscribe === undefined) this.#show(this.#writer!.peekContent() as MessageContent | undefined, undefined);
  }

  /** Follows `content`; its first call (the value now) is shown only when `showNow`. */
  #subscribe(content: ReadonlySignal<unknown>, showNow: boolean): void {
    let first = true;
    this.#unsubscribe = content.subscribe((value) => {
      if (first) {
        first = false;
        if (showNow) this.#show(value as MessageContent | undefined, undefined);
        return;
      }
      const log = this.#log;
      const delta = log === undefined ? undefined : appendedSince(log, this.#seenWrites);
      if (log !== undefined) this.#seenWrites = log.writes;
      this.#show(value as MessageContent | undefined, delta);
    });
  }

  #show(content: MessageContent | undefined, delta: string | undefined): void {
    const sink = this.#sink;
    if (typeof content !== "string") {
      this.#seenLength = content === undefined ? 0 : -1;
      sink.reset(contentText(content));
      return;
    }
    // The length check also catches a write that bypassed the node's bookkeeping.
    const seen = this.#seenLength;
    this.#seenLength = content.length;
    if (delta !== undefined && seen >= 0 && seen + delta.length === content.length) sink.append(delta);
    else sink.reset(content);
  }

  stop(): void {
    const unsubscribe = this.#unsubscribe;
    if (unsubscribe === null) return;
    this.#unsubscribe = null;
    if (unsubscribe === undefined) {
      this.#writer!.stopWaiting(this);
      return;
    }
    unsubscribe();
    if (this.#log !== undefined) this.#writer!.removeTextSubscriber();
  }
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
