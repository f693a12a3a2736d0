import { DEV } from "esm-env";
import { describeChar, type PartialJsonErrorCode } from "./partial-json-error.js";

// Escapes other than \u, indexed by the character after the backslash.
const SIMPLE_ESCAPES: Readonly<Record<number, string>> = {
  34: '"', 92: "\\", 47: "/", 98: "\b", 102: "\f", 110: "\n", 114: "\r", 116: "\t",
};

/**
 * Characters `String.prototype.trim` removes that may appear raw inside a JSON string
 * (tab, newline etc. must be escaped there, so they are not in this list).
 */
function isTrimmedSpace(c: number): boolean {
  return c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 ||
    c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/**
 * A JSON string being read across deltas: the decoded text, and how far an escape has got.
 *
 * partial-json trims the whole text before parsing, so a string cut right after raw spaces
 * shows without them ("hello " reads as "hello") until something else follows. To show the
 * same value without re-slicing a long string, the trailing raw spaces are kept apart in `tail`
 * and joined to `stable` only when more text arrives after them. Both are appended to, which
 * V8 does as a rope: O(piece), never a copy of the string so far.
 */
export class StringToken {
  #stable = "";
  #tail = "";
  /** 0: none; 1: after "\"; 2–5: that many hex digits of a \u escape read, plus 2. */
  #escape = 0;
  #hex = 0;
  /** Set by `read` when it consumed the closing quote. */
  closed = false;
  /** Set by `read` when it stopped at a character that is not allowed (at the returned index). */
  problem: { code: PartialJsonErrorCode; message: string } | undefined = undefined;

  reset(): void {
    this.#stable = "";
    this.#tail = "";
    this.#escape = 0;
    this.closed = false;
  }

  /** The whole decoded text (for a closed string). */
  get full(): string {
    return this.#tail === "" ? this.#stable : this.#stable + this.#tail;
  }

  /** What partial-json shows for the string cut here. Its length never decreases. */
  get shown(): string {
    return this.#escape === 0 || this.#tail === "" ? this.#stable : this.#stable + this.#tail;
  }

  /** Reads from `d[i]` until the closing quote, the end of `d`, or a bad character. */
  read(d: string, i: number): number {
    const n = d.length;
    while (i < n) {
      if (this.#escape === 0) {
        let j = i;
        let c = 0;
        for (; j < n; j++) {
          c = d.charCodeAt(j);
          if (c === 34 || c === 92 || c < 32) break;
        }
        if (j > i) this.#appendRaw(d, i, j);
        if (j === n) return n;
        if (c === 34) {
          this.closed = true;
          return j + 1;
        }
        if (c !== 92) {
          this.problem = { code: "CONTROL_CHARACTER", message: DEV ? `Unescaped control character ${describeChar(c)} in a string` : "" };
          return j;
        }
        this.#escape = 1;
        i = j + 1;
        continue;
      }
      const c = d.charCodeAt(i);
      if (this.#escape === 1) {
        const simple = SIMPLE_ESCAPES[c];
        if (simple !== undefined) {
          this.#appendDecoded(simple);
        } else if (c === 117) {
          this.#escape = 2;
          this.#hex = 0;
        } else {
          this.problem = { code: "INVALID_ESCAPE", message: DEV ? `Invalid escape "\\${String.fromCharCode(c)}" in a string` : "" };
          return i;
        }
      } else {
        const h = hexDigit(c);
        if (h < 0) {
          this.problem = { code: "INVALID_ESCAPE", message: DEV ? `Expected a hex digit in a \\u escape but found ${describeChar(c)}` : "" };
          return i;
        }
        this.#hex = this.#hex * 16 + h;
        // One UTF-16 unit per escape; a surrogate pair is two escapes and joins up by itself.
        if (++this.#escape === 6) this.#appendDecoded(String.fromCharCode(this.#hex));
      }
      i++;
    }
    return i;
  }

  #appendRaw(d: string, from: number, to: number): void {
    let spaces = to;
    while (spaces > from && isTrimmedSpace(d.charCodeAt(spaces - 1))) spaces--;
    if (spaces === from) {
      this.#tail += d.slice(from, to);
      return;
    }
    if (this.#tail !== "") this.#stable += this.#tail;
    this.#stable += from === 0 && spaces === d.length ? d : d.slice(from, spaces);
    this.#tail = spaces === to ? "" : d.slice(spaces, to);
  }

  #appendDecoded(text: string): void {
    this.#stable += this.#tail === "" ? text : this.#tail + text;
    this.#tail = "";
    this.#escape = 0;
  }
}
