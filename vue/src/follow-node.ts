import type { ReadonlySignal } from "@preact/signals-core";
import { isRef, toRaw, toValue, watch, type MaybeRefOrGetter, type ShallowRef } from "vue";
import { isServerRendering, releaseWithScope } from "./scope.js";

export type Unsubscribe = () => void;

/** Something a composable follows: the thing itself, or a ref or getter that yields it. */
export type NodeSource<N> = MaybeRefOrGetter<N | null | undefined>;

/**
 * Copies a core signal into a Vue ref. Live, it bridges through `signal.subscribe`, whose callback
 * runs untracked: whatever Vue runs because the ref changed can read other signals without the
 * bridge picking them up as dependencies. Not live (server rendering), it reads once and
 * subscribes nothing.
 */
export function link<V, T>(
  signal: ReadonlySignal<V>,
  target: ShallowRef<T>,
  map: (value: V) => T,
  live: boolean,
): Unsubscribe | undefined {
  // A signal that travelled through reactive() or a deep ref is a proxy; subscribing through the
  // proxy would register the proxy, and unsubscribing could then miss the real source.
  const raw = toRaw(signal);
  if (!live) {
    target.value = map(raw.peek());
    return undefined;
  }
  return raw.subscribe((value) => {
    target.value = map(value);
  });
}

/**
 * Follows a node (a message, a tool call, a chat…) that may itself change when it is given as a
 * ref or getter: `attach` subscribes what it needs on the node — or resets its refs when there is
 * none — and returns the unsubscribers, which run before the next node is attached.
 *
 * The getter is watched by Vue, so it must depend on Vue state (props, refs). Reading core signals
 * in it is not tracked: the two reactive graphs meet only through subscriptions.
 *
 * Returns `dispose`, which is also tied to the current effect scope.
 */
export function followNode<N extends object>(
  source: NodeSource<N>,
  attach: (node: N | undefined, live: boolean) => Unsubscribe[],
  what: string,
): () => void {
  const server = isServerRendering();
  let current: Unsubscribe[] = [];
  const release = (): void => {
    for (const unsubscribe of current) unsubscribe();
    current = [];
  };
  const bind = (node: N | null | undefined): void => {
    release();
    current = attach(node == null ? undefined : (toRaw(node) as N), !server);
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
