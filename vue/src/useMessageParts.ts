import { type AssistantPart, type MessageNode } from "@threadline/core";
import { currentParts, subscribeParts } from "@threadline/core/model";
import { shallowRef, toRaw, toValue, triggerRef, type ShallowRef } from "vue";
import type { NodeSource } from "./follow-node.js";
import { isServerRendering, releaseWithScope } from "./scope.js";
import type { SignalRef } from "./useSignal.js";

const NO_PARTS: readonly AssistantPart[] = Object.freeze([]);

/**
 * The ref `useMessageParts` returns: Vue's ref protocol (`__v_isRef`, read by templates, `unref`,
 * `watch`, `toValue`) over one object, because every Message of a long thread makes one. Its
 * only Vue state is `changed`, a ref whose value is never used: reading `value` tracks it and a
 * change of parts triggers it. The node is read from the source when `value` is read (the
 * effect reading it then also depends on what the source reads, `props.node`, and reads again
 * when that changes), so there is no watcher; the parts are heard through core's
 * `subscribeParts`: one follower kept on the node, nothing for another role.
 */
class MessagePartsRef {
  readonly #source: NodeSource<MessageNode>;
  readonly #server: boolean;
  readonly #changed = shallowRef();
  // `null` until first read: `undefined` is a source yielding no message.
  #followed: MessageNode | undefined | null = null;
  #parts = NO_PARTS;
  #stop: (() => void) | undefined;
  #disposed = false;

  // Vue's ref markers, getters on the prototype: no field per message. Shallow: `watch(parts)`
  // compares the arrays, never walks them.
  get __v_isRef(): true {
    return true;
  }

  get __v_isShallow(): true {
    return true;
  }

  constructor(source: NodeSource<MessageNode>, server: boolean) {
    this.#source = source;
    this.#server = server;
  }

  get value(): readonly AssistantPart[] {
    this.#changed.value; // tracked
    const message = (toRaw(toValue(this.#source)) ?? undefined) as MessageNode | undefined;
    if (message !== this.#followed) this.#follow(message);
    return this.#parts;
  }

  // Read-only, as the customRef it replaces: a write (`reactive({ parts })` set, say) is ignored.
  set value(_ignored: readonly AssistantPart[]) {}

  #follow(message: MessageNode | undefined): void {
    this.#stop?.();
    this.#stop = undefined;
    this.#followed = message;
    this.#parts = message === undefined ? NO_PARTS : currentParts(message);
    if (message !== undefined && !this.#server && !this.#disposed)
      this.#stop = subscribeParts(message, () => {
        this.#parts = currentParts(message);
        triggerRef(this.#changed);
      });
  }

  dispose(): void {
    this.#disposed = true;
    this.#stop?.();
    this.#stop = undefined;
  }
}

/**
 * The parts of an assistant message in arrival order (its text, tool calls, components) as a ref.
 * It changes only when a part is added or removed — never per token — so a `v-for` over it
 * re-runs once per new part. Other roles have no parts (an empty array).
 */
export function useMessageParts(node: NodeSource<MessageNode>): SignalRef<readonly AssistantPart[]> {
  const server = isServerRendering();
  const parts = new MessagePartsRef(node, server);
  releaseWithScope(() => parts.dispose(), "useMessageParts()", server);
  return parts as unknown as Readonly<ShallowRef<readonly AssistantPart[]>> & SignalRef<readonly AssistantPart[]>;
}
