import { DEV } from "esm-env";
import { PartialJsonError, describeChar, type PartialJsonErrorCode } from "./partial-json-error.js";
import { NumberToken, UNCHANGED } from "./partial-number.js";
import { StringToken } from "./partial-string.js";
import { PartialValueTree } from "./partial-value-tree.js";
import { TopLevelFieldTracker, type TopLevelFields } from "./top-level-fields.js";

export interface PartialJsonOptions {
  /** Most objects/arrays open at once; deeper input is a `NESTING_TOO_DEEP` error. Default 1000. */
  readonly maxDepth?: number;
  /** Longest number literal accepted, in characters; default 1000 (see README). */
  readonly maxNumberLength?: number;
}

/** Diagnostic counters: what the parser has done so far (used by tests and benchmarks). */
export interface PartialJsonStats {
  /** Characters received. Each is read exactly once. */
  readonly charsRead: number;
  /** Published containers copied so a write would not change a value already returned. */
  readonly containersCopied: number;
  /** Total elements/keys in those copies. */
  readonly entriesCopied: number;
}

export interface PartialJsonParser {
  /**
   * Reads one more piece of the text and returns the best-effort value of everything so far
   * (`undefined` until a value can be shown). Throws `PartialJsonError` when the text stops
   * being a prefix of valid JSON; after that every `push` and `write` throws the same error.
   * Same as `write(delta)` followed by reading `value`.
   */
  push(delta: string): unknown;
  /**
   * Reads one more piece of the text without building the value: the work is only the new
   * characters. Reading `value` later builds it once, so a consumer that reads less often than
   * text arrives (once per frame, say) pays the copying once per read, not once per delta.
   */
  write(delta: string): void;
  /** The complete value, or a `PartialJsonError` (`INCOMPLETE`, or the sticky error). */
  end(): unknown;
  /**
   * The best-effort value of the text so far (as far as it got, if a write threw). Values
   * handed out are never mutated afterwards: later text yields new objects along the changed
   * path, and every sub-value off that path keeps its identity. While an array or object of 64
   * entries or more is open, a read is either exact or the previous read itself, at most n / 8
   * characters behind the text (n: the entries of the open containers that large), so that a
   * growing table costs O(1) per character, not a copy of the table per read; it is exact once
   * that container closes, after an error, and at `end()`.
   */
  readonly value: unknown;
  /** Every character received, including any after an error. */
  readonly text: string;
  /** The top-level value is closed (a top-level number only once a character follows it). */
  readonly complete: boolean;
  readonly error: PartialJsonError | undefined;
  /** Live progress of the top-level object's keys. */
  readonly topLevel: TopLevelFields;
  readonly stats: PartialJsonStats;
}

/**
 * An incremental parser for streamed JSON. Each `push` reads only the new characters; the
 * parse state (open containers, the string/number/literal being read, escape state) is kept
 * between pushes. The value after each push equals partial-json's `parse(text, Allow.ALL)`
 * (with the exceptions listed in the guide, long open arrays among them: see `value`), and a
 * push that extends one field returns new objects only along the path to that field.
 */
export function createPartialJsonParser(options: PartialJsonOptions = {}): PartialJsonParser {
  return new IncrementalJsonParser(options.maxDepth ?? 1000, options.maxNumberLength ?? 1000);
}

// What the structural reader expects next.
const M_VALUE = 0; // a value (top level, after ":" or after "," in an array)
const M_ARRAY_FIRST = 1; // a value or "]" (just after "[")
const M_OBJECT_FIRST = 2; // a key or "}" (just after "{")
const M_KEY = 3; // a key (after "," in an object)
const M_COLON = 4;
const M_AFTER = 5; // "," or a closer; only whitespace after the top-level value
// Inside a token.
const M_STRING = 6;
const M_NUMBER = 7;
const M_LITERAL = 8;

const LITERALS: Readonly<Record<number, readonly [string, boolean | null]>> = {
  116: ["true", true],
  102: ["false", false],
  110: ["null", null],
};

const isWhitespace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

class IncrementalJsonParser implements PartialJsonParser {
  text = "";
  complete = false;
  error: PartialJsonError | undefined = undefined;
  readonly #tree = new PartialValueTree();
  readonly #fields = new TopLevelFieldTracker();
  #charsRead = 0;
  /** `value` was read since the last write, so the containers it reaches are published. */
  #handedOut = false;
  #mode: number = M_VALUE;

