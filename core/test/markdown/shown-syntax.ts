// The "as it streams" check: a text is streamed in seeded random deltas of 1–12 characters, and
// after every delta the drawing is compared with the finished text's one-shot drawing. A delta is
// counted when the drawing shows something the finished drawing never shows at that place: a
// character of visible text that the final text does not have there (a table row's `|` before its
// delimiter row, backticks before a fence opens, `**`, `[text]` before its `(`, a bare list
// marker…), or an empty list item, quote or heading that the final drawing does not have.
//
// How: the visible text (every Text node, outside code-block headers and buttons, without
// whitespace) of the drawing must read as the final drawing's visible text from its start, with
// parts of the final left out only where the drawing may hide them (see `align`: a reference link
// whose definition has not arrived shows its text, without brackets and label). The settled
// blocks are aligned once, when they settle; each delta aligns the open block only, so the check
// costs what the stream does.
import { createMarkdownStream, renderMarkdown, type MarkdownOptions } from "../../src/markdown/index.js";
import { createRandom } from "../json/json-text.js";

export type ShownKind = "table row" | "backticks" | "emphasis" | "link brackets" | "empty block" | "other";

export interface ShownDelta {
  readonly kind: ShownKind;
  /** The text streamed so far. */
  readonly prefix: string;
  /** What the drawing showed, around the first difference. */
  readonly shown: string;
}

export interface ShownCount {
  readonly deltas: number;
  readonly flagged: readonly ShownDelta[];
  /** Whether the stream, once ended, drew what the one-shot rendering draws. */
  readonly endsAsOneShot: boolean;
}

/** Deltas of 1–12 characters, cut at seeded random places. */
export function randomDeltas(text: string, seed: number): string[] {
  const random = createRandom(seed);
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * 12);
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}

const SKIPPABLE = new Set(["[", "]", "!", "*", "_", "~", "`", "<", "&", "\\"]);
const EMPTY_TAGS = ["li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"] as const;

function visibleText(node: Node, out: string[]): void {
  if (node.nodeType === 3) {
    out.push((node as Text).data);
    return;
  }
  if (node.nodeType !== 1) return;
  const element = node as Element;
  // Controls are not text: the code block's header, a blocked image's "Load image".
  if (element.classList.contains("tl-code-header") || element.localName === "button") return;
  for (let child = element.firstChild; child !== null; child = child.nextSibling) visibleText(child, out);
}

function* siblingsFrom(node: Node | null): Generator<Node> {
  for (let at = node; at !== null; at = at.nextSibling) yield at;
}

const squeeze = (text: string): string => text.replace(/\s+/g, "");

