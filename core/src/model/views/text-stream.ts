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
 * Calls `sink.reset(text)` at once with the message's current text, then, on every change of its
 * `content` signal, `sink.append(delta)` when the change was only appends since the last call (up
 * to 16 deltas folded in one batch are joined), else `sink.reset(text)`. The text is what
 * `messageText` shows: a string as is, content parts' text joined, `""` for none or an activity.
 * O(delta) per token: no string is compared or sliced. Returns the unsubscribe function.
 */
export function subscribeText(node: MessageNode, sink: TextSink): () => void {
  const subscription = new SinkSubscription(sink);
  subscription.follow(node);
  return () => subscription.stop();
}

/**
 * One text subscription, as an object that is its own sink (its methods on the prototype: a
 * thread mounts one per message, and MessageTextNode, which extends it, is one object per
 * element rather than two). Until the content is written it only waits on the node
 * (`TextWaiter`): no signal, effect or log is made for a finished message that never changes
 * again. Fields, not `#` methods: those would stamp every instance with a brand.
 */
export abstract class TextSubscription implements TextWaiter, TextSink {
  /** @internal */
  nextWaiter: TextWaiter | undefined = undefined;
  #node: MessageNode | undefined = undefined;
  #log: TextLog | undefined = undefined;
  #seenWrites = 0;
  /** Length of the string last shown, or -1 when it was not a string (parts, undefined). */
  #seenLength = -1;
  /** Set once subscribed to the signal; `null` once stopped or before the first `follow`. */
  #unsubscribe: (() => void) | undefined | null = null;

  abstract reset(text: string): void;
  abstract append(delta: string): void;

  /** The message followed (undefined before the first `follow`). */
  get node(): MessageNode | undefined {
    return this.#node;
  }

  /**
   * Follows `node` (after stopping the one followed before): `reset` at once with its current
   * text, then `append` or `reset` on every change (see `subscribeText`).
   */
  follow(node: MessageNode): void {
    this.stop();
    this.#node = node;
    this.#log = undefined;
    this.#seenWrites = 0;
    this.#seenLength = -1;
    this.#unsubscribe = undefined;
    if (node.role === "activity") {
      this.#unsubscribe = null;
      this.reset("");
      return;
    }
    if (!(node instanceof TextBearingNode)) {
      // Not a Threadline node: no log, every change resets (the first call included).
      this.subscribeTo(node.content as ReadonlySignal<unknown>, true);
      return;
    }
    this.show((node as TextBearingNode<unknown>).peekContent() as MessageContent | undefined, undefined);
    (node as TextBearingNode<unknown>).waitForText(this);
  }

  /** The content's signal exists now and still holds what was shown: follow its changes. */
  wake(content: Signal<unknown>): void {
    if (this.#unsubscribe !== undefined) return;
    // Counted before subscribing: every write after this is logged for us.
    const log = (this.#log = (this.#node as TextBearingNode<unknown>).addTextSubscriber());
    this.#seenWrites = log.writes;
    this.subscribeTo(content, false);
  }

  /** Follows `content`; its first call (the value now) is shown only when `showNow`. */
  private subscribeTo(content: ReadonlySignal<unknown>, showNow: boolean): void {
    let first = true;
    this.#unsubscribe = content.subscribe((value) => {
      if (first) {
        first = false;
        if (showNow) this.show(value as MessageContent | undefined, undefined);
        return;
      }
      const log = this.#log;
      const delta = log === undefined ? undefined : appendedSince(log, this.#seenWrites);
      if (log !== undefined) this.#seenWrites = log.writes;
      this.show(value as MessageContent | undefined, delta);
    });
  }

  private show(content: MessageContent | undefined, delta: string | undefined): void {
    if (typeof content !== "string") {
      this.#seenLength = content === undefined ? 0 : -1;
      this.reset(contentText(content));
      return;
    }
    // The length check also catches a write that bypassed the node's bookkeeping.
    const seen = this.#seenLength;
    this.#seenLength = content.length;
    if (delta !== undefined && seen >= 0 && seen + delta.length === content.length) this.append(delta);
    else this.reset(content);
  }

  /** Stops following; a no-op when stopped already. */
  stop(): void {
    const unsubscribe = this.#unsubscribe;
    if (unsubscribe === null) return;
    this.#unsubscribe = null;
    const writer = this.#node as TextBearingNode<unknown>;
    if (unsubscribe === undefined) {
      writer.stopWaiting(this);
      return;
    }
    unsubscribe();
    if (this.#log !== undefined) writer.removeTextSubscriber();
  }
}

/** `subscribeText`'s subscription: a sink given by the caller. */
class SinkSubscription extends TextSubscription {
  readonly #sink: TextSink;

  constructor(sink: TextSink) {
    super();
    this.#sink = sink;
  }

  reset(text: string): void {
    this.#sink.reset(text);
  }

  append(delta: string): void {
    this.#sink.append(delta);
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
