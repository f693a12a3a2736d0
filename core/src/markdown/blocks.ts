import type { Token } from "markdown-it";

/**
 * Block-boundary tracking: which top-level blocks of the text can no longer change.
 *
 * markdown-it parses the open text and says where each top-level block starts (its `map`). A
 * block is final once the next block has begun on a whole line: markdown-it decides where a
 * block ends at the first line that does not continue it, and a line that is whole cannot turn
 * into one that does (a half-written line can: `fo` after a table may become `fo | x`, a row).
 * The text is cut where the last settled block ends (not where the next begins: a link reference
 * definition between them may still grow, its title taking the next lines); what follows is
 * parsed alone, which is the same as parsing it in place, since no container is open across the
 * cut. A code fence is final as soon as its closing fence line is whole, whatever follows.
 * Definitions apply across the cut through references.ts.
 */

/** One top-level block: tokens `[from, to)`, starting on line `line` of the open text. */
export interface BlockGroup {
  readonly from: number;
  readonly to: number;
  readonly line: number;
  /** The line after its last (undefined for a plugin's token without lines). */
  readonly end: number | undefined;
}

export function blockGroups(tokens: readonly Token[]): BlockGroup[] {
  const groups: BlockGroup[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (depth === 0) from = i;
    depth += token.nesting;
    if (depth === 0) groups.push({ from, to: i + 1, line: tokens[from]!.map?.[0] ?? 0, end: tokens[from]!.map?.[1] });
  }
  return groups;
}

/** Where each line of the open text starts; kept up to date from the deltas alone. */
export class LineIndex {
  #starts: number[] = [0];

  /** Lines ended by a line break (the last line, after the last break, is not counted). */
  get complete(): number {
    return this.#starts.length - 1;
  }

  start(line: number): number {
    return this.#starts[line]!;
  }

  /** `text` was appended at offset `from`. */
  add(text: string, from: number): void {
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) this.#starts.push(from + at + 1);
  }

  /** Lines before `line` (which starts at offset `cut`) were cut off the text. */
  drop(line: number, cut: number): void {
    this.#starts = this.#starts.slice(line).map((start) => start - cut);
  }
}

export interface Fence {
  readonly marker: "`" | "~";
  readonly size: number;
  /** Offset of the first line of code. */
  readonly body: number;
}

const OPENER = /^(`{3,}|~{3,})([^\n]*)\n/;
const CLOSER = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** The fence that opens on line `line` of the open text, when that line is whole and unindented. */
export function fenceOpener(text: string, lines: LineIndex, line: number): Fence | undefined {
  if (line >= lines.complete) return undefined;
  const match = OPENER.exec(text.slice(lines.start(line), lines.start(line + 1)));
  if (match === null) return undefined;
  const marker = match[1]![0] as "`" | "~";
  if (marker === "`" && match[2]!.includes("`")) return undefined;
  return { marker, size: match[1]!.length, body: lines.start(line + 1) };
}

/** Whether `line` (without its line break) closes `fence`. */
export function isClosingLine(line: string, fence: Fence): boolean {
  const match = CLOSER.exec(line);
  return match !== null && match[1]![0] === fence.marker && match[1]!.length >= fence.size;
}

/** Whether a half-written last line could still become the closing fence. */
export function mayBeClosingLine(line: string, fence: Fence): boolean {
  let at = 0;
  while (at < 3 && line[at] === " ") at++;
  let markers = 0;
  while (line[at + markers] === fence.marker) markers++;
  const rest = line.slice(at + markers);
  return rest === "" || (markers >= fence.size && /^[ \t]*$/.test(rest));
}

/** Whether block `group` is a code fence whose closing line is whole. */
export function closesFence(text: string, lines: LineIndex, group: BlockGroup, tokens: readonly Token[]): boolean {
  const token = tokens[group.from]!;
  if (token.type !== "fence" || group.to !== group.from + 1 || token.map === null) return false;
  const [first, end] = token.map;
  if (end - first < 2 || end > lines.complete) return false;
  const opener = /^ {0,3}(`{3,}|~{3,})/.exec(text.slice(lines.start(first), lines.start(first + 1)));
  if (opener === null) return false;
  const fence: Fence = { marker: opener[1]![0] as "`" | "~", size: opener[1]!.length, body: 0 };
  return isClosingLine(text.slice(lines.start(end - 1), lines.start(end) - 1), fence);
}
