import { TextSubscription } from "./text-stream.js";
import type { MessageNode } from "../types.js";

const TEXT_NODE = 3;

/**
 * A message's text as one DOM Text node inside `element`, following it: each token extends the
 * node with `appendData(delta)` (O(delta), no re-render), a snapshot or replacement sets its
 * `data`. What both bindings' `streamText` (Svelte action, Vue directive) and `<StreamingText>`
 * run. One object per element, the subscription included (it extends it), its methods on the
 * prototype and none of them `#` (a brand per instance): a thread mounts one per message.
 *
 * The Text node the framework already rendered there (the element's only child: the text as it
 * was at render, or server-rendered text being hydrated) is taken over rather than replaced, so a
 * mount writes no DOM beyond what the framework wrote; anything else in the element gives way to
 * a new Text node. An empty element (what the directive and the action are usually put on) gets
 * its text as `textContent`, and the Text node that makes is looked up only when the text is
 * next written: most mounted messages never are, and a script reference to a DOM node is a
 * wrapper object the browser makes, and every garbage collection then traces, for each of them.
 */
export class MessageTextNode extends TextSubscription {
  readonly #element: HTMLElement;
  /** The Text node written to; undefined while an element that was empty shows `#given`. */
  #text: Text | undefined;
  /**
   * While `#text` is undefined: the text given to the empty element (whose only child then is the
   * Text node `textContent` made, or nothing for ""), or undefined before the first reset.
   */
  #given: string | undefined = undefined;
  /** An adopted Text node not compared yet with the text to show (its `data` is read once to tell). */
  #unchecked = false;

  constructor(element: HTMLElement, node: MessageNode) {
    super();
    this.#element = element;
    // hasChildNodes, not firstChild: reading a child makes its wrapper.
    if (element.hasChildNodes()) {
      const only = element.firstChild!;
      if (only === element.lastChild && only.nodeType === TEXT_NODE) {
        this.#text = only as Text;
        this.#unchecked = true;
      } else {
        // Emptied: the first reset gives it the text, as to an element that was empty.
        element.replaceChildren();
      }
    }
    // Its first call, now, is a reset with the text so far: that is what the element gets.
    this.follow(node);
  }

  /** The Text node the text is in (made now when the element's text is empty and has none). */
  get text(): Text {
    return this.#text ?? this.givenNode() ?? this.make(this.#given ?? "");
  }

  /** The message followed now. */
  override get node(): MessageNode {
    return super.node!;
  }

  /** Whether `element` still shows this Text node alone (a re-render may have replaced it). */
  shownIn(element: HTMLElement): boolean {
    let text = this.#text;
    if (text === undefined) {
      if (element !== this.#element) return false;
      const given = this.#given ?? "";
      if (given === "") return !element.hasChildNodes();
      const only = element.firstChild;
      // What textContent made, unless a re-render replaced it with other text.
      if (only === null || only !== element.lastChild || only.nodeType !== TEXT_NODE || (only as Text).data !== given) return false;
      text = this.adopt(only as Text);
    }
    return element.firstChild === text && element.lastChild === text;
  }

  /** Follows another message in the same Text node (a no-op for the one followed now). */
  override follow(node: MessageNode): void {
    if (node !== super.node) super.follow(node);
  }

  reset(value: string): void {
    const text = this.#text;
    if (text === undefined) {
      const given = this.#given;
      if (given === undefined) {
        // The first reset of an element that was empty: one DOM write, no wrapper.
        if (value !== "") this.#element.textContent = value;
        this.#given = value;
        return;
      }
      if (given === value) return;
      const shown = this.givenNode();
      if (shown !== undefined) shown.data = value;
      else this.make(value);
      return;
    }
    if (this.#unchecked) {
      this.#unchecked = false;
      // Reading `data` copies it, but costs less than a write, which would also dirty the layout.
      if (text.data === value) return;
    }
    text.data = value;
  }

  append(delta: string): void {
    const text = this.#text ?? this.givenNode();
    if (text !== undefined) text.appendData(delta);
    else this.make((this.#given ?? "") + delta);
  }

  /** The Text node `textContent` made for `#given` (none for ""), now taken as this one's. */
  private givenNode(): Text | undefined {
    if (this.#given === undefined || this.#given === "") return undefined;
    const element = this.#element;
    const only = element.firstChild;
    return only !== null && only === element.lastChild && only.nodeType === TEXT_NODE ? this.adopt(only as Text) : undefined;
  }

  /** A Text node of its own holding `data`, in place of whatever the element holds. */
  private make(data: string): Text {
    const element = this.#element;
    const text = element.ownerDocument.createTextNode(data);
    if (element.hasChildNodes()) element.replaceChildren(text);
    else element.appendChild(text);
    return this.adopt(text);
  }

  private adopt(text: Text): Text {
    this.#text = text;
    this.#given = undefined;
    return text;
  }
}
