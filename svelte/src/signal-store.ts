import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import { createSubscriber } from "svelte/reactivity";
import type { Readable, Subscriber, Unsubscriber } from "svelte/store";
import { BindingError, isSignalLike } from "@threadline/core/model";

/**
 * One core signal read two ways: `.current` is a runes read (reactive in templates, `$derived` and
 * `$effect`), and `subscribe` is the store contract (`$store`, `get`, `derived`).
 */
export interface SignalStore<T> extends Readable<T> {
  /** The signal's value; read in a template, `$derived` or `$effect`, it re-runs that when the value changes. */
  readonly current: T;
}

interface Entry<T> {
  readonly run: Subscriber<T>;
  /** The delivery count when the entry subscribed: it already holds that delivery's value. */
  readonly since: number;
}

/**
 * Both contracts over one core signal, sharing a single core subscription: opened by the first
 * store subscriber or runes reader, closed with the last, so a store nobody reads costs nothing and
 * holds no reference from the signal graph.
 *
 * Runes reads go through Svelte's `createSubscriber`: it counts the effects that read `.current`
 * and releases the subscription a microtask after the last one is destroyed. On the server it
 * subscribes nothing: `.current` is the value read once. The bridge is `signal.subscribe`, whose
 * callback runs untracked: what a Svelte subscriber reads while it is notified never becomes a
 * dependency of this bridge.
 */
class SignalBridge<T> implements SignalStore<T> {
  // Private names, so an app's minifier shortens them.
  readonly #source: ReadonlySignal<T>;
  readonly #entries = new Set<Entry<T>>();
  #release: (() => void) | undefined;
  #value!: T;
  #deliveries = 0;
  /** Made by the first runes read: a store only ever used with `$` never makes one. */
  #track: (() => void) | undefined;

  constructor(source: ReadonlySignal<T>) {
    this.#source = source;
  }

  get current(): T {
    (this.#track ??= createSubscriber((changed) => {
      // `subscribe` hands over the current value at once: that is not a change.
      let opened = false;
      const stop = this.subscribe(() => {
        if (opened) changed();
      });
      opened = true;
      return stop;
    }))();
    return this.#source.peek();
  }

  readonly subscribe = (run: Subscriber<T>): Unsubscriber => {
    const entries = this.#entries;
    // The core subscription calls `deliver` synchronously with the current value.
    if (entries.size === 0) this.#release = this.#source.subscribe(this.#deliver);
    const entry: Entry<T> = { run, since: this.#deliveries };
    entries.add(entry);
    run(this.#value);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      entries.delete(entry);
      if (entries.size === 0) {
        const release = this.#release;
        this.#release = undefined;
        release?.();
      }
    };
  };

  readonly #deliver = (value: T): void => {
    this.#value = value;
    const delivery = ++this.#deliveries;
    // A subscriber added while this loop runs (a Set visits late additions) got the value from
    // `subscribe` already; `since` keeps it from being called twice.
    for (const entry of this.#entries) if (entry.since < delivery) entry.run(value);
  };
}

const stores = new WeakMap<ReadonlySignal<unknown>, SignalStore<unknown>>();

/**
 * The `SignalStore` over a core signal. The same signal always gives the same store. Throws
 * `BindingError` (`NOT_A_SIGNAL`) when given something that is not a signal.
 */
export function storeOf<T>(signal: ReadonlySignal<T>): SignalStore<T> {
  let store = stores.get(signal);
  if (store === undefined) {
    if (!isSignalLike(signal)) {
      throw new BindingError("NOT_A_SIGNAL", DEV ? "useSignal() needs a signal" : "useSignal()", signal);
    }
    store = new SignalBridge<unknown>(signal);
    stores.set(signal, store);
  }
  return store as SignalStore<T>;
}

/**
 * A `SignalStore` that finds the store it reads when first read (`.current`, `$store`,
 * `get(store)`), not before: for a signal whose first read starts work — a chat's `capabilities`
 * asks the agent — so a page that never shows it asks nothing.
 */
export function storeOnRead<T>(find: () => SignalStore<T>): SignalStore<T> {
  return {
    get current() {
      return find().current;
    },
    subscribe: (run) => find().subscribe(run),
  };
}
