import type { ComponentStreaming, PropStatus } from "@threadline/core";
import type { ComponentNodeLike } from "@threadline/core/model";
import { readable, type Readable } from "svelte/store";
import { injectComponentNode } from "./component-node.js";
import { storeOf } from "./signal-store.js";

/**
 * The live props of a generative-UI component node as a store: a new object each time a props
 * delta lands, untouched when other components stream. Without an argument, inside a component
 * `ThreadComponent` renders (during init), it follows that component's node. The same node always
 * gives the same store.
 */
export function useComponentProps<P extends object = Record<string, unknown>>(node?: ComponentNodeLike<P, object>): Readable<P> {
  return storeOf((node ?? injectComponentNode<ComponentNodeLike<P, object>>()).props);
}

/** The component's own state (Tambo `state_delta`; `{}` for the other sources) as a store; see `useComponentProps`. */
export function useComponentState<S extends object = Record<string, unknown>>(node?: ComponentNodeLike<object, S>): Readable<S> {
  return storeOf((node ?? injectComponentNode<ComponentNodeLike<object, S>>()).state);
}

/** Where a component's stream stands, as stores (`undefined` for a field the node does not have). */
export interface ComponentStatusStores {
  /** `started` → `streaming` → `done`. */
  readonly streaming: Readable<ComponentStreaming | undefined>;
  /** Per top-level prop: `pending` → `streaming` → `done`. */
  readonly propStatus: Readable<Readonly<Record<string, PropStatus>> | undefined>;
  readonly error: Readable<unknown>;
}

const ABSENT: Readable<undefined> = /* @__PURE__ */ readable(undefined);

/** Where the component's stream stands: `streaming`, per-prop `propStatus`, and `error`; see `useComponentProps`. */
export function useComponentStatus(node?: ComponentNodeLike): ComponentStatusStores {
  const { streaming, propStatus, error } = node ?? injectComponentNode();
  return {
    streaming: streaming === undefined ? ABSENT : storeOf(streaming),
    propStatus: propStatus === undefined ? ABSENT : storeOf(propStatus),
    error: error === undefined ? ABSENT : storeOf(error),
  };
}

/** @deprecated Renamed `useComponentProps` (the same function), the name it has in `@threadline/vue`. */
export const componentProps = useComponentProps;

/** @deprecated Renamed `useComponentState` (the same function), the name it has in `@threadline/vue`. */
export const componentState = useComponentState;
