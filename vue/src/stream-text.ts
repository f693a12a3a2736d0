import { DEV } from "esm-env";
import type { MessageNode } from "@threadline/core";
import { checkedMessage, currentText, MessageTextNode } from "@threadline/core/model";
import { toRaw, type ObjectDirective } from "vue";

/**
 * What the directive keeps on its element: the Text node following the message. A symbol-keyed
 * property, as Vue's own directives keep theirs, rather than a WeakMap entry per element, which
 * the garbage collector has to treat as an ephemeron.
 */
// Its description is for reading the element in development tools.
const STREAM = Symbol(DEV ? "threadline.streamText" : undefined);
type Streaming = HTMLElement & { [STREAM]?: MessageTextNode | undefined };

function attach(element: Streaming, node: MessageNode): void {
  element[STREAM] = new MessageTextNode(element, checkedMessage(node, "v-stream-text"));
}

function detach(element: Streaming): void {
  element[STREAM]?.stop();
  element[STREAM] = undefined;
}

/**
 * Streaming text outside Vue's render, the directive twin of Svelte's `streamText` action: the
 * element's content becomes one Text node that each token extends with `appendData(delta)`, so a
 * token costs its own length and re-renders no component. `<p v-stream-text="node"></p>` (register
 * it as `vStreamText` in `<script setup>`): the Message pattern of docs/guide/vue.md, no component
 * of its own. On the server it gives the element the text so far (`getSSRProps`, as `textContent`:
 * escaped, subscribing nothing), and hydration takes that Text node over. A new node, or a
 * re-render of the element that replaced its content, takes the element over again.
 */
export const streamText: ObjectDirective<HTMLElement, MessageNode> = {
  // Before the element is inserted: its Text node goes into a detached element, which costs the
  // DOM less than one already in the document (a list mounts a thousand).
  beforeMount(element, { value }) {
    attach(element, toRaw(value));
  },
  updated(element, binding) {
    const value = toRaw(binding.value);
    const stream = (element as Streaming)[STREAM];
    if (stream !== undefined && stream.node === value && stream.shownIn(element)) return;
    detach(element);
    attach(element, value);
  },
  beforeUnmount(element) {
    detach(element);
  },
  // Vue's server renderer, compiled templates and render functions alike, writes `textContent` as
  // the element's (escaped) content, and the element must have no children of its own.
  getSSRProps({ value }) {
    return { textContent: currentText(checkedMessage(toRaw(value), "v-stream-text")) };
  },
};
