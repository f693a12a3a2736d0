import { getContext, hasContext, setContext } from "svelte";
import type { ComponentNodeLike } from "./component-node.js";
import { SvelteBindingError } from "./errors.js";

const NODE = Symbol("threadline.component-node");

interface NodeHolder {
  readonly node: ComponentNodeLike;
}

/** Used by `ThreadComponent`: the registered component it renders can reach its node. */
export function setComponentNodeContext(holder: NodeHolder): void {
  setContext(NODE, holder);
}

/**
 * Inside a component rendered by `ThreadComponent`: the component node it renders, e.g. for
 * `componentState(getComponentNode())`. Call during component init. Throws `SvelteBindingError`
 * (`NO_COMPONENT_CONTEXT`) elsewhere.
 */
export function getComponentNode<N extends ComponentNodeLike = ComponentNodeLike>(): N {
  if (!hasContext(NODE)) {
    throw new SvelteBindingError(
      "NO_COMPONENT_CONTEXT",
      "getComponentNode() is only available in a component rendered by <ThreadComponent>.",
    );
  }
  return getContext<NodeHolder>(NODE).node as N;
}
