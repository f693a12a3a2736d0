import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { arrayOf, judgeObject, DROPPED, leaf, malformed, optional, pointer, ShapeViolation, UNRECOGNISED, type Check, type Field, type ObjectShape } from "./shape.js";

// The words of shape.ts's vocabulary that only events, run input and capabilities use (closed
// sets, integers, pointers, salvaged lists, retired nulls): a file of their own, since the
// message shapes (a thread's initial messages, checked on a chat's first page) need none of them.

export const optionalOrLegacyNull = (check: Check): Field => ({ ...optional(check), legacyNull: true });

export const boolean = leaf("a boolean", (v) => typeof v === "boolean");
export const safeInteger = leaf("an integer", (v) => Number.isSafeInteger(v));

export const count = leaf("a non-negative integer", (v) => Number.isSafeInteger(v) && (v as number) >= 0);

/** Any JSON value, `null` included (state, CUSTOM.value, a patch operation's value). */
export const anyJson: Check = (value) => value;

/** An RFC 6901 JSON pointer: empty, or "/"-prefixed with only ~0 / ~1 escapes. */
export const jsonPointer = leaf(
  "a JSON pointer",
  // A pointer without "~" (most) needs no regular expression.
  (v) => typeof v === "string" && (v === "" || (v.charCodeAt(0) === 47 && (v.indexOf("~") === -1 || !/~(?![01])/.test(v)))),
);

/**
 * A closed set of strings that later protocol versions may grow: an unknown string is an
 * unrecognised member (removed), anything that is not a string is malformed.
 */
export function oneOf(members: readonly string[]): Check {
  const set = new Set(members);
  const expected = DEV ? `one of ${members.map((m) => JSON.stringify(m)).join(", ")}` : "";
  return (value, parent, key, ctx) => {
    if (typeof value !== "string") return malformed(ctx, value, pointer(parent, key), expected);
    return set.has(value) ? value : UNRECOGNISED;
  };
}

/**
 * A list whose malformed elements are dropped with a note instead of failing the event: for
 * accounting data (token usage) riding on an event that matters more than it. A value that is not
 * a list becomes an empty one, noted the same way. Always judged here, schema mode or not, so the
 * schemas only ever see the elements kept.
 */
export function salvagedArrayOf(element: ObjectShape): Check {
  const salvage: Check = (item, parent, key, ctx) => {
    const mark = ctx.notes.length;
    try {
      return judgeObject(item, element, parent, key, ctx);
    } catch (error) {
      if (!(error instanceof ShapeViolation)) throw error;
      ctx.notes.length = mark;
      ctx.note("malformed-usage", pointer(parent, key), error.message);
      return DROPPED;
    }
  };
  const list = arrayOf(salvage);
  return (value, parent, key, ctx) => {
    if (!Array.isArray(value)) {
      ctx.note("malformed-usage", pointer(parent, key), DEV ? `must be an array, but is ${describeValue(value)}` : undefined);
      return [];
    }
    const judging = ctx.judge;
    ctx.judge = true;
    try {
      return list(value, parent, key, ctx);
    } finally {
      ctx.judge = judging;
    }
  };
}
