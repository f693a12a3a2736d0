import type { Token } from "markdown-it";
import { viewOf } from "./dom.js";
import type { MarkdownPlugin } from "./parser.js";
import type { Definition } from "./references.js";

/**
 * The commonest delta, plain words added to the paragraph being written, taken without parsing.
 *
 * After a parse of the open block, `textTail` checks that the text ends in a paragraph whose last
 * inline token is text drawn in the container's last Text node, that the last line's block role
 * is decided (after any `>`, list markers and indent it starts with a letter, so no added
 * character can make it a list item, heading, fence, table row or setext underline), and that the
 * last word is plain. A delta of plain characters only (letters, digits, spaces and punctuation
 * no inline rule of markdown-it starts or ends at) then changes nothing but that text, which
 * markdown-it would give back as the same Text node grown by the delta: the tail appends it to
 * the node and the parse is skipped. A dot followed by anything but a space makes the delta go
 * the slow way (`a.b` may be a link to linkify), as does any other character. Trailing spaces
 * are held back until a word follows them: markdown-it trims them off the paragraph's end.
 */
export class TextTail {
  readonly #node: Text;
  /** The last word shown (no spaces in it), and the spaces after it not shown yet. */
  #word: string;
  #held: string;

  constructor(node: Text, word: string, held: string) {
    this.#node = node;
    this.#word = word;
    this.#held = held;
  }

  /** Shows `delta` (already appended to the text) and returns true, or returns false when it needs a parse. */
  extend(delta: string): boolean {
    if (!PLAIN.test(delta)) return false;
    const run = this.#word + this.#held + delta;
    const shown = trimSpaces(run);
    if (LINKISH_DOT.test(shown)) return false;
    if (shown.length > this.#word.length) this.#node.appendData(shown.slice(this.#word.length));
    this.#word = shown.slice(shown.lastIndexOf(" ") + 1);
    this.#held = run.slice(shown.length);
    return true;
  }
}

/**
 * Parser plugins whose syntax starts at none of the plain characters below (math starts at `$`).
 * With any other plugin (its rules are unknown) every delta is parsed.
 */
export const plainSafePlugins = new WeakSet<MarkdownPlugin>();

/**
 * Characters that no markdown-it rule (nor linkify, but for the dot) starts at, ends at or is
 * changed by, and that the streaming view never holds back (`!` may open an image: held).
 */
const PLAIN = /^[\p{L}\p{N} ,;'"?().-]*$/u;
/** A dot with a character after it that is not a space: `example.com`, `1.5`. */
const LINKISH_DOT = /\.[^ ]/;
/** Markers of the containers a line may open with (quote, bullet, ordered item), and indent. */
const CONTAINERS = /^(?: *(?:>|[-+*] |\d{1,9}[.)] ))* */;
const LETTER = /^\p{L}/u;

/** `[id]: url 'title` with the title still open: a quote added may make the paragraph a definition. */
const mayBeDefinition = (content: string): boolean => content.startsWith("[") && content.includes("]:");

const trimSpaces = (text: string): string => {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return text.slice(0, end);
};

/**
 * The tail of the open block `text` (parsed as `tokens`, drawn in `container`), when plain words
 * can be appended to it without a parse; undefined otherwise. A paragraph right under a link
 * definition (`definitions`, lines as in `tokens`) may be the definition's title still being
 * written (`'a title` closed by a later quote), so it is not a tail.
 */
export function textTail(tokens: readonly Token[], text: string, container: Node, definitions: readonly Definition[]): TextTail | undefined {
  let i = tokens.length - 1;
  while (i >= 0 && tokens[i]!.nesting === -1) i--;
  const inline = tokens[i];
  const paragraph = tokens[i - 1];
  if (inline?.type !== "inline" || paragraph?.type !== "paragraph_open" || mayBeDefinition(inline.content)) return undefined;
  if (definitions.some((definition) => definition.to === paragraph.map?.[0])) return undefined;
  const last = inline.children?.at(-1);
  if (last?.type !== "text") return undefined;
  const lineStart = text.lastIndexOf("\n") + 1;
  const line = text.slice(lineStart);
  if (!LETTER.test(line.slice(CONTAINERS.exec(line)![0].length))) return undefined;
  const shown = trimSpaces(text);
  const held = text.slice(shown.length);
  const word = shown.slice(Math.max(shown.lastIndexOf(" "), lineStart - 1) + 1);
  if (!PLAIN.test(word) || LINKISH_DOT.test(word) || !last.content.endsWith(word)) return undefined;
  // The container's last Text node, outside any widget: the last text token's, if it ends the same.
  let node = container.lastChild;
  while (node !== null && node.nodeType === 1 && viewOf(node) === undefined) node = node.lastChild;
  if (node === null || node.nodeType !== 3 || !(node as Text).data.endsWith(word)) return undefined;
  const parent = node.parentNode;
  if (parent === null || parent.nodeType !== 1 || ((parent as Element).localName !== "p" && (parent as Element).localName !== "li")) return undefined;
  return new TextTail(node as Text, word, held);
}
