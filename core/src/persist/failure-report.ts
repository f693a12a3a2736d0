import { DEV } from "esm-env";
import { signal, type ReadonlySignal } from "@preact/signals-core";
import type { PersistenceError } from "./errors.js";

/**
 * Where storage failures go: the `persistenceError` signal and the `onError` callback. Neither
 * may break storage: a throwing `onError` is ignored, and an effect reading the signal that
 * throws is reported on its own rather than thrown into the write queue, where it would stall
 * every later write and leave `hydrate`/`save` promises hanging.
 */
export class FailureReport {
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;
  readonly #latest = signal<PersistenceError | null>(null);

  readonly #onError: ((error: PersistenceError) => void) | undefined;
  constructor(onError: ((error: PersistenceError) => void) | undefined) {
    this.#onError = onError;
    this.persistenceError = this.#latest;
  }

  failed(error: PersistenceError): void {
    // A storage that stays broken fails every retry (once per frame while streaming): say it once.
    const current = this.#latest.peek();
    if (current !== null && current.code === error.code && current.key === error.key) return;
    this.#publish(error);
    try {
      this.#onError?.(error);
    } catch {
      // A throwing error handler must not break the queue.
    }
  }

  recovered(): void {
    this.#publish(null);
  }

  #publish(error: PersistenceError | null): void {
    try {
      this.#latest.value = error;
    } catch (thrown) {
      const reportError = (globalThis as { reportError?: (error: unknown) => void }).reportError;
      if (typeof reportError === "function") reportError(thrown);
      else console.error(DEV ? "[threadline] an effect reading persistenceError threw:" : "[threadline]", thrown);
    }
  }
}
