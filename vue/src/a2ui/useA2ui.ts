import { getCurrentScope, onScopeDispose, toRaw } from "vue";
import { ChatClient } from "@threadline/core";
import { chatA2ui, type A2uiSurfaces, type A2uiSurfacesOptions } from "@threadline/core/a2ui";
import { injectChat } from "../chat-context.js";
import { provideA2ui, type A2uiComponentMap } from "./context.js";

export interface UseA2uiOptions extends Omit<A2uiSurfacesOptions, "components"> {
  /** The chat whose thread carries the surfaces and that user actions go back through; default the provided chat. */
  readonly chat?: ChatClient | { readonly chat: ChatClient | { readonly value: ChatClient } };
  /** The app's own components by type name (the same map `A2uiSurfaceView` renders them from). */
  readonly components?: A2uiComponentMap;
}

function clientOf(given: NonNullable<UseA2uiOptions["chat"]>): ChatClient {
  const raw = toRaw(given);
  if (raw instanceof ChatClient) return raw;
  const chat = toRaw(raw.chat);
  return chat instanceof ChatClient ? chat : toRaw(chat.value);
}

/**
 * A2UI surfaces for a chat, for every component below this one: follows the chat's thread, sends a
 * user action back as a run with `forwardedProps.a2uiAction` (what `@ag-ui/a2ui-middleware`
 * reads), provides the surfaces and the app's components, and stops with the component's scope.
 */
export function useA2ui(options: UseA2uiOptions = {}): A2uiSurfaces {
  const chat = clientOf(options.chat ?? (injectChat() as unknown as NonNullable<UseA2uiOptions["chat"]>));
  const components = options.components ?? {};
  const { surfaces, stop } = chatA2ui(chat, { ...options, components: Object.keys(components) });
  provideA2ui(surfaces, components);
  if (getCurrentScope() !== undefined) onScopeDispose(stop);
  return surfaces;
}