  // String token, and the length of its value as last written into the tree.
  readonly #string = new StringToken();
  #stringIsKey = false;
  #stringShownLength = 0;

  readonly #number = new NumberToken();

  // Literal token.
  #literal = "";
  #literalMatched = 0;

  readonly #maxDepth: number;
  readonly #maxNumberLength: number;
  constructor(
    maxDepth: number,
    maxNumberLength: number,
  ) {
    this.#maxDepth = maxDepth;
    this.#maxNumberLength = maxNumberLength;
  }

  get value(): unknown {
    if (!this.#handedOut) {
      this.#commitToken();
      // Once the text went wrong nothing more will come: show all of what was read. A read held
      // back hands out the previous value: what was built since stays writable in place.
      this.#handedOut = this.#tree.publish(this.#charsRead, this.error !== undefined);
    }
    return this.#tree.root;
  }

  get topLevel(): TopLevelFields {
    return this.#fields;
  }

  get stats(): PartialJsonStats {
    const { containersCopied, entriesCopied } = this.#tree.stats;
    return { charsRead: this.#charsRead, containersCopied, entriesCopied };
  }

  push(delta: string): unknown {
    this.write(delta);
    return this.value;
  }

  write(delta: string): void {
    if (typeof delta !== "string") {
      throw new PartialJsonError("INVALID_DELTA", this.text.length, DEV ? `Expected the delta to be a string, got ${typeof delta}` : "");
    }
    const base = this.text.length;
    this.text += delta;
    if (this.error !== undefined) throw this.error;
    this.#charsRead += delta.length;
    if (this.#handedOut) {
      // Everything built so far has been seen by the caller: copy before writing into it.
      this.#tree.nextEpoch();
      this.#handedOut = false;
    }
    let i = 0;
    while (i < delta.length) {
      if (this.#mode === M_STRING) i = this.#readString(delta, i, base);
      else if (this.#mode === M_NUMBER) i = this.#readNumber(delta, i, base);
      else if (this.#mode === M_LITERAL) i = this.#readLiteral(delta, i, base);
      else i = this.#readStructure(delta, i, base);
    }
  }

  end(): unknown {
    if (this.error !== undefined) throw this.error;
    const numberDone = this.#mode === M_NUMBER && this.#tree.depth === 0 && this.#number.complete;
    if (!this.complete && !numberDone) {
      throw new PartialJsonError("INCOMPLETE", this.text.length, DEV ? "The JSON text ended before its value was complete" : "");
    }
    return this.value;
  }

  /** Reads whitespace and punctuation until a token starts; returns where it stopped. */
  #readStructure(d: string, i: number, base: number): number {
    const tree = this.#tree;
    for (; i < d.length; i++) {
      const c = d.charCodeAt(i);
      if (isWhitespace(c)) continue;
      switch (this.#mode) {
        case M_VALUE:
        case M_ARRAY_FIRST:
          if (c === 93 && this.#mode === M_ARRAY_FIRST) {
            tree.close();
            this.#valueDone();
            continue;
          }
          if (this.#startValue(c, base + i)) continue; // opened a container: still structure
          return i + 1;
        case M_OBJECT_FIRST:
        case M_KEY:
          if (c === 34) {
            this.#startString(true);
            return i + 1;
          }
          if (c === 125 && this.#mode === M_OBJECT_FIRST) {
            tree.close();
            this.#valueDone();
            continue;
          }
          return this.#fail("UNEXPECTED_CHARACTER", base + i, DEV ? `Expected a key (a string) but found ${describeChar(c)}` : "");
        case M_COLON:
          if (c !== 58) return this.#fail("UNEXPECTED_CHARACTER", base + i, DEV ? `Expected ":" but found ${describeChar(c)}` : "");
          this.#mode = M_VALUE;
          continue;
        default: // M_AFTER
          if (tree.depth === 0) {
            return this.#fail("UNEXPECTED_CHARACTER", base + i, DEV ? `Unexpected ${describeChar(c)} after the end of the JSON value` : "");
          }
          if (c === 44) {
            if (tree.inArray) {
              tree.beginElement();
              this.#mode = M_VALUE;
            } else {
              this.#mode = M_KEY;
            }
          } else if (c === (tree.inArray ? 93 : 125)) {
            tree.close();
            this.#valueDone();
          } else {
            return this.#fail("UNEXPECTED_CHARACTER", base + i, DEV ? `Expected ${tree.inArray ? '"," or "]"' : '"," or "}"'} but found ${describeChar(c)}` : "");
          }
      }
    }
    return i;
  }

  /** Starts the value beginning with `c`; true when it is an object or array. */
  #startValue(c: number, offset: number): boolean {
    if (c === 34) {
      this.#startString(false);
      return false;
    }
    if (c === 123 || c === 91) {
      if (this.#tree.depth >= this.#maxDepth) {
        this.#fail("NESTING_TOO_DEEP", offset, DEV ? `More than ${this.#maxDepth} nested objects/arrays` : "");
      }
      this.#tree.open(c === 91);
      this.#mode = c === 91 ? M_ARRAY_FIRST : M_OBJECT_FIRST;
      return true;
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      this.#number.begin(c, offset);
      this.#mode = M_NUMBER;
      return false;
    }
    const literal = LITERALS[c];
    if (literal === undefined) {
      this.#fail("UNEXPECTED_CHARACTER", offset, DEV ? `Expected a JSON value but found ${describeChar(c)}` : "");
    }
    this.#literal = literal[0];
    this.#literalMatched = 1;
    this.#tree.setValue(literal[1]); // partial-json reads "t" as true already
    this.#mode = M_LITERAL;
    return false;
  }

  #startString(isKey: boolean): void {
    this.#stringIsKey = isKey;
    this.#string.reset();
    this.#stringShownLength = 0;
    if (!isKey) this.#tree.setValue("");
    this.#mode = M_STRING;
  }

  #readString(d: string, i: number, base: number): number {
    const token = this.#string;
    const next = token.read(d, i);
    if (token.problem !== undefined) return this.#fail(token.problem.code, base + next, token.problem.message);
    if (!token.closed) return next;
    const text = token.full;
    if (this.#stringIsKey) {
      this.#tree.beginMember(text);
      if (this.#tree.depth === 1) this.#fields.begin(text);
      this.#mode = M_COLON;
    } else {
      if (text.length !== this.#stringShownLength) this.#tree.setValue(text);
      this.#valueDone();
    }
    return next;
  }

  #readNumber(d: string, i: number, base: number): number {
    const token = this.#number;
    const j = token.read(d, i);
    if (token.length > this.#maxNumberLength) {
      return this.#fail("NUMBER_TOO_LONG", token.start, DEV ? `A number longer than ${this.#maxNumberLength} characters` : "");
    }
    if (j === d.length) return j;
    this.#commitNumber();
    if (!token.endsValidly) {
      return this.#fail("UNEXPECTED_CHARACTER", base + j, DEV ? `Unexpected ${describeChar(d.charCodeAt(j))} in a number` : "");
    }
    this.#valueDone();
    return j; // the character after the number is read as structure
  }

  #readLiteral(d: string, i: number, base: number): number {
    const word = this.#literal;
    for (; i < d.length; i++) {
      if (d.charCodeAt(i) !== word.charCodeAt(this.#literalMatched)) {
        return this.#fail("UNEXPECTED_CHARACTER", base + i, DEV ? `Unexpected ${describeChar(d.charCodeAt(i))} in the literal "${word}"` : "");
      }
      if (++this.#literalMatched === word.length) {
        this.#valueDone();
        return i + 1;
      }
    }
    return i;
  }

  #commitNumber(): void {
    const shown = this.#number.change();
    if (shown === UNCHANGED) return;
    if (shown === undefined) this.#tree.removeValue();
    else this.#tree.setValue(shown);
  }

  /** Writes the token being read into the value (once per read of `value`, not per character). */
  #commitToken(): void {
    if (this.#mode === M_STRING && !this.#stringIsKey) {
      // The shown text only ever grows, so an equal length means nothing new to show.
      const shown = this.#string.shown;
      if (shown.length !== this.#stringShownLength) {
        this.#stringShownLength = shown.length;
        this.#tree.setValue(shown);
      }
    } else if (this.#mode === M_NUMBER) {
      this.#commitNumber();
    }
  }

  #valueDone(): void {
    this.#mode = M_AFTER;
    const depth = this.#tree.depth;
    if (depth === 0) this.complete = true;
    else if (depth === 1 && !this.#tree.inArray) this.#fields.finish(this.#tree.key);
  }

  #fail(code: PartialJsonErrorCode, offset: number, message: string): never {
    this.#commitToken(); // keep what was read before the bad character
    this.error = new PartialJsonError(code, offset, message);
    throw this.error;
  }
}
