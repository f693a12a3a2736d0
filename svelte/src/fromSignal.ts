import type { ReadonlySignal } from "@preact/signals-core";
import type { Readable } from "svelte/store";

/**
 * A Svelte readable store over one core signal.
 *
 * Bridges through `signal.subscribe`, which runs its callback untracked: reading other
 * signals inside a Svelte subscriber never makes this bridge depend on them. The core
 * subscription starts with the first Svelte subscriber and ends with the last one.
 */
export function fromSignal<T>(signal: ReadonlySignal<T>): Readable<T> {
  return {
    subscribe(run) {
      return signal.subscribe(run);
    },
  };
}
