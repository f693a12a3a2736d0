import { getContext, hasContext, setContext } from "svelte";
import type { Chat } from "./create-chat.js";
import { SvelteBindingError } from "./errors.js";

const CHAT = Symbol("threadline.chat");

/** Shares `chat` with every component below this one. Call during component init. */
export function setChatContext<C extends Chat>(chat: C): C {
  return setContext(CHAT, chat);
}

/**
 * The chat an ancestor shared with `setChatContext`. Call during component init. Throws
 * `SvelteBindingError` (`NO_CHAT_CONTEXT`) when no ancestor shared one.
 */
export function getChatContext<C extends Chat = Chat>(): C {
  if (!hasContext(CHAT)) {
    throw new SvelteBindingError(
      "NO_CHAT_CONTEXT",
      "getChatContext() found no chat: call setChatContext(createChat(...)) in an ancestor component.",
    );
  }
  return getContext<C>(CHAT);
}
