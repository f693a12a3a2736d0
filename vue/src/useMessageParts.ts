import { type AssistantPart, type MessageNode } from "@threadline/core";
import { messagePartsSignal } from "@threadline/core/model";
import type { NodeSource } from "./follow-node.js";
import { followView, type SignalRef } from "./useSignal.js";

const NO_PARTS: readonly AssistantPart[] = Object.freeze([]);

/**
 * The parts of an assistant message in arrival order (its text, tool calls, components) as a ref.
 * It changes only when a part is added or removed — never per token — so a `v-for` over it
 * re-runs once per new part. Other roles have no parts (an empty array).
 */
export function useMessageParts(node: NodeSource<MessageNode>): SignalRef<readonly AssistantPart[]> {
  // Only an assistant message has parts: the others' (constant, empty) list is not subscribed.
  return followView(node, (message) => (message.role === "assistant" ? messagePartsSignal(message) : undefined), NO_PARTS, "useMessageParts()");
}
