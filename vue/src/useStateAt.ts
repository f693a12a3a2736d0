import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import type { Thread } from "@threadline/core";
import { BindingError } from "@threadline/core/model";
import { toRaw, toValue, type MaybeRef, type MaybeRefOrGetter } from "vue";
import type { NodeSource } from "./follow-node.js";
import { followSignal, type SignalRef } from "./useSignal.js";

type Selectable = Pick<Thread, "select">;

/** Where shared state lives: a thread, a `ChatClient`, or what `useChat` returns. */
export type StateHost = Selectable | { readonly thread: Selectable } | { readonly chat: MaybeRef<{ readonly thread: Selectable }> };

/**
 * One path of the agent's shared state as a ref, by JSON Pointer (`""` is the whole state,
 * `"/todos/0/title"` one field). It changes only when that subtree is replaced: a patch elsewhere
 * in the state leaves it — and whatever renders it — alone. `undefined` while the path does not
 * exist. `chat` and `pointer` may be refs or getters (a re-keyed `useChat()` is followed).
 * Throws `InvalidPointerError` (code `INVALID_POINTER`) for a pointer that is not "" and does
 * not start with "/"; `BindingError` (`NOT_A_CHAT`) for a host that is neither a chat nor a thread.
 */
export function useStateAt<T = unknown>(chat: NodeSource<StateHost>, pointer: MaybeRefOrGetter<string>): SignalRef<T | undefined> {
  // `select` caches one signal per pointer, so the watched getter yields the same signal until
  // the host or the pointer really changes, and only then re-subscribes.
  const selected = (): ReadonlySignal<T> | undefined => {
    const host = toValue(chat);
    if (host == null) return undefined;
    return threadOf(toRaw(host)).select(toValue(pointer)) as ReadonlySignal<T>;
  };
  return followSignal<T>(selected, "useStateAt()");
}

function threadOf(host: StateHost): Selectable {
  if (typeof host === "object" && host !== null) {
    if ("select" in host && typeof host.select === "function") return host;
    // What useChat returns: `chat` is a ref to the client in use; read it (tracked) to follow a re-key.
    const client = "chat" in host ? (toValue(host.chat) as { thread?: unknown } | undefined) : undefined;
    if (isThread(client?.thread)) return toRaw(client.thread);
    if ("thread" in host && isThread(host.thread)) return toRaw(host.thread);
  }
  throw new BindingError("NOT_A_CHAT", DEV ? "useStateAt() needs a chat or a thread" : "useStateAt()", host);
}

function isThread(value: unknown): value is Selectable {
  return typeof value === "object" && value !== null && typeof (value as Thread).select === "function";
}
