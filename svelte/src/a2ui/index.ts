// @threadline/svelte/a2ui: Svelte components for A2UI (every component of the A2UI v0.9 basic catalog),
// over @threadline/core/a2ui. The same names as @threadline/vue/a2ui.
export { useA2ui } from "./useA2ui.js";
export type { UseA2uiOptions } from "./useA2ui.js";
export { provideA2ui, injectA2ui } from "./context.js";
export type { A2uiComponentMap, A2uiComponentProps } from "./context.js";
export { default as A2uiActivity } from "./A2uiActivity.svelte";
export { default as A2uiSurfaceView } from "./A2uiSurfaceView.svelte";
export { default as A2uiNode } from "./A2uiNode.svelte";
export { default as A2uiChild } from "./A2uiChild.svelte";
export { default as A2uiChildren } from "./A2uiChildren.svelte";
