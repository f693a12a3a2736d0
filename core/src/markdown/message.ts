import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import { currentText, subscribeText } from "../model/views/text-stream.js";
import type { MessageNode } from "../model/types.js";
import { MarkdownError } from "./errors.js";
import { markdownToHtml } from "./html.js";
import type { MarkdownOptions } from "./options.js";
import { createMarkdownStream, type MarkdownStream } from "./renderer.js";

/**
 * A message's markdown, streamed into `container`: each text delta (`subscribeText`) is appended
 * to a MarkdownStream, and the message's `streaming` flag says when the open block is drawn as
 * written. What the bindings' `<StreamingMarkdown>` runs. Returns the function that stops it
 * (and empties the container).
 */
export function streamMarkdown(container: HTMLElement, node: MessageNode, options?: MarkdownOptions): () => void {
  checked(node, "streamMarkdown");
  const stream: MarkdownStream = createMarkdownStream(container, options);
  const flag = (node as { streaming?: ReadonlySignal<boolean> }).streaming;
  const stopFlag = flag?.subscribe === undefined ? () => {} : flag.subscribe((streaming) => stream.setStreaming(streaming));
  if (flag?.subscribe === undefined) stream.setStreaming(false);
  const stopText = subscribeText(node, stream);
  return () => {
    stopText();
    stopFlag();
    stream.dispose();
  };
}

/** The message's markdown as it is now, as markup (server rendering). */
export function markdownHtml(node: MessageNode, options?: MarkdownOptions): string {
  checked(node, "markdownHtml");
  return markdownToHtml(currentText(node), options);
}

function checked(node: MessageNode, where: string): void {
  const content = (node as { content?: { subscribe?: unknown } } | null | undefined)?.content;
  if (typeof content?.subscribe !== "function") {
    throw new MarkdownError("MARKDOWN_NOT_A_MESSAGE", DEV ? `${where}: expected a message node with a content signal, got ${node === null ? "null" : typeof node}.` : "", node);
  }
}
