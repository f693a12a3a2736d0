import markdownIt, { type MarkdownIt } from "markdown-it";
import { traceReferences } from "./references.js";
import type { TokenRenderer } from "./tree.js";

/**
 * The block parser: markdown-it, CommonMark with GFM tables, strikethrough and autolinked URLs.
 * Raw HTML is off (it shows as text), typographic replacements are off (what the model wrote is
 * what shows). Chosen over micromark (which yields HTML or a low-level event stream, not tokens
 * with line ranges) and marked (not CommonMark-exact): markdown-it is synchronous, fast, gives a
 * flat token stream with each block's source lines — what block-boundary tracking needs — and
 * has the plugin API the math plugin point rides on.
 */

/** A parser extension: markdown-it rules, and how to draw the tokens they make. */
export interface MarkdownPlugin {
  readonly name: string;
  /** Receives the markdown-it instance (markdown-it's own plugin signature). */
  readonly parser?: (md: MarkdownIt) => void;
  /** Draws the plugin's token types; without an entry a token shows as its text. */
  readonly tokens?: Readonly<Record<string, TokenRenderer>>;
}

const NO_PLUGINS: readonly MarkdownPlugin[] = [];
const parsers = new WeakMap<readonly MarkdownPlugin[], MarkdownIt>();

/** One parser per plugin list (most apps have one), made on first use. */
export function parserFor(plugins: readonly MarkdownPlugin[] = NO_PLUGINS): MarkdownIt {
  let md = parsers.get(plugins);
  if (md === undefined) {
    md = markdownIt("default", { html: false, linkify: true, typographer: false });
    traceReferences(md);
    for (const plugin of plugins) plugin.parser?.(md);
    parsers.set(plugins, md);
  }
  return md;
}

export function tokenRenderers(plugins: readonly MarkdownPlugin[] = NO_PLUGINS): Record<string, TokenRenderer> {
  const renderers: Record<string, TokenRenderer> = {};
  for (const plugin of plugins) Object.assign(renderers, plugin.tokens);
  return renderers;
}
