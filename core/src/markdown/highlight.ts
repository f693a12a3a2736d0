/**
 * What a code block needs from a syntax highlighter: one line at a time, from the grammar's
 * state at the end of the line before. A streaming fence then costs the line being written, not
 * the block: finished lines are tokenized once and kept, only the open line is tokenized again.
 */

export interface HighlightToken {
  readonly content: string;
  /** A CSS colour from the highlighter's theme. */
  readonly color?: string;
  /**
   * The colour in a dark `color-scheme`, from a second theme: the code block then draws
   * `light-dark(color, darkColor)`, which follows the page's `color-scheme`.
   */
  readonly darkColor?: string;
  /** Bit flags: 1 italic, 2 bold, 4 underline. */
  readonly fontStyle?: number;
}

export interface LineTokenizer {
  /** The state before the first line. */
  readonly initial: unknown;
  /** The tokens of `line` (no line break in it) read from `state`, and the state after it. */
  line(line: string, state: unknown): { readonly tokens: readonly HighlightToken[]; readonly state: unknown };
}

export interface Highlighter {
  /** The tokenizer for a fence's language, or null when there is none; may load it first. */
  load(lang: string): LineTokenizer | null | Promise<LineTokenizer | null>;
}
