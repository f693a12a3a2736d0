import type { ReadonlySignal } from "@preact/signals-core";
import { getCurrentScope, onScopeDispose, shallowRef, toRaw, type ShallowRef } from "vue";

/**
 * A shallow ref that follows one core signal. Treat it as read-only: the signal is the source.
 *
 * The core subscription lives as long as the current effect scope (usually the component).
 * Outside a scope nothing would release it, so the caller must call `stop()` and is warned.
 */
export function useSignal<T>(source: ReadonlySignal<T>): Readonly<ShallowRef<T>> {
  // A signal that travelled through Vue props or reactive() arrives as a reactive proxy;
  // its internals must be reached on the raw object or unsubscribing misses the source.
  const signal = toRaw(source);
  const ref = shallowRef(signal.peek());
  const stop = signal.subscribe((value) => {
    ref.value = value;
  });
  if (getCurrentScope()) onScopeDispose(stop);
  else console.warn("[threadline] useSignal() called outside an effect scope; it stays subscribed.");
  return ref;
}
