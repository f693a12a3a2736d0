import { onDestroy } from "svelte";
import { ChatClient } from "@threadline/core";
import { chatA2ui, type A2uiSurfaces, type A2uiSurfacesOptions } from "@threadline/core/a2ui";
import { injectChat } from "../chat-context.js";
import { provideA2ui, type A2uiComponentMap } from "./context.js";

export interface UseA2uiOptions extends Omit<A2uiSurfacesOptions, "components"> {
  /** The chat whose thread carries the A2UI activities and that user actions go back through; default the provided chat. */
  readonly chat?: ChatClient | { readonly chat: ChatClient };
  /** The app's own components by type name (the same map `A2uiSurfaceView` renders them from). */
  readonly components?: A2uiComponentMap;
}

/**
 * A2UI for a chat, for every component below this one: follows the chat's thread, sends a
 * user action back as a run with `forwardedProps.a2uiAction` (what `@ag-ui/a2ui-middleware`
 * reads), provides the A2UI state and the app's components, and stops when the component is destroyed.
 */
export function useA2ui(options: UseA2uiOptions = {}): A2uiSurfaces {
  const given = options.chat ?? injectChat();
  const components = options.components ?? {};
  const { a2ui: a2ui, stop } = chatA2ui(given instanceof ChatClient ? given : given.chat, { ...options, components: Object.keys(components) });
  provideA2ui(a2ui, components);
  onDestroy(stop);
  return a2ui;
}
