import type { MessageNode } from "@threadline/core";
import { checkedMessage, MessageTextNode } from "@threadline/core/model";
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
  const stream = new MessageTextNode(element, checkedMessage(node, "streamText"));
  return {
    update(next) {
      if (next !== stream.node) stream.follow(checkedMessage(next, "streamText"));
    },
    destroy() {
      stream.stop();
    },
  };
}
