import { DEV } from "esm-env";
import { getContext, hasContext, setContext } from "svelte";
import type { ComponentNodeLike } from "@threadline/core/model";
import { BindingError } from "./errors.js";

export type { ComponentNodeLike } from "@threadline/core/model";

const NODE = Symbol("threadline.component-node");

interface NodeHolder {
  readonly node: ComponentNodeLike;
}

/** Used by `ThreadComponent`: the registered component it renders can reach its node. */
export function setComponentNode(holder: NodeHolder): void {
  setContext(NODE, holder);
}

/**
 * Inside a component rendered by `ThreadComponent`: the component node it renders (a new node
 * re-creates the component, so the node read at init stays its node). Call during component init.
 * Throws `BindingError` (`COMPONENT_NODE_MISSING`) elsewhere.
 */
export function injectComponentNode<N extends ComponentNodeLike<object, object> = ComponentNodeLike>(): N {
  const node = hasContext(NODE) ? getContext<NodeHolder | undefined>(NODE)?.node : undefined;
  if (node === undefined) {
    throw new BindingError("COMPONENT_NODE_MISSING", DEV ? "injectComponentNode() is only available in a component rendered by <ThreadComponent>." : "injectComponentNode()");
  }
  return node as N;
}

/** @deprecated Renamed `injectComponentNode` (the same function), the name it has in `@threadline/vue`. */
export const getComponentNode = injectComponentNode;
