import type { ComponentNode, ComponentProps } from "@threadline/core";
import type { Readable } from "svelte/store";
import { fromSignal } from "./signal-store.js";

/**
 * The fields of a core `ComponentNode` the Svelte bindings read (Tambo components, activity
 * messages and renderable tool calls all land in one). Any object with them renders.
 */
export type ComponentNodeLike = Pick<ComponentNode, "id" | "name" | "props" | "state" | "streaming" | "propStatus">;

/**
 * The component's props as a store: a new object each time a props delta lands, untouched when
 * other components stream. The same node always gives the same store.
 */
export function componentProps<P extends ComponentProps = ComponentProps>(node: Pick<ComponentNode, "props">): Readable<P> {
  return fromSignal(node.props) as Readable<P>;
}

/** The component's state as a store (Tambo `state_delta`; `{}` for the other sources). */
export function componentState<S extends ComponentProps = ComponentProps>(node: Pick<ComponentNode, "state">): Readable<S> {
  return fromSignal(node.state) as Readable<S>;
}
