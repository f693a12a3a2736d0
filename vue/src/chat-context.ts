import { DEV } from "esm-env";
import { inject, provide, type InjectionKey } from "vue";
import { BindingError } from "./errors.js";
import type { UseChatReturn } from "./useChat.js";

const CHAT: InjectionKey<UseChatReturn> = Symbol("threadline.chat");

/**
 * Shares one chat with every component below this one: they `injectChat()` the same refs and
 * methods, with no subscriptions of their own. Returns its argument.
 */
export function provideChat(chat: UseChatReturn): UseChatReturn {
  provide(CHAT, chat);
  return chat;
}

/** The chat an ancestor provided. Throws `BindingError` (`CHAT_NOT_PROVIDED`) if none did. */
export function injectChat(): UseChatReturn {
  const chat = inject(CHAT, undefined);
  if (chat === undefined) {
    throw new BindingError("CHAT_NOT_PROVIDED", DEV ? "injectChat() found no chat: call provideChat(useChat(...)) in an ancestor component's setup()." : "injectChat()");
  }
  return chat;
}
