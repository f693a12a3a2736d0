import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";

/**
 * A tiny vocabulary for judging untrusted JSON against the AG-UI shapes, written for the hot
 * path: a check on a valid value allocates nothing and returns the value itself, and an object
 * is copied only when something in it has to be removed.
 *
 * The three verdicts follow the AG-UI 1.1 processing model:
 * - material the protocol does not describe (an unknown property, an unrecognised member of a
 *   closed set or tagged union) is removed and noted, never fatal;
 * - a described field holding a value the protocol rejects throws a `ShapeViolation`;
 * - where the unrecognised value sits decides what goes: an optional field is removed, a list
 *   element is dropped, a required field takes its containing object with it.
 */

/** Returned by a check when the value is an unrecognised member: the caller decides what goes. */
export const UNRECOGNISED: unique symbol = Symbol("threadline.unrecognised");

export type NoteKind = "unknown-property" | "unrecognised-member" | "legacy-null" | "legacy-upgrade" | "malformed-usage";

export interface ShapeNote {
  readonly kind: NoteKind;
  /** JSON pointer of what was removed, relative to the event. */
  readonly path: string;
  /** Why it was removed, when the kind alone does not say (a malformed usage entry). */
  readonly detail?: string;
}

export class ShapeContext {
  /**
   * @internal When true (the default), a malformed value throws. When false, malformed values are left in
   * place for another judge (the zod schemas) and only unrecognised material is removed.
   */
  judge = true;
  /** What was removed from the current value. Reused across events; reset by the caller. */
  readonly notes: ShapeNote[] = [];
  /**
   * How a retired `{ type: "binary" }` content part is read: the legacy plug-in's upgrade to a
   * media part. Without it the part is an unknown kind, removed like any other.
   */
  binaryPart: Check | undefined = undefined;

  note(kind: NoteKind, path: string, detail?: string): void {
    this.notes.push(detail === undefined ? { kind, path } : { kind, path, detail });
  }
}

/** A described field holds a value the protocol rejects (or a required one is absent). */
export class ShapeViolation extends Error {
  constructor(
    readonly missing: boolean,
    readonly path: string,
    readonly expected: string,
    readonly received: unknown,
  ) {
    // In a production build the message is the path alone: callers quote it as where.
    super(
      !DEV
        ? path
        : missing
          ? `required field ${path} is missing`
          : `field ${path} must be ${expected}, but is ${describeValue(received)}`,
    );
    this.name = "ShapeViolation";
  }
}

/**
 * Judges `value`, found at `parent` + `/` + `key`. Returns the value to keep (the same reference
 * when nothing changed), or UNRECOGNISED. The path is passed in pieces so that no string is
 * built unless something has to be reported.
 */
export type Check = (value: unknown, parent: string, key: string | number, ctx: ShapeContext) => unknown;

export interface Field {
  readonly check: Check;
  /** @internal `check` returns any string as it is (`string`, `stringOr`): judged without the call. */
  readonly takesString: boolean;
  readonly optional: boolean;
  /** @internal An explicit `null` here is a retired spelling of "absent": removed with a note, not fatal. */
  readonly legacyNull: boolean;
}

export interface ObjectShape {
  readonly label: string;
  readonly fields: ReadonlyMap<string, Field>;
  readonly required: readonly string[];
  /** An open object (RFC 6902 operations) keeps members it does not describe. */
  readonly open: boolean;
}

/** The checks that return any string as it is (see `Field.takesString`). */
const STRING_AS_IS = new WeakSet<Check>();

export const required = (check: Check): Field => ({ check, takesString: STRING_AS_IS.has(check), optional: false, legacyNull: false });
export const optional = (check: Check): Field => ({ check, takesString: STRING_AS_IS.has(check), optional: true, legacyNull: false });

export function objectShape(label: string, fields: Record<string, Field>, open = false): ObjectShape {
  const map = new Map(Object.entries(fields));
  const requiredNames = [...map].filter(([, field]) => !field.optional).map(([name]) => name);
  return { label, fields: map, required: requiredNames, open };
}

