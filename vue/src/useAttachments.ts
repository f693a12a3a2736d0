import { type Attachment, type MessageNode } from "@threadline/core";
import { messageAttachmentsSignal } from "@threadline/core/model";
import { shallowRef } from "vue";
import { followNode, link, type NodeSource } from "./follow-node.js";
import type { SignalRef } from "./useSignal.js";

const NONE: readonly Attachment[] = Object.freeze([]);
const same = <T>(value: T): T => value;

/**
 * The media parts of a user or tool message (images, audio, video, documents) as a ref, each with
 * a `previewUrl` to show it by: the object URL of a file this chat sent, the inline data, or the
 * source's URL. It changes when the message's content or its previews do, never per token. Other
 * roles have none (an empty array).
 */
export function useAttachments(node: NodeSource<MessageNode>): SignalRef<readonly Attachment[]> {
  const attachments = shallowRef<readonly Attachment[]>(NONE);
  const dispose = followNode(
    node,
    (message, live) => {
      // Only user and tool messages carry media parts: the others' (constant, empty) list is not subscribed.
      if (message === undefined || (message.role !== "user" && message.role !== "tool")) {
        attachments.value = NONE;
        return [];
      }
      const unsubscribe = link(messageAttachmentsSignal(message), attachments, same, live);
      return unsubscribe === undefined ? [] : [unsubscribe];
    },
    "useAttachments()",
  );
  return Object.assign(attachments, { dispose });
}
