import { COMPONENT_STATUS_SIGNALS, type ComponentStatusSignal } from "@threadline/core/model";
import { toRaw, toValue } from "vue";
import type { NodeSource } from "./follow-node.js";
import { followFields, type Disposable, type FieldRefs } from "./node-fields.js";
import { injectComponentNode, type ComponentNodeLike } from "./component-node.js";
import { followSignal, type SignalRef } from "./useSignal.js";

/**
 * The live props of a generative-UI component node as a ref: a new object whenever a prop
 * streams in, unchanged by any other node's events. Without an argument, inside a component that
 * `<ThreadComponent>` renders, it follows that component's node (elsewhere: `BindingError`,
 * `COMPONENT_NODE_MISSING`).
 */
export function useComponentProps<P extends object = Record<string, unknown>>(
  node?: NodeSource<ComponentNodeLike<P, object>>,
): SignalRef<P | undefined> {
  const source = node ?? injectComponentNode<ComponentNodeLike<P, object>>();
  return followSignal<P>(() => nodeOf(source)?.props, "useComponentProps()");
}

/** The component's own state (Tambo-style `state_delta`) as a ref; see `useComponentProps`. */
export function useComponentState<S extends object = Record<string, unknown>>(
  node?: NodeSource<ComponentNodeLike<object, S>>,
): SignalRef<S | undefined> {
  const source = node ?? injectComponentNode<ComponentNodeLike<object, S>>();
  return followSignal<S>(() => nodeOf(source)?.state, "useComponentState()");
}

/** Where the component's stream stands: `streaming`, per-prop `propStatus`, and `error`. */
export function useComponentStatus(node?: NodeSource<ComponentNodeLike>): FieldRefs<ComponentNodeLike, ComponentStatusSignal, undefined> & Disposable {
  const source = node ?? injectComponentNode();
  return followFields<ComponentNodeLike, ComponentStatusSignal>(source, COMPONENT_STATUS_SIGNALS, "useComponentStatus()");
}

function nodeOf<N extends object>(source: NodeSource<N>): N | undefined {
  const value = toValue(source);
  return value == null ? undefined : (toRaw(value) as N);
}
