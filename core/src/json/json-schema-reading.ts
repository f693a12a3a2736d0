import { unescapeSegment } from "./json-pointer.js";

/**
 * Just enough JSON Schema reading for `undoStrictMode`: follow local `$ref`s, tell whether a
 * schema accepts `null`, and whether it could describe a given value. Every function here
 * accepts anything as a schema and never throws: an unreadable schema reads as "no constraint".
 */

/** A JSON Schema object, read loosely: tool schemas come from many generators. */
export type SchemaObject = { readonly [keyword: string]: unknown };

/** Longest `$ref` → `$ref` chain followed before giving up (cycles included). */
const MAX_REF_HOPS = 32;

/**
 * Most sub-schemas one question visits through `anyOf`/`oneOf`/`allOf`: each visit is a level of
 * recursion, so a schema nested absurdly deep is read as "no constraint" instead of overflowing.
 */
const MAX_SUBSCHEMAS = 256;

export const isObject = (v: unknown): v is SchemaObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Follows a local JSON pointer (`#`, `#/$defs/Item`, `#/definitions/a~1b`) from `root`. */
function lookUp(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined; // remote and anchor refs are not followed
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    let token = unescapeSegment(raw);
    try {
      token = decodeURIComponent(token);
    } catch {
      // not percent-encoded after all: use it as written
    }
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * The schema with `$ref`s followed: an object, `true`/`false`, or `undefined` when it cannot be
 * read (a missing or remote target, a cycle of refs). Keywords beside a `$ref` are ignored.
 */
export function resolve(schema: unknown, root: unknown): SchemaObject | boolean | undefined {
  let node = schema;
  for (let hops = 0; hops <= MAX_REF_HOPS; hops++) {
    if (typeof node === "boolean") return node;
    if (!isObject(node)) return undefined;
    const ref = node["$ref"];
    if (typeof ref !== "string") return node;
    node = lookUp(root, ref);
  }
  return undefined;
}

// Keywords that only make sense for objects or arrays: a schema made of them alone is not
// meant to accept null, even though JSON Schema would let null through.
const STRUCTURE_KEYWORDS = ["properties", "required", "additionalProperties", "patternProperties", "items", "prefixItems"];

const arrayOf = (v: unknown): readonly unknown[] | undefined => (Array.isArray(v) ? v : undefined);

/**
 * Whether the schema lets a value be `null`: `type: "null"` or a type list with "null",
 * `nullable: true` (OpenAPI), `const: null`, an enum with null, an `anyOf`/`oneOf` branch that
 * allows it, or a schema with no type constraint at all (`{}`, `{ description }`).
 */
export function allowsNull(schema: unknown, root: unknown, seen = new Set<object>()): boolean {
  const s = resolve(schema, root);
  if (s === undefined || s === true || seen.size >= MAX_SUBSCHEMAS) return true;
  if (s === false || seen.has(s)) return false; // each sub-schema is asked once: cycles end here
  seen.add(s);
  if (s["nullable"] === true) return true;
  if (Object.hasOwn(s, "const")) return s["const"] === null;
  const enumeration = arrayOf(s["enum"]);
  if (enumeration !== undefined) return enumeration.includes(null);
  const type = s["type"];
  if (type !== undefined) return type === "null" || (Array.isArray(type) && type.includes("null"));
  const union = arrayOf(s["anyOf"]) ?? arrayOf(s["oneOf"]);
  if (union !== undefined) return union.some((branch) => allowsNull(branch, root, seen));
  const all = arrayOf(s["allOf"]);
  if (all !== undefined && all.length > 0) return all.every((branch) => allowsNull(branch, root, seen));
  return !STRUCTURE_KEYWORDS.some((keyword) => Object.hasOwn(s, keyword));
}

export type JsonType = "null" | "boolean" | "number" | "string" | "array" | "object";

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "boolean" || t === "number" || t === "string" ? t : "object";
}

function typeNameAdmits(name: unknown, type: JsonType, value: unknown): boolean {
  if (name === type) return true;
  return name === "integer" && type === "number" && Number.isInteger(value);
}

/** Whether the schema could describe `value`, judging by type, `const` and `enum` only. */
export function admits(schema: unknown, value: unknown, root: unknown, seen = new Set<object>()): boolean {
  const s = resolve(schema, root);
  if (s === undefined || s === true || seen.size >= MAX_SUBSCHEMAS) return true;
  if (s === false || seen.has(s)) return false;
  seen.add(s);
  const type = jsonTypeOf(value);
  const primitive = type !== "object" && type !== "array";
  if (Object.hasOwn(s, "const") && primitive) return s["const"] === value;
  const enumeration = arrayOf(s["enum"]);
  if (enumeration !== undefined && primitive) return enumeration.includes(value);
  const declared = s["type"];
  if (typeof declared === "string") return typeNameAdmits(declared, type, value);
  if (Array.isArray(declared)) return declared.some((name) => typeNameAdmits(name, type, value));
  if (s["nullable"] === true && value === null) return true;
  const union = arrayOf(s["anyOf"]) ?? arrayOf(s["oneOf"]);
  if (union !== undefined) return union.some((branch) => admits(branch, value, root, seen));
  const all = arrayOf(s["allOf"]);
  if (all !== undefined) return all.every((branch) => admits(branch, value, root, seen));
  if (Object.hasOwn(s, "properties") || Object.hasOwn(s, "required") || Object.hasOwn(s, "additionalProperties")) return type === "object";
  if (Object.hasOwn(s, "items") || Object.hasOwn(s, "prefixItems")) return type === "array";
  return true;
}
