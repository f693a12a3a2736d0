import { DEV } from "esm-env";
import type { Thread } from "@threadline/core";
import { BindingError } from "./errors.js";
import { storeOf, type SignalStore } from "./signal-store.js";

/** Where shared state lives: a thread, a `ChatClient`, or what `useChat` returns. */
export type StateHost = Pick<Thread, "select"> | { readonly thread: Pick<Thread, "select"> } | { readonly chat: { readonly thread: Pick<Thread, "select"> } };

/** @deprecated Renamed `StateHost`, the name it has in `@threadline/vue`. */
export type ThreadSource = StateHost;

/**
 * One path of the shared state (a JSON Pointer: `""` is all of it, `"/todos/0"` one item), at
 * `.current` (or `$todos` as a store). It changes only when that subtree changes; patches
 * elsewhere leave it quiet; `undefined` while the path does not exist. The same host and pointer
 * give the same object. A malformed pointer throws the core's `InvalidPointerError`
 * (`INVALID_POINTER`); a host that is neither a chat nor a thread, `BindingError` (`NOT_A_CHAT`).
 */
export function useStateAt<T = unknown>(chat: StateHost, pointer: string): SignalStore<T | undefined> {
  return storeOf(threadOf(chat).select(pointer)) as SignalStore<T | undefined>;
}

/** @deprecated Renamed `useStateAt` (the same function), the name it has in `@threadline/vue`. */
export const select = useStateAt;

function threadOf(host: StateHost): Pick<Thread, "select"> {
  if (typeof host === "object" && host !== null) {
    if ("select" in host && typeof host.select === "function") return host;
    if ("chat" in host && isThread(host.chat?.thread)) return host.chat.thread;
    if ("thread" in host && isThread(host.thread)) return host.thread;
  }
  throw new BindingError("NOT_A_CHAT", DEV ? "useStateAt() needs a chat or a thread" : "useStateAt()", host);
}

function isThread(value: unknown): value is Pick<Thread, "select"> {
  return typeof value === "object" && value !== null && typeof (value as Thread).select === "function";
}
