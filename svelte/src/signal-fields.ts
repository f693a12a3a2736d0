import type { ReadonlySignal } from "@preact/signals-core";
import { readable } from "svelte/store";
import { storeOf, storeOnRead, type SignalStore } from "./signal-store.js";

/**
 * Several signals of one node read as plain fields: `fields.status` is a runes read (reactive in
 * a template, `$derived` or `$effect`, following that field's signal alone), and
 * `fields.stores.status` is the same field as a store, for store-style code.
 */
export type SignalFields<T> = { readonly [K in keyof T]: T[K] } & {
  /** One store per field, each following that field's signal alone (`const { status } = x.stores`, then `$status`). */
  readonly stores: { readonly [K in keyof T]: SignalStore<T[K]> };
};

/** Where each field's signal is, looked up on first read; `undefined` for a field the node does not have. */
export type FieldSignals<T> = { readonly [K in keyof T]: () => ReadonlySignal<T[K]> | undefined };

const ABSENT: SignalStore<undefined> = /* @__PURE__ */ Object.assign(/* @__PURE__ */ readable(undefined), { current: undefined });

/**
 * Gives `target` a runes read per field of `signals`, and `stores`: a store per field (and
 * `moreStores`), made on first read of `stores`. Nothing is looked up or subscribed until
 * something reads it.
 */
export function defineSignalFields<O extends object, T>(target: O, signals: FieldSignals<T>, moreStores?: object): O & SignalFields<T> {
  const storeAt = (key: keyof T): SignalStore<unknown> => {
    const signal = signals[key]();
    return signal === undefined ? ABSENT : storeOf<unknown>(signal);
  };
  let stores: Record<keyof T, SignalStore<unknown>> | undefined;
  const properties: PropertyDescriptorMap = {
    stores: {
      enumerable: true,
      get: () => {
        if (stores === undefined) {
          stores = { ...moreStores } as Record<keyof T, SignalStore<unknown>>;
          for (const key in signals) stores[key] = storeOnRead(() => storeAt(key));
        }
        return stores;
      },
    },
  };
  for (const key in signals) properties[key] = { enumerable: true, get: () => storeAt(key).current };
  return Object.defineProperties(target, properties) as O & SignalFields<T>;
}
