import { type MessageNode } from "@threadline/core";
import { messageTextSignal } from "@threadline/core/model";
import { storeOf, type SignalStore } from "./signal-store.js";

/**
 * The text of one message: `.current` as a runes read (`useMessageText(node).current`), or `$text`
 * as a store. `""` until text arrives, then the streamed text. Each TEXT_MESSAGE_CONTENT for this
 * message changes it once; nothing else does. For user and tool messages made of content parts it
 * is their text parts joined; an activity message has no text (`""`). The same node always gives
 * the same object. To show streaming text, `StreamingText` costs less per token (it appends to the
 * DOM instead of re-rendering).
 */
export function useMessageText(node: MessageNode): SignalStore<string> {
  return storeOf(messageTextSignal(node));
}

/** @deprecated Renamed `useMessageText` (the same function), the name it has in `@threadline/vue`. */
export const messageText = useMessageText;
