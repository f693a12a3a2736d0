import type { ReadonlySignal } from "@preact/signals-core";
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

/**
 * Gives `target` a runes read per key, following the signal `signalOf(key)` (looked up on each
 * read, so nothing is made or subscribed until something reads), and `stores`: a store per key
 * (and `moreStores`), made on the first read of `stores`.
 */
export function defineSignalFields<O extends object, T>(
  target: O,
  keys: readonly (keyof T & string)[],
  signalOf: (key: keyof T & string) => ReadonlySignal<unknown>,
  moreStores?: object,
): O & SignalFields<T> {
  let stores: Record<string, SignalStore<unknown>> | undefined;
  const properties: PropertyDescriptorMap = {
    stores: {
      enumerable: true,
      get: () => {
        if (stores === undefined) {
          stores = { ...moreStores };
          for (const key of keys) stores[key] = storeOnRead(() => storeOf(signalOf(key)));
        }
        return stores;
      },
    },
  };
  for (const key of keys) properties[key] = { enumerable: true, get: () => storeOf(signalOf(key)).current };
  return Object.defineProperties(target, properties) as O & SignalFields<T>;
}
