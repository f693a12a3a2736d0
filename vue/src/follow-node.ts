import type { ReadonlySignal } from "@preact/signals-core";
import { isRef, toRaw, toValue, watch, type MaybeRefOrGetter, type ShallowRef } from "vue";
import { isServerRendering, releaseWithScope } from "./scope.js";

export type Unsubscribe = () => void;

/** Something a composable follows: the thing itself, or a ref or getter that yields it. */
export type NodeSource<N> = MaybeRefOrGetter<N | null | undefined>;

/**
 * Points `target` at one signal of the node: `target` takes its value and follows it; with no
 * signal it holds `empty`.
 */
export type Link = <T>(target: ShallowRef<T>, signal: ReadonlySignal<T> | undefined, empty: T) => void;

/**
 * Follows a node (a message, a tool call, a chat…) that may itself change when it is given as a
 * ref or getter: `attach` links the refs to the node's signals (or, with no node, empties them);
 * those links are released before the next node is attached.
 *
 * A link copies a core signal into a Vue ref. Live, it bridges through `signal.subscribe`, whose
 * callback runs untracked: whatever Vue runs because the ref changed can read other signals
 * without the bridge picking them up as dependencies. During server rendering it reads once and
 * subscribes nothing.
 *
 * The getter is watched by Vue, so it must depend on Vue state (props, refs). Reading core signals
 * in it is not tracked: the two reactive graphs meet only through subscriptions.
 *
 * Returns `dispose`, which is also tied to the current effect scope.
 */
export function followNode<N extends object>(source: NodeSource<N>, attach: (node: N | undefined, link: Link) => void, what: string): () => void {
  const server = isServerRendering();
  let current: Unsubscribe[] = [];
  const link: Link = (target, signal, empty) => {
    if (signal === undefined) {
      target.value = empty;
      return;
    }
    // A signal that travelled through reactive() or a deep ref is a proxy; subscribing through the
    // proxy would register the proxy, and unsubscribing could then miss the real source.
    const raw = toRaw(signal);
    if (server) target.value = raw.peek();
    else
      current.push(
        raw.subscribe((value) => {
          target.value = value;
        }),
      );
  };
  const release = (): void => {
    for (const unsubscribe of current) unsubscribe();
    current = [];
  };
  const bind = (node: N | null | undefined): void => {
    release();
    attach(node == null ? undefined : (toRaw(node) as N), link);
  };

  let stopWatching: (() => void) | undefined;
  if (!server && (isRef(source) || typeof source === "function")) {
    // "sync": the new node's values are in the refs before anything renders with them.
    stopWatching = watch(() => toRaw(toValue(source)), bind, { immediate: true, flush: "sync" });
  } else {
    bind(toValue(source));
  }

  const dispose = (): void => {
    stopWatching?.();
    stopWatching = undefined;
    release();
  };
  releaseWithScope(dispose, what, server);
  return dispose;
}
