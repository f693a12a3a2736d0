import { DEV } from "esm-env";
import type { MarkdownIt } from "markdown-it";
import { codeBlockWidget } from "./code-block.js";
import { MarkdownError } from "./errors.js";
import type { Highlighter } from "./highlight.js";
import { isOriginPattern } from "./images.js";
import { parserFor, tokenRenderers, type MarkdownPlugin } from "./parser.js";
import { safeUrl, type UrlPolicy } from "./safe-url.js";
import { defaultHighlighter } from "./shiki.js";
import { plainSafePlugins } from "./text-tail.js";
import { componentWidget, type MarkdownComponents, type TreeOptions } from "./tree.js";

export interface MarkdownOptions {
  /**
   * Highlights code blocks. Default: Shiki with a few common languages, each loaded on first
   * use (see `shikiHighlighter`); `false` for plain code.
   */
  readonly highlighter?: Highlighter | false;
  /** App components for code blocks, links and images, in place of the built-in drawing. */
  readonly components?: MarkdownComponents;
  /** Parser extensions (math, say: `mathPlugin`). Pass the same array each time: a parser is made per array. */
  readonly plugins?: readonly MarkdownPlugin[];
  /** Which link and image URLs are kept (default `safeUrl`: http(s), mailto, tel and relative). */
  readonly urlPolicy?: UrlPolicy;
  /** `target` of absolute links, `"_blank"` by default (with `rel="noopener noreferrer"`); `""` for none. */
  readonly linkTarget?: string;
  /**
   * Origins whose images are drawn at once: `"https://cdn.example.com"`, `"https://*.example.com"`
   * (its subdomains), or `"*"` (every remote image). Default none: an image on another origin than
   * the page's shows its alt text and a "Load image" button, so the text cannot make the browser
   * send a request to a server it names.
   */
  readonly imageOrigins?: readonly string[];
  /** Told when a plugin or the parser threw; the open block then shows as plain text. Default: console.error. */
  readonly onError?: (error: MarkdownError) => void;
}

export interface Resolved {
  readonly md: MarkdownIt;
  readonly tree: TreeOptions;
  readonly onError: (error: MarkdownError) => void;
  /** Whether plain words may skip the parse (see text-tail.ts): not with a plugin of unknown syntax. */
  readonly plainWords: boolean;
}

const COMPONENT_KINDS = ["code", "link", "image"] as const;
const NO_ORIGINS: readonly string[] = [];

export function resolveOptions(options: MarkdownOptions = {}): Resolved {
  check(options, "options", typeof options === "object" && options !== null);
  const { highlighter, components = {}, plugins, urlPolicy = safeUrl, linkTarget = "_blank", imageOrigins = NO_ORIGINS, onError = reportToConsole } = options;
  check(highlighter, "highlighter", highlighter === undefined || highlighter === false || typeof highlighter?.load === "function");
  check(components, "components", typeof components === "object" && components !== null);
  for (const kind of Object.keys(components)) {
    check(kind, "components", (COMPONENT_KINDS as readonly string[]).includes(kind), DEV ? `components.${kind} is not one of ${COMPONENT_KINDS.join(", ")}` : "");
    const mount = (components as Record<string, unknown>)[kind];
    check(mount, `components.${kind}`, mount === undefined || typeof mount === "function");
  }
  check(plugins, "plugins", plugins === undefined || (Array.isArray(plugins) && plugins.every((p) => typeof p === "object" && p !== null && typeof p.name === "string")));
  check(urlPolicy, "urlPolicy", typeof urlPolicy === "function");
  check(linkTarget, "linkTarget", typeof linkTarget === "string");
  check(imageOrigins, "imageOrigins", Array.isArray(imageOrigins));
  for (const origin of imageOrigins) {
    check(origin, "imageOrigins", isOriginPattern(origin), DEV ? "imageOrigins entries are origins (https://cdn.example.com), https://*.example.com or *" : "");
  }
  check(onError, "onError", typeof onError === "function");
  const code = components.code;
  const codeBlock = code
    ? (props: Parameters<typeof code>[1]) => componentWidget("code", props, code, "div")
    : codeBlockWidget(highlighter === false ? undefined : (highlighter ?? defaultHighlighter()));
  const md = parserFor(plugins);
  return {
    md,
    tree: { urlPolicy, components, tokens: tokenRenderers(plugins), codeBlock, linkTarget, imageOrigins, unescape: md.utils.unescapeAll },
    onError,
    plainWords: (plugins ?? []).every((plugin) => plugin.parser === undefined || plainSafePlugins.has(plugin)),
  };
}

function check(value: unknown, option: string, ok: boolean, message?: string): void {
  if (!ok) throw new MarkdownError("MARKDOWN_BAD_OPTION", DEV ? `markdown: ${message ?? `option ${option} has the wrong type`} (got ${describe(value)}).` : "", { option, value }, { where: option });
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : typeof value;
}

function reportToConsole(error: MarkdownError): void {
  console.error(`[threadline] ${error.code}: ${error.message}`, error.cause);
}
