import { DEV } from "esm-env";
import { getContext, hasContext, setContext } from "svelte";
import { BindingError } from "./errors.js";
import type { UseChatReturn } from "./useChat.js";

const CHAT = Symbol("threadline.chat");

/**
 * Shares one chat with every component below this one: they `injectChat()` the same object (its
 * reads, stores and methods). Call during component init. Returns its argument.
 */
export function provideChat<C extends UseChatReturn>(chat: C): C {
  return setContext(CHAT, chat);
}

/**
 * The chat an ancestor provided. Call during component init. Throws `BindingError`
 * (`CHAT_NOT_PROVIDED`) when no ancestor provided one.
 */
export function injectChat<C extends UseChatReturn = UseChatReturn>(): C {
  if (!hasContext(CHAT)) {
    throw new BindingError("CHAT_NOT_PROVIDED", DEV ? "injectChat() found no chat: call provideChat(useChat(...)) in an ancestor component." : "injectChat()");
  }
  return getContext<C>(CHAT);
}

/** @deprecated Renamed `provideChat` (the same function), the name it has in `@threadline/vue`. */
export const setChatContext = provideChat;

/** @deprecated Renamed `injectChat` (the same function), the name it has in `@threadline/vue`. */
export const getChatContext = injectChat;
