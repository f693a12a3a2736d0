/**
 * The JSON number grammar as a small state machine, and the value partial-json gives a number
 * cut short. partial-json (our reference for partial values) reads:
 * - a complete-looking number (`12`, `-0`, `1.5e3`) as itself;
 * - a lone `-` or a number ending in `.` as absent;
 * - a number cut inside a lowercase-`e` exponent (`1.5e`, `1e-`) as its mantissa (`1.5`, `1`),
 *   but one cut inside an uppercase-`E` exponent (`1E`, `1E+`) as absent — its fallback looks
 *   for the last lowercase `e` only. We copy that asymmetry so values match it exactly.
 */

const N_SIGN = 0; // after "-"
const N_ZERO = 1; // a leading "0"
const N_INT = 2; // integer digits
const N_DOT = 3; // after "."
const N_FRACTION = 4; // fraction digits
const N_EXP = 5; // after "e" / "E"
const N_EXP_SIGN = 6; // after the exponent's sign
const N_EXP_DIGITS = 7; // exponent digits
type NumberState = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** `numberStep`: the character cannot continue the number, which ends before it. */
const N_END = -1;
/** `numberStep`: the character is invalid at this point. */
const N_INVALID = -2;

/** The next state after `code`, `N_END` when the number ends before it, `N_INVALID` otherwise. */
function numberStep(state: NumberState, code: number): NumberState | -1 | -2 {
  const digit = code >= 48 && code <= 57;
  switch (state) {
    case N_SIGN:
      return code === 48 ? N_ZERO : digit ? N_INT : N_INVALID;
    case N_ZERO:
      if (digit) return N_INVALID; // no leading zeros
      return code === 46 ? N_DOT : code === 101 || code === 69 ? N_EXP : N_END;
    case N_INT:
      if (digit) return N_INT;
      return code === 46 ? N_DOT : code === 101 || code === 69 ? N_EXP : N_END;
    case N_DOT:
      return digit ? N_FRACTION : N_INVALID;
    case N_FRACTION:
      if (digit) return N_FRACTION;
      return code === 101 || code === 69 ? N_EXP : N_END;
    case N_EXP:
      return code === 43 || code === 45 ? N_EXP_SIGN : digit ? N_EXP_DIGITS : N_INVALID;
    case N_EXP_SIGN:
      return digit ? N_EXP_DIGITS : N_INVALID;
    case N_EXP_DIGITS:
      return digit ? N_EXP_DIGITS : N_END;
  }
}

/** Whether a number in this state is complete if the next character ends it. */
function isComplete(state: NumberState): boolean {
  return state === N_ZERO || state === N_INT || state === N_FRACTION || state === N_EXP_DIGITS;
}

/** The value of a number cut at this point, or `undefined` when partial-json reads it as absent. */
function partialValue(text: string, state: NumberState): number | undefined {
  if (isComplete(state)) return Number(text);
  if (state === N_EXP || state === N_EXP_SIGN) {
    const e = text.lastIndexOf("e");
    return e > 0 ? Number(text.slice(0, e)) : undefined;
  }
  return undefined;
}

/** Returned by `NumberToken.change()` when the shown value is what it was. */
export const UNCHANGED: unique symbol = Symbol("unchanged");

/** A number literal being read across deltas (numbers are short: kept as text, re-read on change). */
export class NumberToken {
  #text = "";
  #state: NumberState = N_INT;
  #dirty = false;
  #shownValue: number | undefined = undefined;
  /** Offset of the number's first character in the whole text. */
  start = 0;
  /** After `read` stopped before the end of the delta: whether that character is a valid end. */
  endsValidly = false;

  begin(code: number, offset: number): void {
    this.#text = String.fromCharCode(code);
    this.#state = code === 45 ? N_SIGN : code === 48 ? N_ZERO : N_INT;
    this.start = offset;
    this.#dirty = true;
    this.#shownValue = undefined;
  }

  get length(): number {
    return this.#text.length;
  }

  /** Complete if the text ended here (a top-level number at the end of the input). */
  get complete(): boolean {
    return isComplete(this.#state);
  }

  /** Reads number characters from `d[i]`; returns where the number stopped (or `d.length`). */
  read(d: string, i: number): number {
    let state = this.#state;
    let j = i;
    let next: number = state;
    for (; j < d.length; j++) {
      next = numberStep(state, d.charCodeAt(j));
      if (next < 0) break;
      state = next as NumberState;
    }
    if (j > i) {
      this.#text += d.slice(i, j);
      this.#state = state;
      this.#dirty = true;
    }
    this.endsValidly = next === N_END;
    return j;
  }

  /** The value to show now, or `UNCHANGED` (e.g. "1.5e" → "1.5e-" both read as 1.5). */
  change(): number | undefined | typeof UNCHANGED {
    if (!this.#dirty) return UNCHANGED;
    this.#dirty = false;
    const shown = partialValue(this.#text, this.#state);
    if (Object.is(shown, this.#shownValue)) return UNCHANGED;
    this.#shownValue = shown;
    return shown;
  }
}
