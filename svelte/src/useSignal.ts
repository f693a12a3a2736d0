import type { ReadonlySignal } from "@preact/signals-core";
import type { Readable } from "svelte/store";
import { storeOf } from "./signal-store.js";

/**
 * A readable store that follows one core signal: `$store` is its value. All subscribers share
 * one core subscription, opened by the first and closed by the last, so a store nobody reads
 * costs nothing. The same signal always gives the same store. Throws `BindingError`
 * (`NOT_A_SIGNAL`) when given something that is not a signal.
 */
export function useSignal<T>(signal: ReadonlySignal<T>): Readable<T> {
  return storeOf(signal);
}

/** @deprecated Renamed `useSignal` (the same function), the name it has in `@threadline/vue`. */
export const fromSignal = useSignal;
