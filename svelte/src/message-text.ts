import { computed } from "@preact/signals-core";
import type { MessageNode } from "@threadline/core";
import type { MessageContent } from "@threadline/core/model";
import type { Readable } from "svelte/store";
import { fromSignal } from "./signal-store.js";

const texts = new WeakMap<MessageNode, Readable<string>>();

/**
 * The text of one message as a store: `""` until text arrives, then the streamed text. Each
 * TEXT_MESSAGE_CONTENT for this message notifies it once; nothing else does. For user and tool
 * messages made of content parts it is their text parts joined; an activity message has no text
 * (`""`). The same node always gives the same store.
 */
export function messageText(node: MessageNode): Readable<string> {
  let store = texts.get(node);
  if (store === undefined) {
    // A computed over the one content signal: it links to the graph only while subscribed, and
    // it notifies only when the resulting string changes.
    store = fromSignal(computed(() => textOf(node)));
    texts.set(node, store);
  }
  return store;
}

function textOf(node: MessageNode): string {
  switch (node.role) {
    case "assistant":
      return node.content.value ?? "";
    case "user":
    case "tool":
      return contentText(node.content.value);
    case "system":
    case "developer":
    case "reasoning":
      return node.content.value;
    case "activity":
      return "";
    default: {
      const unknown: never = node;
      return unknown;
    }
  }
}

function contentText(content: MessageContent): string {
  if (typeof content === "string") return content;
  let text = "";
  for (const part of content) if (part.type === "text") text += part.text;
  return text;
}
