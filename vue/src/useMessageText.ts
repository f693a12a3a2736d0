import type { ReadonlySignal } from "@preact/signals-core";
import type { MessageNode } from "@threadline/core";
import { shallowRef } from "vue";
import { followNode, link, type NodeSource } from "./follow-node.js";
import type { SignalRef } from "./useSignal.js";

/**
 * The text of one message as a ref: it changes only when this message's text does, so a streamed
 * token re-renders the one component that shows it. Multimodal content shows its text parts
 * joined; a message with no text (an assistant message with tool calls only, an activity) is "".
 */
export function useMessageText(node: NodeSource<MessageNode>): SignalRef<string> {
  const text = shallowRef("");
  const dispose = followNode(
    node,
    (message, live) => {
      if (message === undefined || message.role === "activity") {
        text.value = "";
        return [];
      }
      const content = message.content as ReadonlySignal<unknown>;
      const unsubscribe = link(content, text, textOf, live);
      return unsubscribe === undefined ? [] : [unsubscribe];
    },
    "useMessageText()",
  );
  return Object.assign(text, { dispose });
}

/** Streamed text is already a string (returned as is, no copy); content parts are joined. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  let text = "";
  for (const part of content as readonly unknown[]) {
    if (typeof part === "object" && part !== null && (part as { type?: unknown }).type === "text") {
      const value = (part as { text?: unknown }).text;
      if (typeof value === "string") text += value;
    }
  }
  return text;
}
