import { type MessageNode } from "@threadline/core";
import { messageTextSignal } from "@threadline/core/model";
import type { Readable } from "svelte/store";
import { storeOf } from "./signal-store.js";

/**
 * The text of one message as a store: `""` until text arrives, then the streamed text. Each
 * TEXT_MESSAGE_CONTENT for this message notifies it once; nothing else does. For user and tool
 * messages made of content parts it is their text parts joined; an activity message has no text
 * (`""`). The same node always gives the same store. To show streaming text, `StreamingText`
 * costs less per token (it appends to the DOM instead of re-rendering).
 */
export function useMessageText(node: MessageNode): Readable<string> {
  return storeOf(messageTextSignal(node));
}

/** @deprecated Renamed `useMessageText` (the same function), the name it has in `@threadline/vue`. */
export const messageText = useMessageText;
