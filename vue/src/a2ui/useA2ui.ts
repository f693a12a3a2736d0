import { getCurrentScope, onScopeDispose, toRaw, watch, type Ref } from "vue";
import { ChatClient } from "@threadline/core";
import { chatA2ui, type A2uiSurfaces, type A2uiSurfacesOptions } from "@threadline/core/a2ui";
import { injectChat } from "../chat-context.js";
import { provideA2ui, type A2uiComponentMap } from "./context.js";

export interface UseA2uiOptions extends Omit<A2uiSurfacesOptions, "components"> {
  /**
   * The chat whose thread carries the A2UI activities and that user actions go back through: a client, or
   * what `useChat` returns (its client may be replaced; A2UI follows). Default the provided chat.
   */
  readonly chat?: ChatClient | { readonly chat: ChatClient | Readonly<Ref<ChatClient>> };
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
 * A2UI for a chat, for every component below this one: follows the chat's thread (the
 * new one when `useChat` re-keys), sends a user action back as a run with
 * `forwardedProps.a2uiAction` (what `@ag-ui/a2ui-middleware` reads), provides the A2UI state and the
 * app's components, and stops with the component's scope.
 */
export function useA2ui(options: UseA2uiOptions = {}): A2uiSurfaces {
  const given = options.chat ?? (injectChat() as unknown as NonNullable<UseA2uiOptions["chat"]>);
  const components = options.components ?? {};
  const { a2ui, refollow, stop } = chatA2ui(() => clientOf(given), { ...options, components: Object.keys(components) });
  provideA2ui(a2ui, components);
  if (getCurrentScope() !== undefined) {
    if (!(toRaw(given) instanceof ChatClient)) watch(() => clientOf(given), refollow, { flush: "sync" });
    onScopeDispose(stop);
  }
  return a2ui;
}
