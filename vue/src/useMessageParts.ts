import { type AssistantPart, type MessageNode } from "@threadline/core";
import { currentParts, subscribeParts } from "@threadline/core/model";
import { customRef, toRaw, toValue, type ShallowRef } from "vue";
import type { NodeSource } from "./follow-node.js";
import { isServerRendering, releaseWithScope } from "./scope.js";
import type { SignalRef } from "./useSignal.js";

const NO_PARTS: readonly AssistantPart[] = Object.freeze([]);

/**
 * The parts of an assistant message in arrival order (its text, tool calls, components) as a ref.
 * It changes only when a part is added or removed — never per token — so a `v-for` over it
 * re-runs once per new part. Other roles have no parts (an empty array).
 */
export function useMessageParts(node: NodeSource<MessageNode>): SignalRef<readonly AssistantPart[]> {
  const server = isServerRendering();
  // The guide's Message reads its parts beside its text, so this is paid by every message in a
  // thread, most of them text-only answers whose parts never change. Hence no watcher and no
  // signal: the node is read from `node` when the ref is read (the render that reads it then
  // depends on what the getter reads, props.node, and reads again when that changes), and its
  // parts are heard through core's subscribeParts — for a message that never gets a part, one
  // follower kept on the node; for another role, nothing.
  let followed: MessageNode | undefined;
  let parts = NO_PARTS;
  let stop: (() => void) | undefined;
  let read = false;
  let disposed = false;
  const ref = customRef<readonly AssistantPart[]>((track, trigger) => ({
    get: () => {
      track();
      const message = (toRaw(toValue(node)) ?? undefined) as MessageNode | undefined;
      if (!read || message !== followed) {
        read = true;
        stop?.();
        stop = undefined;
        followed = message;
        parts = message === undefined ? NO_PARTS : currentParts(message);
        if (message !== undefined && !server && !disposed)
          stop = subscribeParts(message, () => {
            parts = currentParts(message);
            trigger();
          });
      }
      return parts;
    },
    set: () => undefined,
  })) as unknown as Readonly<ShallowRef<readonly AssistantPart[]>>;
  const dispose = (): void => {
    disposed = true;
    stop?.();
    stop = undefined;
  };
  releaseWithScope(dispose, "useMessageParts()", server);
  return Object.assign(ref, { dispose });
}
