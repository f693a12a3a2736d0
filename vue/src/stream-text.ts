import type { MessageNode } from "@threadline/core";
import { checkedMessage, MessageTextNode } from "@threadline/core/model";
import { toRaw, type ObjectDirective } from "vue";

/** What the directive keeps per element: the Text node following the message. */
const streams = new WeakMap<HTMLElement, MessageTextNode>();

function attach(element: HTMLElement, node: MessageNode): void {
  streams.set(element, new MessageTextNode(element, checkedMessage(node, "v-stream-text")));
}

function detach(element: HTMLElement): void {
  streams.get(element)?.stop();
  streams.delete(element);
}

/**
 * Streaming text outside Vue's render, the directive twin of Svelte's `streamText` action: the
 * element's content becomes one Text node that each token extends with `appendData(delta)`, so a
 * token costs its own length and re-renders no component. `<p v-stream-text="node"></p>` (register
 * it as `vStreamText` in `<script setup>`). A new node, or a re-render of the element that
 * replaced its content, takes the element over again. Directives do not run on the server: there
 * use `<StreamingText :node>`, which renders the text so far and uses this directive in the browser.
 */
export const streamText: ObjectDirective<HTMLElement, MessageNode> = {
  // Before the element is inserted: its Text node goes into a detached element, which costs the
  // DOM less than one already in the document (a list mounts a thousand).
  beforeMount(element, { value }) {
    attach(element, toRaw(value));
  },
  updated(element, binding) {
    const value = toRaw(binding.value);
    const stream = streams.get(element);
    if (stream !== undefined && stream.node === value && stream.shownIn(element)) return;
    detach(element);
    attach(element, value);
  },
  beforeUnmount(element) {
    detach(element);
  },
};
