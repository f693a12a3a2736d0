import { currentText, TextSubscription, type TextSink } from "./text-stream.js";
import type { MessageNode } from "../types.js";

const TEXT_NODE = 3;

/**
 * A message's text as one DOM Text node inside `element`, following it: each token extends the
 * node with `appendData(delta)` (O(delta), no re-render), a snapshot or replacement sets its
 * `data`. What both bindings' `streamText` (Svelte action, Vue directive) and `<StreamingText>`
 * run. One object per element, its sink methods on the prototype: a thread mounts one per message.
 *
 * The Text node the framework already rendered there (the element's only child: the text as it
 * was at render, or server-rendered text being hydrated) is taken over rather than replaced, so a
 * mount writes no DOM beyond what the framework wrote; an empty element (what the directive and
 * the action are usually put on) gets a Text node made with the text, appended; anything else in
 * the element gives way to a new Text node.
 */
export class MessageTextNode implements TextSink {
  readonly text: Text;
  #node: MessageNode;
  #subscription: TextSubscription;
  /**
   * Until the first reset: the text the node was made with, or `null` for an adopted node, which
   * may already show exactly that text (its `data` is read to tell).
   */
  #first: string | null | undefined;

  constructor(element: HTMLElement, node: MessageNode) {
    const only = element.firstChild;
    if (only !== null && only === element.lastChild && only.nodeType === TEXT_NODE) {
      this.text = only as Text;
      this.#first = null;
    } else {
      const text = currentText(node);
      this.text = element.ownerDocument.createTextNode(text);
      this.#first = text;
      // appendChild is the cheap path; replaceChildren only when there is something to replace.
      if (only === null) element.appendChild(this.text);
      else element.replaceChildren(this.text);
    }
    this.#node = node;
    this.#subscription = new TextSubscription(node, this);
  }

  /** The message followed now. */
  get node(): MessageNode {
    return this.#node;
  }

  /** Whether `element` still shows this Text node alone (a re-render may have replaced it). */
  shownIn(element: HTMLElement): boolean {
    return element.firstChild === this.text && element.lastChild === this.text;
  }

  /** Follows another message in the same Text node (a no-op for the one followed now). */
  follow(node: MessageNode): void {
    if (node === this.#node) return;
    this.#subscription.stop();
    this.#node = node;
    this.#subscription = new TextSubscription(node, this);
  }

  /** Stops following; the Text node keeps the text it shows. */
  stop(): void {
    this.#subscription.stop();
  }

  reset(value: string): void {
    const first = this.#first;
    if (first !== undefined) {
      this.#first = undefined;
      // Reading `data` copies it, but costs less than a write, which would also dirty the layout.
      if ((first === null ? this.text.data : first) === value) return;
    }
    this.text.data = value;
  }

  append(delta: string): void {
    this.text.appendData(delta);
  }
}
