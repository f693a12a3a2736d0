import { type Attachment, type MessageNode } from "@threadline/core";
import { messageAttachmentsSignal } from "@threadline/core/model";
import { storeOf, type SignalStore } from "./signal-store.js";

/**
 * The media parts of a user or tool message (images, audio, video, documents), at `.current` (or
 * `$attachments` as a store), each with a `previewUrl` to show it by: the object URL of a file this
 * chat sent, the inline data, or the source's URL. It changes when the message's content or its previews do, never per token.
 * Other roles have none (an empty array).
 */
export function useAttachments(node: MessageNode): SignalStore<readonly Attachment[]> {
  return storeOf(messageAttachmentsSignal(node));
}
