import { DEV } from "esm-env";
import type { ComponentNodeLike } from "@threadline/core/model";
import { inject, type InjectionKey, type Ref } from "vue";
import { BindingError } from "./errors.js";

export type { ComponentNodeLike } from "@threadline/core/model";

/** Set by `<ThreadComponent>` for the component it renders, so that component can reach its node. */
export const COMPONENT_NODE: InjectionKey<Readonly<Ref<ComponentNodeLike>>> = Symbol("threadline.componentNode");

/**
 * Inside a component rendered by `<ThreadComponent>`: a ref to the node it renders (it follows
 * the node if the parent swaps it). Call in `setup()`. Throws `BindingError`
 * (`COMPONENT_NODE_MISSING`) elsewhere.
 */
export function injectComponentNode<N extends ComponentNodeLike<object, object> = ComponentNodeLike>(): Readonly<Ref<N>> {
  const node = inject(COMPONENT_NODE, undefined);
  if (node === undefined) {
    throw new BindingError("COMPONENT_NODE_MISSING", DEV ? "injectComponentNode() is only available in a component rendered by <ThreadComponent>." : "injectComponentNode()");
  }
  return node as unknown as Readonly<Ref<N>>;
}
