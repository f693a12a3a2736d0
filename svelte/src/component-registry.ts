import type { Component } from "svelte";

/**
 * The Svelte component to render for each registered generative-component name. The props a
 * component receives are whatever the agent streams, so the registry cannot type them: each
 * component declares its own and should tolerate props that are still missing while streaming.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: props come off the wire.
export type ComponentRegistry = Readonly<Record<string, Component<any>>>;
