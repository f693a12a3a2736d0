// Public entry of @threadline/core/markdown: streaming markdown at the cost of the delta.
export { createMarkdownStream, renderMarkdown } from "./renderer.js";
export type { MarkdownStream } from "./renderer.js";
export { streamMarkdown, markdownHtml } from "./message.js";
export { markdownToHtml } from "./html.js";
export type { MarkdownOptions } from "./options.js";
export type { MarkdownPlugin } from "./parser.js";
export { mathPlugin } from "./math.js";
export type { MathOptions } from "./math.js";
export { shikiHighlighter, DEFAULT_LANGUAGES } from "./shiki.js";
export type { ShikiOptions } from "./shiki.js";
export type { Highlighter, HighlightToken, LineTokenizer } from "./highlight.js";
export { safeUrl } from "./safe-url.js";
export type { UrlPolicy } from "./safe-url.js";
export { MarkdownError } from "./errors.js";
export type { MarkdownErrorCode } from "./errors.js";
export type { PatchCounts } from "./dom.js";
export type {
  CodeBlockProps,
  ComponentMount,
  ImageProps,
  LinkProps,
  MarkdownComponents,
  MarkdownElement,
  MarkdownNode,
  MarkdownWidget,
  MountedComponent,
  TokenRenderer,
  WidgetView,
} from "./tree.js";
