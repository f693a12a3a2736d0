import { type AssistantPart, type MessageNode } from "@threadline/core";
import { messagePartsSignal } from "@threadline/core/model";
import { shallowRef } from "vue";
import { followNode, link, type NodeSource } from "./follow-node.js";
import type { SignalRef } from "./useSignal.js";

const NO_PARTS: readonly AssistantPart[] = Object.freeze([]);
const same = <T>(value: T): T => value;

/**
 * The parts of an assistant message in arrival order (its text, tool calls, components) as a ref.
 * It changes only when a part is added or removed — never per token — so a `v-for` over it
 * re-runs once per new part. Other roles have no parts (an empty array).
 */
export function useMessageParts(node: NodeSource<MessageNode>): SignalRef<readonly AssistantPart[]> {
  const parts = shallowRef<readonly AssistantPart[]>(NO_PARTS);
  const dispose = followNode(
    node,
    (message, live) => {
      // Only an assistant message has parts: the others' (constant, empty) list is not subscribed.
      if (message === undefined || message.role !== "assistant") {
        parts.value = NO_PARTS;
        return [];
      }
      const unsubscribe = link(messagePartsSignal(message), parts, same, live);
      return unsubscribe === undefined ? [] : [unsubscribe];
    },
    "useMessageParts()",
  );
  return Object.assign(parts, { dispose });
}
