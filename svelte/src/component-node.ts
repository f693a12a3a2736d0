import type { ReadonlySignal } from "@preact/signals-core";
import type { ArgumentStatus } from "@threadline/core";
import type { Readable } from "svelte/store";
import { fromSignal } from "./signal-store.js";

/** Where a generative component's stream stands. */
export type ComponentStreaming = "started" | "streaming" | "done";

/**
 * The part of a core generative-UI component node the Svelte bindings read. Structural, so any
 * node with these fields renders: Tambo-style component events, activity messages and renderable
 * tool calls all land in one.
 */
export interface ComponentNodeLike {
  readonly id: string;
  /** The name the component was registered under. */
  readonly name: string;
  readonly props: ReadonlySignal<object>;
  readonly state: ReadonlySignal<object>;
  readonly streaming: ReadonlySignal<ComponentStreaming>;
  /** Status of each top-level prop seen so far. */
  readonly propStatus: ReadonlySignal<Readonly<Record<string, ArgumentStatus>>>;
}

/**
 * The component's props as a store: a new object each time a props delta lands, untouched when
 * other components stream. The same node always gives the same store.
 */
export function componentProps<P extends object = Record<string, unknown>>(
  node: Pick<ComponentNodeLike, "props">,
): Readable<P> {
  return fromSignal(node.props as ReadonlySignal<P>);
}

/** The component's state as a store (see `componentProps`). */
export function componentState<S extends object = Record<string, unknown>>(
  node: Pick<ComponentNodeLike, "state">,
): Readable<S> {
  return fromSignal(node.state as ReadonlySignal<S>);
}
