import type { ReadonlySignal } from "@preact/signals-core";
import { shallowRef, type ShallowRef } from "vue";
import { followNode, type NodeSource } from "./follow-node.js";

/** The value type of a signal field; an optional field adds `undefined` (distributes over the union). */
type SignalValue<S> = S extends ReadonlySignal<infer V> ? V : S extends undefined ? undefined : never;

/** The keys of `N` that hold signals (optionally). */
export type SignalKeys<N> = {
  [P in keyof N]-?: NonNullable<N[P]> extends ReadonlySignal<unknown> ? P : never;
}[keyof N];

/** One read-only ref per signal field; `Absent` is what a ref holds while there is no node. */
export type FieldRefs<N, K extends keyof N, Absent = never> = {
  readonly [P in K]: Readonly<ShallowRef<SignalValue<N[P]> | Absent>>;
};

export interface Disposable {
  /** Releases the subscriptions now (done for you when the effect scope ends). */
  dispose(): void;
}

/**
 * One ref per named signal field of a node, each subscribed on its own, so a change to one field
 * updates only what reads that field. When the node changes (ref or getter source), every field
 * follows the new node; with no node, every ref holds `undefined`.
 */
export function followFields<N extends object, K extends SignalKeys<N>>(
  source: NodeSource<N>,
  keys: readonly K[],
  what: string,
): FieldRefs<N, K, undefined> & Disposable {
  const refs = {} as Record<K, ShallowRef<unknown>>;
  for (const key of keys) refs[key] = shallowRef<unknown>(undefined);
  const dispose = followNode(
    source,
    (node, link) => {
      for (const key of keys) link(refs[key], node?.[key] as ReadonlySignal<unknown> | undefined, undefined);
    },
    what,
  );
  return { ...(refs as unknown as FieldRefs<N, K, undefined>), dispose };
}
