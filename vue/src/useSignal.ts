import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import { BindingError, isSignalLike } from "@threadline/core/model";
import { customRef, effectScope, shallowRef, type Ref, type ShallowRef } from "vue";
import { followNode, type NodeSource } from "./follow-node.js";
import type { Disposable } from "./node-fields.js";

/** A read-only ref that follows a core signal, with a `dispose` for use outside a scope. */
export type SignalRef<T> = Readonly<ShallowRef<T>> & Disposable;

/**
 * A shallow ref that follows one core signal. Treat it as read-only: the signal is the source.
 * The signal may be given through a ref or getter; the ref then follows whichever signal it
 * yields (`undefined` while it yields none).
 *
 * The subscription lives as long as the current effect scope (usually the component). Outside a
 * scope call `dispose()` yourself (a development warning says so). During server rendering the
 * ref holds the current value and nothing is subscribed. Something that is not a signal throws
 * `BindingError` (`NOT_A_SIGNAL`).
 */
// Getters come first: inferring T from a function against a union that contains ReadonlySignal
// would match the function's own valueOf() and make T `Object`.
export function useSignal<T>(source: () => ReadonlySignal<T>): SignalRef<T>;
export function useSignal<T>(source: () => ReadonlySignal<T> | null | undefined): SignalRef<T | undefined>;
export function useSignal<T>(source: ReadonlySignal<T> | Readonly<Ref<ReadonlySignal<T>>>): SignalRef<T>;
export function useSignal<T>(source: NodeSource<ReadonlySignal<T>>): SignalRef<T | undefined>;
export function useSignal<T>(source: NodeSource<ReadonlySignal<T>>): SignalRef<T | undefined> {
  return followSignal(source, "useSignal()");
}

/** `useSignal` for the other composables, naming the caller in the no-scope warning. */
export function followSignal<T>(source: NodeSource<ReadonlySignal<T>>, what: string): SignalRef<T | undefined> {
  return followView<ReadonlySignal<T>, T | undefined>(
    source,
    (signal) => {
      if (!isSignalLike(signal)) throw new BindingError("NOT_A_SIGNAL", DEV ? `${what} needs a signal` : what, signal);
      return signal;
    },
    undefined,
    what,
  );
}

/**
 * `followSignal`, started by the ref's first `.value` read: until then `source` is not called, so
 * a signal whose first read starts work (a chat's `capabilities` asks the agent) is left alone by
 * a component that never shows it. What the read starts lives in a scope made now, inside the
 * caller's (the component's): it ends with that scope, or with `dispose()` — a render, where the
 * first read usually happens, has no scope of its own to tie it to.
 */
export function followSignalOnRead<T>(source: () => ReadonlySignal<T>, what: string): SignalRef<T | undefined> {
  const scope = effectScope();
  let followed: SignalRef<T | undefined> | undefined;
  const ref = customRef<T | undefined>(() => ({
    // Reading the inner ref makes the reader depend on it; a stopped scope runs nothing (undefined).
    get: () => (followed ??= scope.run(() => followSignal<T>(source, what)))?.value,
    set: () => undefined,
  })) as unknown as Readonly<ShallowRef<T | undefined>>;
  return Object.assign(ref, { dispose: () => scope.stop() });
}

/**
 * A ref that follows one of a node's views (`view(node)`) for whichever node `source` names, and
 * holds `empty` while it names none or the view gives nothing to follow (a role without that view:
 * nothing is subscribed for it). The per-message composables are this with their view.
 */
export function followView<N extends object, T>(
  source: NodeSource<N>,
  view: (node: N) => ReadonlySignal<T> | undefined,
  empty: T,
  what: string,
): SignalRef<T> {
  const ref = shallowRef<T>(empty);
  const dispose = followNode(source, (node, link) => link(ref, node === undefined ? undefined : view(node), empty), what);
  return Object.assign(ref, { dispose });
}
