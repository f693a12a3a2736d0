import type { Component } from "svelte";

/**
 * The Svelte component to render for each generative-component name (the names registered with
 * core's framework-agnostic `ComponentRegistry`). Any component
 * fits (`never` as the props type accepts every props type): the props it receives are whatever
 * the agent streams, so each component declares its own and should tolerate props that are
 * still missing while they stream.
 */
export type ComponentMap = Readonly<Record<string, Component<never>>>;

/** How `ThreadComponent` calls a registered component: with the streamed props object. */
export type StreamedPropsComponent = Component<Record<string, unknown>>;
