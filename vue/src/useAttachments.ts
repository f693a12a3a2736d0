import { type Attachment, type MessageNode } from "@threadline/core";
import { messageAttachmentsSignal } from "@threadline/core/model";
import type { NodeSource } from "./follow-node.js";
import { followView, type SignalRef } from "./useSignal.js";

const NONE: readonly Attachment[] = Object.freeze([]);

/**
 * The media parts of a user or tool message (images, audio, video, documents) as a ref, each with
 * a `previewUrl` to show it by: the object URL of a file this chat sent, the inline data, or the
 * source's URL. It changes when the message's content or its previews do, never per token. Other
 * roles have none (an empty array).
 */
export function useAttachments(node: NodeSource<MessageNode>): SignalRef<readonly Attachment[]> {
  // Only user and tool messages carry media parts: the others' (constant, empty) list is not subscribed.
  return followView(node, (message) => (message.role === "user" || message.role === "tool" ? messageAttachmentsSignal(message) : undefined), NONE, "useAttachments()");
}
