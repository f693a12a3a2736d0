import { createSubscriber } from "svelte/reactivity";
import type { Subscriber } from "svelte/store";
import { type AssistantPart, type MessageNode } from "@threadline/core";
import { currentParts, subscribeParts } from "@threadline/core/model";
import type { SignalStore } from "./signal-store.js";

/**
 * One message's parts read both ways, like a `SignalStore`, but over core's `subscribeParts`
 * rather than a parts signal: the guide's Message reads its parts beside its text, and a message
 * whose parts never change (every text-only answer in a thread's history) then keeps no signal,
 * no core subscription and no bridge, only its follower, kept on the node, made when an
 * effect first reads `.current`.
 */
class MessageParts implements SignalStore<readonly AssistantPart[]> {
  readonly #node: MessageNode;
  #track: (() => void) | undefined;

  constructor(node: MessageNode) {
    this.#node = node;
  }

  get current(): readonly AssistantPart[] {
    (this.#track ??= createSubscriber((changed) => subscribeParts(this.#node, changed)))();
    return currentParts(this.#node);
  }

  readonly subscribe = (run: Subscriber<readonly AssistantPart[]>) => {
    const node = this.#node;
    run(currentParts(node));
    return subscribeParts(node, () => run(currentParts(node)));
  };
}

const NO_PARTS: readonly AssistantPart[] = Object.freeze([]);

/** The same node always gives the same view (a WeakMap: a message nobody shows keeps none). */
const views = new WeakMap<MessageNode, MessageParts>();

/** What a message of another role shows: no parts, ever, so nothing to follow. */
const NONE: SignalStore<readonly AssistantPart[]> = Object.freeze({
  current: NO_PARTS,
  subscribe: (run: Subscriber<readonly AssistantPart[]>) => {
    run(NO_PARTS);
    return () => {};
  },
});

/**
 * The parts of an assistant message in arrival order (its text, tool calls, components), at
 * `.current` (or `$parts` as a store). It changes only when a part is added or removed — never
 * per token — so an `{#each}` over it re-runs once per new part. Other roles have no parts (an
 * empty array, followed by nothing).
 */
export function useMessageParts(node: MessageNode): SignalStore<readonly AssistantPart[]> {
  if (node.role !== "assistant") return NONE;
  let parts = views.get(node);
  if (parts === undefined) views.set(node, (parts = new MessageParts(node)));
  return parts;
}
