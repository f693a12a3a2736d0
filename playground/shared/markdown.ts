// Markdown for assistant text: marked turns it into HTML, DOMPurify removes anything that could
// run (scripts, event handlers, javascript: links). Text streams in, so this runs on a growing
// string; only the one message being streamed renders again.
import DOMPurify from "dompurify";
import { markdownHtml } from "./markdown-html.js";

// Links from the agent open in a new tab and never get the opener.
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

export function renderMarkdown(text: string): string {
  if (text === "") return "";
  return DOMPurify.sanitize(markdownHtml(text), { USE_PROFILES: { html: true } });
}