export function pointer(parent: string, key: string | number): string {
  // Keys hardly ever hold "~" or "/": two index scans instead of two regular-expression replaces
  // (a STATE_DELTA descends into `delta` on every event).
  if (typeof key === "number" || (key.indexOf("~") === -1 && key.indexOf("/") === -1)) return `${parent}/${key}`;
  return `${parent}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function malformed(ctx: ShapeContext, value: unknown, path: string, expected: string): unknown {
  if (ctx.judge) throw new ShapeViolation(false, path, expected, value);
  return value;
}

export function leaf(expected: string, accepts: (value: unknown) => boolean): Check {
  return (value, parent, key, ctx) => (accepts(value) ? value : malformed(ctx, value, pointer(parent, key), expected));
}

export const string = leaf("a string", (v) => typeof v === "string");
STRING_AS_IS.add(string);
/** Any value but `null` (rawEvent, result, opaque optional payloads). */
export const present = leaf(DEV ? "any value but null" : "", (v) => v !== null);
/** A string-keyed object of anything (metadata, activity content): never descended into. */
export const record = leaf("an object", isPlainObject);
/** A single permitted value: a different one is malformed (there is no "newer" reading). */
export function literal(expected: string): Check {
  return leaf(JSON.stringify(expected), (v) => v === expected);
}

const REMOVE: unique symbol = Symbol("threadline.remove");

/**
 * Judges an object against its shape (see the module comment for what is removed), found at
 * `parent` + `/` + `key` (or at `parent`, with no key): the object's own pointer is built only
 * when something needs it — a note, a violation, a field judged by a call — so a list of valid
 * messages (a RUN_STARTED input) builds none.
 *
 * Hot: every event's every field. `for (key in o) if (Object.prototype.hasOwnProperty.call(o, key))`
 * is spelled exactly so because V8 answers that call from the for-in's key cache; `Object.hasOwn`
 * there is a real lookup, about 100 instructions a key.
 */
export function judgeObject(value: unknown, shape: ObjectShape, parent: string, key: string | number | undefined, ctx: ShapeContext): unknown {
  let path: string | undefined = key === undefined ? parent : undefined;
  if (!isPlainObject(value)) return malformed(ctx, value, (path ??= pointer(parent, key!)), `an object (${shape.label})`);
  let changes: Map<string, unknown> | undefined;
  let requiredSeen = 0;
  for (const name in value) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    const field = shape.fields.get(name);
    if (field === undefined) {
      if (shape.open) continue;
      ctx.note("unknown-property", pointer((path ??= pointer(parent, key!)), name));
      (changes ??= new Map()).set(name, REMOVE);
      continue;
    }
    const item = value[name];
    if (item === undefined) continue; // an own `undefined` is an absent field
    if (item === null && field.legacyNull) {
      ctx.note("legacy-null", pointer((path ??= pointer(parent, key!)), name));
      (changes ??= new Map()).set(name, REMOVE);
      continue;
    }
    // Most fields of most events are strings: judged here, without the call.
    if (field.takesString && typeof item === "string") {
      if (!field.optional) requiredSeen++;
      continue;
    }
    const mark = ctx.notes.length;
    const checked = field.check(item, (path ??= pointer(parent, key!)), name, ctx);
    if (checked === UNRECOGNISED) {
      // Whatever the descent noted sits inside the value being removed: report the removal once.
      ctx.notes.length = mark;
      ctx.note("unrecognised-member", pointer(path, name));
      if (!field.optional) return UNRECOGNISED;
      (changes ??= new Map()).set(name, REMOVE);
      continue;
    }
    if (!field.optional) requiredSeen++;
    if (checked !== item) (changes ??= new Map()).set(name, checked);
  }
  if (requiredSeen < shape.required.length && ctx.judge) {
    for (const name of shape.required) {
      if (value[name] === undefined || !Object.hasOwn(value, name)) {
        throw new ShapeViolation(true, pointer((path ??= pointer(parent, key!)), name), "", undefined);
      }
    }
  }
  if (changes === undefined) return value;
  const copy: Record<string, unknown> = {};
  for (const name in value) {
    if (!Object.hasOwn(value, name)) continue;
    const change = changes.has(name) ? changes.get(name) : value[name];
    if (change !== REMOVE) copy[name] = change;
  }
  return copy;
}

export function object(shape: ObjectShape): Check {
  return (value, parent, key, ctx) => judgeObject(value, shape, parent, key, ctx);
}

/**
 * A tagged union: the tag names the member. An unknown tag is an unrecognised member; a
 * missing or non-string tag is malformed.
 */
export function taggedUnion(tag: string, label: string, members: Readonly<Record<string, ObjectShape>>): Check {
  const byTag = new Map(Object.entries(members));
  for (const [kind, member] of byTag) {
    if (!member.fields.has(tag)) throw new Error(DEV ? `${member.label} (${kind}) has no '${tag}' field` : tag);
  }
  return (value, parent, key, ctx) => {
    if (!isPlainObject(value)) return malformed(ctx, value, pointer(parent, key), `an object (${label})`);
    const kind = value[tag];
    if (kind === undefined) {
      if (ctx.judge) throw new ShapeViolation(true, pointer(pointer(parent, key), tag), "", undefined);
      return value;
    }
    if (typeof kind !== "string") {
      malformed(ctx, kind, pointer(pointer(parent, key), tag), DEV ? `a string naming the ${label} kind` : "");
      return value; // not judging (schema mode): the value stays for the schemas to reject
    }
    const member = byTag.get(kind);
    return member === undefined ? UNRECOGNISED : judgeObject(value, member, parent, key, ctx);
  };
}

/** An element check's verdict "drop me, already noted": the list goes on without it. */
export const DROPPED: unique symbol = Symbol("threadline.dropped");

/** A list: unrecognised elements are dropped and the list survives. */
export function arrayOf(element: Check, minLength = 0): Check {
  return (value, parent, key, ctx) => {
    const path = pointer(parent, key);
    if (!Array.isArray(value)) return malformed(ctx, value, path, "an array");
    let kept: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const mark = ctx.notes.length;
      const checked = element(item, path, i, ctx);
      if (checked === UNRECOGNISED || checked === DROPPED) {
        if (checked === UNRECOGNISED) {
          ctx.notes.length = mark;
          ctx.note("unrecognised-member", pointer(path, i));
        }
        kept ??= value.slice(0, i);
        continue;
      }
      if (kept !== undefined) kept.push(checked);
      else if (checked !== item) {
        kept = value.slice(0, i);
        kept.push(checked);
      }
    }
    const result = kept ?? value;
    if (result.length < minLength) return malformed(ctx, result, path, DEV ? `an array of at least ${minLength}` : "");
    return result;
  };
}

/** A string, or a list judged by `list` (message content). */
export function stringOr(list: Check): Check {
  const check: Check = (value, parent, key, ctx) => {
    if (typeof value === "string") return value;
    if (Array.isArray(value)) return list(value, parent, key, ctx);
    return malformed(ctx, value, pointer(parent, key), DEV ? "a string or an array" : "");
  };
  STRING_AS_IS.add(check);
  return check;
}
