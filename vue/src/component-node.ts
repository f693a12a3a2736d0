import type { ReadonlySignal } from "@preact/signals-core";
import type { ComponentStreaming, PropStatus } from "@threadline/core";
import { inject, type InjectionKey, type Ref } from "vue";

/**
 * What the Vue bindings need from a generative-UI component node. Core's `ComponentNode` satisfies
 * it; so does anything else of this shape (your own adapter, a test double), including one whose
 * name is a signal.
 */
export interface ComponentNodeLike<P extends object = Record<string, unknown>, S extends object = Record<string, unknown>> {
  readonly id: string;
  /** The registered name to render; a signal when it can change (a renamed tool call). */
  readonly name: string | ReadonlySignal<string>;
  readonly props: ReadonlySignal<P>;
  readonly state: ReadonlySignal<S>;
  /** `started` → `streaming` → `done`. */
  readonly streaming?: ReadonlySignal<ComponentStreaming>;
  /** Per top-level prop: `pending` → `streaming` → `done`. */
  readonly propStatus?: ReadonlySignal<Readonly<Record<string, PropStatus>>>;
  readonly error?: ReadonlySignal<unknown>;
}

/** Set by `<ThreadComponent>` for the component it renders, so that component can reach its node. */
export const COMPONENT_NODE: InjectionKey<Readonly<Ref<ComponentNodeLike>>> = Symbol("threadline.componentNode");

/**
 * Inside a component rendered by `<ThreadComponent>`: a ref to the node it renders (it follows
 * the node if the parent swaps it). Undefined elsewhere.
 */
export function injectComponentNode(): Readonly<Ref<ComponentNodeLike>> | undefined {
  return inject(COMPONENT_NODE, undefined);
}
