/**
 * The JSON number grammar as a small state machine, and the value partial-json gives a number
 * cut short. partial-json (our reference for partial values) reads:
 * - a complete-looking number (`12`, `-0`, `1.5e3`) as itself;
 * - a lone `-` or a number ending in `.` as absent;
 * - a number cut inside a lowercase-`e` exponent (`1.5e`, `1e-`) as its mantissa (`1.5`, `1`),
 *   but one cut inside an uppercase-`E` exponent (`1E`, `1E+`) as absent — its fallback looks
 *   for the last lowercase `e` only. We copy that asymmetry so values match it exactly.
 */

export const N_SIGN = 0; // after "-"
export const N_ZERO = 1; // a leading "0"
export const N_INT = 2; // integer digits
export const N_DOT = 3; // after "."
export const N_FRACTION = 4; // fraction digits
export const N_EXP = 5; // after "e" / "E"
export const N_EXP_SIGN = 6; // after the exponent's sign
export const N_EXP_DIGITS = 7; // exponent digits
export type NumberState = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Sentinel returned by `numberStep` when the character cannot continue the number. */
export const N_END = -1;
/** Sentinel returned by `numberStep` when the character is invalid at this point. */
export const N_INVALID = -2;

/** The next state after `code`, `N_END` when the number ends before it, `N_INVALID` otherwise. */
export function numberStep(state: NumberState, code: number): NumberState | -1 | -2 {
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
export function isNumberComplete(state: NumberState): boolean {
  return state === N_ZERO || state === N_INT || state === N_FRACTION || state === N_EXP_DIGITS;
}

/** The value of a number cut at this point, or `undefined` when partial-json reads it as absent. */
export function partialNumberValue(text: string, state: NumberState): number | undefined {
  if (isNumberComplete(state)) return Number(text);
  if (state === N_EXP || state === N_EXP_SIGN) {
    const e = text.lastIndexOf("e");
    return e > 0 ? Number(text.slice(0, e)) : undefined;
  }
  return undefined;
}
