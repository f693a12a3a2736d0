import { type AssistantPart, type MessageNode } from "@threadline/core";
import { messagePartsSignal } from "@threadline/core/model";
import { storeOf, type SignalStore } from "./signal-store.js";

/**
 * The parts of an assistant message in arrival order (its text, tool calls, components), at
 * `.current` (or `$parts` as a store). It changes only when a part is added or removed — never
 * per token — so an `{#each}` over it re-runs once per new part. Other roles have no parts (an empty array).
 */
export function useMessageParts(node: MessageNode): SignalStore<readonly AssistantPart[]> {
  return storeOf(messagePartsSignal(node));
}
