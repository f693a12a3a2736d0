import { Signal } from "@preact/signals-core";
import { STREAMING, tellWaiters, type TextBearingNode } from "./node-base.js";

// The writes only streaming makes to a message node (the fold's, fold/text.ts; a cut-off run's,
// fold/run-bookkeeping.ts): a module of their own, loaded with the engine, so a page that shows a
// thread before anything streams does not carry them. Whole writes stay the node's (`assign`).

/**
 * The fold's text append: the text so far (none, or content parts, count as "") plus `delta`,
 * through the signal when there is one — one look at the slot: through peekSlot and writeSlot,
 * which every lazy field shares, a token cost ~360 instructions more — else in place, handing
 * `delta` to the waiting text subscribers. Returns what the content held before, for the delta log.
 */
export function appendContent(node: TextBearingNode<unknown>, delta: string): unknown {
  const slot = node.contentSlot;
  if (slot instanceof Signal) {
    const before = (slot as Signal<unknown>).peek();
    (slot as Signal<unknown>).value = (typeof before === "string" ? before : "") + delta;
    return before;
  }
  node.contentSlot = (typeof slot === "string" ? slot : "") + delta;
  const waiting = node.rare?.textWaiting;
  if (waiting !== undefined) tellWaiters(waiting, delta);
  return slot;
}

/** A message starts or stops streaming: a bit until a view reads `streaming`, then its signal. */
export function setStreaming(node: TextBearingNode<unknown>, value: boolean): void {
  const made = node.rare?.streaming;
  if (made !== undefined) made.value = value;
  else node.flags = value ? node.flags | STREAMING : node.flags & ~STREAMING;
}
