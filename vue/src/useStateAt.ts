import type { ReadonlySignal } from "@preact/signals-core";
import type { Thread } from "@threadline/core";
import { toRaw, toValue, type MaybeRefOrGetter } from "vue";
import type { NodeSource } from "./follow-node.js";
import { followSignal, type SignalRef } from "./useSignal.js";

/** Where shared state lives: a thread, or anything that holds one (a `ChatClient`). */
export type StateHost = Pick<Thread, "select"> | { readonly thread: Pick<Thread, "select"> };

/**
 * One path of the agent's shared state as a ref, by JSON Pointer (`""` is the whole state,
 * `"/todos/0/title"` one field). It changes only when that subtree is replaced: a patch elsewhere
 * in the state leaves it — and whatever renders it — alone. `undefined` while the path does not
 * exist. `chat` and `pointer` may be refs or getters (a re-keyed `useChat().chat` is followed).
 * Throws `InvalidPointerError` (code `INVALID_POINTER`) for a pointer that is not "" and does
 * not start with "/".
 */
export function useStateAt<T = unknown>(chat: NodeSource<StateHost>, pointer: MaybeRefOrGetter<string>): SignalRef<T | undefined> {
  // `select` caches one signal per pointer, so the watched getter yields the same signal until
  // the host or the pointer really changes, and only then re-subscribes.
  const selected = (): ReadonlySignal<T> | undefined => {
    const host = toValue(chat);
    if (host == null) return undefined;
    const raw = toRaw(host);
    const thread = "select" in raw ? raw : toRaw(raw.thread);
    return thread.select(toValue(pointer)) as ReadonlySignal<T>;
  };
  return followSignal<T>(selected, "useStateAt()");
}
