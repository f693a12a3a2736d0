// Markdown to HTML (not yet sanitized: see markdown.ts). Separate so Node tests can render the
// expected HTML with exactly the options the apps use.
import { Marked } from "marked";

const marked = new Marked({ gfm: true, breaks: false, async: false });

export function markdownHtml(text: string): string {
  return text === "" ? "" : marked.parse(text, { async: false });
}
