import { checkedMessage, subscribeText, type MessageNode } from "@threadline/core";
import type { ActionReturn } from "svelte/action";

/**
 * Streaming text outside Svelte's render: the element's content becomes one Text node that each
 * token extends with `appendData(delta)`, so a token costs its own length, not the message's, and
 * no component re-renders. A snapshot or a replaced text sets the node's `data` at once.
 *
 * `<p use:streamText={node}></p>` — or, in Svelte 5.29+, `{@attach fromAction(streamText, () => node)}`.
 * Actions do not run on the server: for server rendering use `<StreamingText {node} />`.
 */
export function streamText(element: HTMLElement, node: MessageNode): ActionReturn<MessageNode> {
  const text = element.ownerDocument.createTextNode("");
  // Whatever the element held (server-rendered text being hydrated) gives way to our node.
  element.replaceChildren(text);
  const sink = {
    reset: (value: string) => {
      text.data = value;
    },
    append: (delta: string) => {
      text.appendData(delta);
    },
  };
  let current = node;
  let stop = subscribeText(checkedMessage(node, "streamText"), sink);
  return {
    update(next) {
      if (next === current) return;
      stop();
      current = next;
      stop = subscribeText(checkedMessage(next, "streamText"), sink);
    },
    destroy() {
      stop();
    },
  };
}
