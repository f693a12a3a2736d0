import { signal } from "@preact/signals-core";
import type { ComponentStreaming, PropStatus } from "@threadline/core";
import { COMPONENT_STATUS_SIGNALS, type ComponentNodeLike } from "@threadline/core/model";
import { injectComponentNode } from "./component-node.js";
import { defineSignalFields, type SignalFields } from "./signal-fields.js";
import { storeOf, type SignalStore } from "./signal-store.js";

/**
 * The live props of a generative-UI component node, at `.current` (or `$props` as a store): a new
 * object each time a props delta lands, untouched when other components stream. Without an
 * argument, inside a component `ThreadComponent` renders (during init), it follows that
 * component's node. The same node always gives the same object.
 */
export function useComponentProps<P extends object = Record<string, unknown>>(node?: ComponentNodeLike<P, object>): SignalStore<P> {
  return storeOf((node ?? injectComponentNode<ComponentNodeLike<P, object>>()).props);
}

/** The component's own state (Tambo `state_delta`; `{}` for the other sources); see `useComponentProps`. */
export function useComponentState<S extends object = Record<string, unknown>>(node?: ComponentNodeLike<object, S>): SignalStore<S> {
  return storeOf((node ?? injectComponentNode<ComponentNodeLike<object, S>>()).state);
}

const ABSENT = /* @__PURE__ */ signal(undefined);

/** Where a component's stream stands (`undefined` for a field the node does not have). */
export interface ComponentStatus {
  /** `pending` → `streaming` → `complete`. */
  readonly streaming: ComponentStreaming | undefined;
  /** Per top-level prop: `pending` → `streaming` → `complete`. */
  readonly propStatus: Readonly<Record<string, PropStatus>> | undefined;
  readonly error: unknown;
}

/** `useComponentStatus()`: the fields as runes reads (`status.streaming`), and `stores` for `$` code. */
export type ComponentStatusFields = SignalFields<ComponentStatus>;

/** The store per field of `useComponentStatus().stores`. */
export type ComponentStatusStores = ComponentStatusFields["stores"];

/**
 * Where the component's stream stands: `streaming`, per-prop `propStatus` and `error`, each a runes
 * read following its own signal (and a store each under `stores`); see `useComponentProps`.
 */
export function useComponentStatus(node?: ComponentNodeLike): ComponentStatusFields {
  const source = node ?? injectComponentNode();
  // A field the node does not have reads `undefined`, and follows a signal that never changes.
  return defineSignalFields<object, ComponentStatus>({}, COMPONENT_STATUS_SIGNALS, (key) => source[key] ?? ABSENT);
}

/** @deprecated Renamed `useComponentProps` (the same function), the name it has in `@threadline/vue`. */
export const componentProps = useComponentProps;

/** @deprecated Renamed `useComponentState` (the same function), the name it has in `@threadline/vue`. */
export const componentState = useComponentState;
