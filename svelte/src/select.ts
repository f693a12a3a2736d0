import type { Thread } from "@threadline/core";
import type { Readable } from "svelte/store";
import { SvelteBindingError } from "./errors.js";
import { describe, fromSignal } from "./signal-store.js";

/** Anything that leads to a thread: a `createChat` result, a core `ChatClient`, or a `Thread`. */
export type ThreadSource = Thread | { readonly chat: { readonly thread: Thread } } | { readonly thread: Thread };

/**
 * One path of the shared state (a JSON Pointer: `""` is all of it, `"/todos/0"` one item) as a
 * store. It notifies only when that subtree changes; patches elsewhere leave it quiet. The same
 * thread and pointer give the same store. A malformed pointer throws the core's
 * `InvalidPointerError` (`INVALID_POINTER`).
 */
export function select<T = unknown>(source: ThreadSource, pointer: string): Readable<T> {
  return fromSignal(threadOf(source).select(pointer)) as Readable<T>;
}

function threadOf(source: ThreadSource): Thread {
  if (typeof source === "object" && source !== null) {
    if ("select" in source && typeof source.select === "function") return source;
    if ("chat" in source && isThread(source.chat?.thread)) return source.chat.thread;
    if ("thread" in source && isThread(source.thread)) return source.thread;
  }
  throw new SvelteBindingError("NOT_A_CHAT", `select() needs a chat or a thread, got ${describe(source)}.`);
}

function isThread(value: unknown): value is Thread {
  return typeof value === "object" && value !== null && typeof (value as Thread).select === "function";
}
