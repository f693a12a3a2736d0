import { type MessageNode } from "@threadline/core";
import { messageTextSignal } from "@threadline/core/model";
import { shallowRef } from "vue";
import { followNode, link, type NodeSource } from "./follow-node.js";
import type { SignalRef } from "./useSignal.js";

const same = <T>(value: T): T => value;

/**
 * The text of one message as a ref: it changes only when this message's text does, so a streamed
 * token re-renders the one component that shows it. Multimodal content shows its text parts
 * joined; a message with no text (an assistant message with tool calls only, an activity) is "".
 * To show streaming text, `<StreamingText>` costs less per token (it appends to the DOM).
 */
export function useMessageText(node: NodeSource<MessageNode>): SignalRef<string> {
  const text = shallowRef("");
  const dispose = followNode(
    node,
    (message, live) => {
      if (message === undefined) {
        text.value = "";
        return [];
      }
      const unsubscribe = link(messageTextSignal(message), text, same, live);
      return unsubscribe === undefined ? [] : [unsubscribe];
    },
    "useMessageText()",
  );
  return Object.assign(text, { dispose });
}
