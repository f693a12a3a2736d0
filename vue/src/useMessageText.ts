import { type MessageNode } from "@threadline/core";
import { messageTextSignal } from "@threadline/core/model";
import type { NodeSource } from "./follow-node.js";
import { followView, type SignalRef } from "./useSignal.js";

/**
 * The text of one message as a ref: it changes only when this message's text does, so a streamed
 * token re-renders the one component that shows it. Multimodal content shows its text parts
 * joined; a message with no text (an assistant message with tool calls only, an activity) is "".
 * To show streaming text, `<StreamingText>` costs less per token (it appends to the DOM).
 */
export function useMessageText(node: NodeSource<MessageNode>): SignalRef<string> {
  return followView(node, messageTextSignal, "", "useMessageText()");
}