/** Empty list items, quotes and headings in `nodes`, by tag, added to `counts`. */
function countEmpty(nodes: Iterable<Node>, counts: Map<string, number>): Map<string, number> {
  for (const node of nodes) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    for (const tag of EMPTY_TAGS) {
      const found = [...(element.localName === tag ? [element] : []), ...element.querySelectorAll(tag)];
      for (const each of found) if (squeeze(each.textContent ?? "") === "" && each.querySelector("input, img, hr, .tl-code") === null) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return counts;
}

function kindOf(char: string): ShownKind {
  if (char === "|") return "table row";
  if (char === "`" || char === "~") return "backticks";
  if (char === "*" || char === "_") return "emphasis";
  if (char === "[" || char === "]" || char === "(" || char === ")") return "link brackets";
  return "other";
}

/**
 * Aligns `shown` against `final` from `at`: returns where the alignment ends in `final`, or the
 * index in `shown` of the first character the final text does not have there. A letter may be
 * found further on (the drawing may leave out what the final text shows: a reference's label, a
 * held line); any other character (digits, punctuation: all the syntax) must be the final text's
 * next one, past only the syntax the drawing may hide (`[`, `]`, `!`, `*`, `_`, `~`, backticks,
 * `<`, `&`, `\`).
 */
function align(shown: string, final: string, at: number): { readonly at: number; readonly bad: number } {
  let j = at;
  for (let i = 0; i < shown.length; i++) {
    const char = shown[i]!;
    let k = j;
    while (k < final.length && final[k] !== char && SKIPPABLE.has(final[k]!)) {
      // A `[label]` the drawing hid whole (a reference whose definition never came).
      const close = final[k] === "[" ? final.indexOf("]", k) : -1;
      if (close > 0 && close - k <= LETTER_REACH && nextShown(final, k + 1, char) !== char) k = close + 1;
      else k++;
    }
    if (final[k] !== char && LETTER.test(char)) {
      const found = final.indexOf(char, j);
      k = found >= 0 && found - j <= LETTER_REACH ? found : -1;
    }
    if (k < 0 || final[k] !== char) return { at: j, bad: i };
    j = k + 1;
  }
  return { at: j, bad: -1 };
}

/** The first character from `at` that is not syntax the drawing may hide (or `char` itself). */
function nextShown(final: string, at: number, char: string): string | undefined {
  let k = at;
  while (k < final.length && final[k] !== char && SKIPPABLE.has(final[k]!)) k++;
  return final[k];
}

const LETTER = /\p{L}/u;
/** How far a letter is looked for: past a hidden reference label or two. */
const LETTER_REACH = 200;

/** Streams `text` in random deltas (seed `seed`) and counts the deltas that show what the end never shows. */
export function countShownSyntax(text: string, seed: number, options: MarkdownOptions = { highlighter: false }): ShownCount {
  const finalElement = document.createElement("div");
  renderMarkdown(finalElement, text, options);
  const finalParts: string[] = [];
  visibleText(finalElement, finalParts);
  const final = squeeze(finalParts.join(""));
  const finalEmpty = countEmpty(finalElement.childNodes, new Map());

  const element = document.createElement("div");
  const stream = createMarkdownStream(element, options);
  const flagged: ShownDelta[] = [];
  let prefix = "";
  let aligned = 0;
  let settled = 0;
  let settledBroken = false;
  const settledEmpty = new Map<string, number>();
  for (const delta of randomDeltas(text, seed)) {
    stream.append(delta);
    prefix += delta;
    // Newly settled blocks are aligned once; they never change while the stream goes on.
    for (; settled < stream.settledNodes && !settledBroken; settled++) {
      const parts: string[] = [];
      visibleText(element.childNodes[settled]!, parts);
      const shown = squeeze(parts.join(""));
      const result = align(shown, final, aligned);
      if (result.bad >= 0) settledBroken = true;
      aligned = result.at;
      countEmpty([element.childNodes[settled]!], settledEmpty);
    }
    const parts: string[] = [];
    for (const node of siblingsFrom(element.childNodes[settled] ?? null)) visibleText(node, parts);
    const open = squeeze(parts.join(""));
    let kind: ShownKind | undefined;
    let shown = "";
    if (settledBroken) {
      kind = "other";
      shown = "(a settled block)";
    } else {
      const result = align(open, final, aligned);
      if (result.bad >= 0) {
        kind = kindOf(open[result.bad]!);
        shown = open.slice(Math.max(0, result.bad - 20), result.bad + 20);
      }
    }
    if (kind === undefined) {
      const empty = countEmpty(siblingsFrom(element.childNodes[settled] ?? null), new Map(settledEmpty));
      for (const tag of EMPTY_TAGS) {
        if ((empty.get(tag) ?? 0) > (finalEmpty.get(tag) ?? 0)) {
          kind = "empty block";
          shown = `an empty <${tag}>`;
          break;
        }
      }
    }
    if (kind !== undefined) flagged.push({ kind, prefix, shown });
  }
  stream.setStreaming(false);
  const endsAsOneShot = element.innerHTML === finalElement.innerHTML;
  stream.dispose();
  return { deltas: randomDeltas(text, seed).length, flagged, endsAsOneShot };
}
