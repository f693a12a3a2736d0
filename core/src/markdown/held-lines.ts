import type { Token } from "markdown-it";
import type { LineIndex } from "./blocks.js";
import type { Definition } from "./references.js";

/**
 * The end of the open text that is not drawn yet because what it will be is not decided: a
 * half-written line that is only markers so far, or a table's header row before its delimiter
 * row. Drawn as it stands, each would show syntax the finished text never shows:
 *
 * - the last line, once the quote and list markers it opens with are set aside, has no letter or
 *   digit yet: `-` (a bullet, a rule or a setext underline?), `**`, `` `` `` (a fence?), `##`,
 *   `> `, `[ ]`, `|`: an empty bullet or quote, raw `**`;
 * - the last line is digits that may become an ordered list's marker (`2`, `12.`);
 * - the last line opens a fence (its info string is not whole, or it may be a closing line);
 * - a line with a `|` outside a table, last or followed only by what may be a delimiter row
 *   (`| Item | Price |` then `| --`): a table header shown as a paragraph until then;
 * - a link definition on the last line, whose URL is not whole (`[logo]: https://exa`), or a
 *   paragraph that may still become one (`[logo]:`, `[lo`).
 *
 * The held lines are drawn as soon as a delta decides them, and never once the stream ends.
 */
export function heldFrom(text: string, lines: LineIndex, tokens: readonly Token[], from: number, shift: number, definitions: readonly Definition[]): number {
  const last = lines.complete;
  const lastStart = lines.start(last);
  const line = text.slice(lastStart);
  // A link definition on the half-written line: its URL is not whole yet.
  const definition = line === "" ? undefined : definitions.find((d) => d.from <= last + shift && last + shift < d.to);
  if (definition !== undefined) return lines.start(Math.max(0, definition.from - shift));
  const rest = line.slice(CONTAINERS.exec(line)![0].length);
  const block = blockAt(tokens, from, last + shift);
  // Inside code only a line that may close the fence is held (a half-written closing line); a
  // table's delimiter row is not held once markdown-it reads the table (its header would go back
  // to being a paragraph).
  if (block === "code") return line !== "" && (FENCE.test(rest) || FENCE_CHARS.test(rest)) ? lastStart : text.length;
  if (block === "delimiter row") return text.length;
  let held = text.length;
  // A paragraph that may be a link definition being written (`[id]: url "title`) shows nothing.
  const paragraph = paragraphAt(tokens, from, (line.trim() === "" ? last - 1 : last) + shift);
  if (paragraph !== undefined && DEFINITION.test(paragraph.content)) return lines.start(paragraph.line - shift);
  if (line !== "" && (paragraph === undefined || paragraph.line === last + shift) && PARTIAL_DEFINITION.test(line)) return lastStart;
  if (line !== "" && (!CONTENT.test(rest) || MARKER_DIGITS.test(rest) || FENCE.test(rest) || TASK.test(rest))) held = lastStart;
  if (line.includes("|") && block === undefined) held = lastStart;
  // The line before may be a table header when the last line is empty or may be its delimiter row.
  if (last > 0 && (line === "" || DELIMITER_ROW.test(rest))) {
    const previousStart = lines.start(last - 1);
    if (block === undefined && text.slice(previousStart, lastStart).includes("|") && blockAt(tokens, from, last - 1 + shift) === undefined) held = previousStart;
  }
  return held;
}

/** Quote markers, list markers (`-`, `+`, `*` and `1.` / `1)` followed by a space or the end) and indent. */
const CONTAINERS = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))*[ \t]*/;
const CONTENT = /[\p{L}\p{N}]/u;
const MARKER_DIGITS = /^\d{1,9}[.)]?$/;
const FENCE = /^(?:\x60{3,}|~{3,})/;
const FENCE_CHARS = /^(?:\x60+|~+)[ \t]*$/;
const TASK = /^\[[ xX]?\]?[ \t]*$/;
const DELIMITER_ROW = /^\|?[ \t]*:?-*:?[ \t]*(?:\|[ \t]*:?-*:?[ \t]*)*\|?[ \t]*$/;

const DEFINITION = /^\[[^\]]+\]:/;
const PARTIAL_DEFINITION = /^ {0,3}\[[^\]]*(?:\]:?)?$/;
const CODE = new Set(["fence", "code_block", "math_block"]);

/** The paragraph whose lines include `line`, with its first line and inline content. */
function paragraphAt(tokens: readonly Token[], from: number, line: number): { readonly line: number; readonly content: string } | undefined {
  for (let i = tokens.length - 1; i >= from; i--) {
    const token = tokens[i]!;
    if (token.type !== "paragraph_open" || token.map === null) continue;
    if (token.map[0] <= line && line < token.map[1]) return { line: token.map[0], content: tokens[i + 1]?.content ?? "" };
    if (token.map[1] <= line) return undefined;
  }
  return undefined;
}

/** Whether line `line` (of the parse's text) is in a table (its delimiter row) or in code among `tokens[from…]`. */
function blockAt(tokens: readonly Token[], from: number, line: number): "table" | "delimiter row" | "code" | undefined {
  for (let i = from; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.map === null || line < token.map[0] || line >= token.map[1]) continue;
    if (token.type === "table_open") return line === token.map[0] + 1 ? "delimiter row" : "table";
    if (CODE.has(token.type)) return "code";
  }
  return undefined;
}
