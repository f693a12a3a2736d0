import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import type { Readable, Subscriber, Unsubscriber } from "svelte/store";
import { BindingError, isSignalLike } from "@threadline/core/model";

interface Entry<T> {
  readonly run: Subscriber<T>;
  /** The delivery count when the entry subscribed: it already holds that delivery's value. */
  readonly since: number;
}

/**
 * The Svelte store contract over one core signal. All Svelte subscribers share a single core
 * subscription, opened by the first and closed by the last, so a store nobody reads costs
 * nothing and holds no reference from the signal graph.
 *
 * The bridge is `signal.subscribe`, whose callback runs untracked: whatever a Svelte subscriber
 * reads while it is being notified never becomes a dependency of this bridge.
 */
class SignalStore<T> implements Readable<T> {
  private readonly entries = new Set<Entry<T>>();
  private release: (() => void) | undefined;
  private value!: T;
  private deliveries = 0;

  constructor(private readonly source: ReadonlySignal<T>) {}

  readonly subscribe = (run: Subscriber<T>): Unsubscriber => {
    // The core subscription calls `deliver` synchronously with the current value.
    if (this.entries.size === 0) this.release = this.source.subscribe(this.deliver);
    const entry: Entry<T> = { run, since: this.deliveries };
    this.entries.add(entry);
    run(this.value);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.entries.delete(entry);
      if (this.entries.size === 0) {
        const release = this.release;
        this.release = undefined;
        release?.();
      }
    };
  };

  private readonly deliver = (value: T): void => {
    this.value = value;
    const delivery = ++this.deliveries;
    // A subscriber added while this loop runs (a Set visits late additions) got the value from
    // `subscribe` already; `since` keeps it from being called twice.
    for (const entry of this.entries) if (entry.since < delivery) entry.run(value);
  };
}

const stores = new WeakMap<ReadonlySignal<unknown>, Readable<unknown>>();

/**
 * A Svelte readable store over a core signal. The same signal always gives the same store.
 * Throws `SvelteBindingError` (`NOT_A_SIGNAL`) when given something that is not a signal.
 */
export function storeOf<T>(signal: ReadonlySignal<T>): Readable<T> {
  let store = stores.get(signal);
  if (store === undefined) {
    if (!isSignalLike(signal)) {
      throw new BindingError("NOT_A_SIGNAL", DEV ? "useSignal() needs a signal" : "useSignal()", signal);
    }
    store = new SignalStore<unknown>(signal);
    stores.set(signal, store);
  }
  return store as Readable<T>;
}

/**
 * A store over the signal `read` returns, which is read only when the store is first subscribed to
 * (`$store`, `get(store)`): for a signal whose first read starts work — a chat's `capabilities`
 * asks the agent — so a page that never shows it asks nothing.
 */
export function storeOnSubscribe<T>(read: () => ReadonlySignal<T>): Readable<T> {
  return { subscribe: (run) => storeOf(read()).subscribe(run) };
}
