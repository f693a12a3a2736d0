import { getContext, hasContext, setContext, type Component } from "svelte";
import type { ComponentNodeLike } from "@threadline/core/model";

/**
 * The Svelte component to render for each generative-component name (the names registered with
 * core's framework-agnostic `ComponentRegistry`). Any component fits (`never` as the props type
 * accepts every props type): each declares the props it reads from `$props()` by name, and should
 * tolerate props that are still missing while they stream.
 */
export type ComponentMap = Readonly<Record<string, Component<never>>>;

/** How `ThreadComponent` calls a registered component: with the streamed props object. */
export type StreamedPropsComponent = Component<Record<string, unknown>>;

const COMPONENTS = Symbol("threadline.components");

/**
 * Registers components for every `ThreadComponent` below this component (a `components` prop
 * wins). Call during component init.
 */
export function provideComponents(components: ComponentMap): void {
  setContext(COMPONENTS, components);
}

/** The map an ancestor provided, if any (during component init). */
export function providedComponents(): ComponentMap | undefined {
  return hasContext(COMPONENTS) ? getContext<ComponentMap>(COMPONENTS) : undefined;
}

/** What the fallback receives for a name no registered component answers to. */
export interface FallbackProps {
  readonly name: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly node: ComponentNodeLike;
}
