import type { ReadonlySignal } from "@preact/signals-core";
import { storeOf, type SignalStore } from "./signal-store.js";

export type { SignalStore } from "./signal-store.js";

/**
 * One core signal for a Svelte component: `.current` is its value as a runes read (reactive in a
 * template, `$derived` or `$effect`), and the object is also a readable store (`$store`). All
 * readers share one core subscription, opened by the first and closed by the last, so a signal
 * nobody reads costs nothing; on the server nothing subscribes. The same signal always gives the
 * same object. Throws `BindingError` (`NOT_A_SIGNAL`) when given something that is not a signal.
 */
export function useSignal<T>(signal: ReadonlySignal<T>): SignalStore<T> {
  return storeOf(signal);
}

/** @deprecated Renamed `useSignal` (the same function), the name it has in `@threadline/vue`. */
export const fromSignal = useSignal;
