import { DEV } from "esm-env";
import type { Operation } from "fast-json-patch";
import { MAX_JSON_DEPTH } from "./json-depth.js";
import { deeperThan } from "./deeper-than.js";
import { JsonPatchError, type JsonPatchErrorName } from "./json-patch-error.js";
import { copyJson, jsonEqual, setOwn } from "./json-value.js";
import { splitPointer } from "./json-pointer.js";

/**
 * RFC 6902 with structural sharing. The reference client deep-clones the whole document for every
 * patch; here each operation copies only the containers on its own path (once per patch), edits
 * those fresh copies, and leaves every other subtree shared with the previous document. So a
 * one-op patch costs the depth of its path (times the width of the containers on it), never the
 * size of the document, and an untouched subtree keeps its identity (which is what
 * `thread.select(pointer)` relies on).
 *
 * Semantics follow fast-json-patch's `applyPatch(doc, patch, validate = true)` (what @ag-ui/client
 * runs): the same checks in the same order, the same error names, all-or-nothing per patch (the
 * differential tests hold the two together). Where fast-json-patch breaks RFC 6902 (a root
 * copy/move from a missing `from`, a move into its own child, writes below a primitive, an empty
 * or `length` segment taken as an array index, members found on `Object.prototype`) the patch
 * fails here instead; docs/reference/deviations.md lists them. One addition: a write that would
 * nest the document deeper than `MAX_JSON_DEPTH` fails (`OPERATION_VALUE_TOO_DEEP`), so no
 * sequence of patches can grow a document past what the rest of Threadline walks.
 */

export type PatchOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: Error };

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** Where a patch names a segment that could reach an object prototype. */
export interface ForbiddenSegment {
  /** The operation's index in the patch. */
  readonly index: number;
  /** Its `path` or `from`, as written. */
  readonly pointer: string;
  readonly segment: string;
}

/**
 * The first `path` or `from` of the patch with a `__proto__`, `constructor` or `prototype`
 * segment, or undefined. Such a path can only be an attack, so callers refuse the whole patch.
 */
export function forbiddenSegment(patch: readonly unknown[]): ForbiddenSegment | undefined {
  for (let i = 0; i < patch.length; i++) {
    const op = patch[i] as { path?: unknown; from?: unknown } | null;
    if (op === null || typeof op !== "object") continue;
    for (const pointer of [op.path, op.from]) {
      if (typeof pointer !== "string") continue;
      for (const segment of splitPointer(pointer)) {
        if (FORBIDDEN_SEGMENTS.has(segment)) return { index: i, pointer, segment };
      }
    }
  }
  return undefined;
}

/**
 * Applies `patch` to `document` without mutating it; operation values are copied, so nothing the
 * event's sender holds is aliased into the result.
 */
export function applyJsonPatch(document: unknown, patch: readonly Operation[]): PatchOutcome {
  const fresh = new Set<object>();
  let root = document;
  try {
    if (!Array.isArray(patch)) {
      throw new JsonPatchError(DEV ? "The patch is not an array of operations" : "", "SEQUENCE_NOT_AN_ARRAY");
    }
    for (let i = 0; i < patch.length; i++) root = applyOperation(root, patch[i]!, i, fresh);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
  return { ok: true, value: root };
}

const OPS = new Set(["add", "remove", "replace", "move", "copy", "test", "_get"]);

/**
 * The checks that need no document, in fast-json-patch's order (so the first broken rule is the
 * one named). `_get` is fast-json-patch's internal read, which its validator lets through.
 */
export function checkOperation(op: Operation, index: number): void {
  const broken = brokenRule(op);
  if (broken !== undefined) throw new JsonPatchError(broken[0], broken[1], index, op);
}

/** The first rule `op` breaks, as [message, name]; checked on every operation, so no closure is made. */
function brokenRule(op: Operation): [string, JsonPatchErrorName] | undefined {
  if (op === null || typeof op !== "object" || Array.isArray(op)) return [DEV ? "The operation is not an object" : "", "OPERATION_NOT_AN_OBJECT"];
  if (!OPS.has(op.op)) return [DEV ? "`op` is none of add, remove, replace, move, copy, test" : "", "OPERATION_OP_INVALID"];
  if (typeof op.path !== "string") return [DEV ? "`path` is not a string" : "", "OPERATION_PATH_INVALID"];
  if (op.path !== "" && op.path[0] !== "/") return [DEV ? '`path` is neither "" nor starts with "/"' : "", "OPERATION_PATH_INVALID"];
  if ((op.op === "move" || op.op === "copy") && typeof op.from !== "string") return [DEV ? "`from` is not a string" : "", "OPERATION_FROM_REQUIRED"];
  if (op.op === "add" || op.op === "replace" || op.op === "test") {
    if (op.value === undefined) return [DEV ? "`value` is missing" : "", "OPERATION_VALUE_REQUIRED"];
    if (holdsUndefined(op.value)) return [DEV ? "`value` holds undefined, which JSON cannot" : "", "OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED"];
  }
  return undefined;
}

function holdsUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    // A hole reads as undefined too.
    for (let i = 0; i < value.length; i++) if (holdsUndefined(value[i])) return true;
    return false;
  }
  for (const key of Object.keys(value)) if (holdsUndefined((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * One operation on `root`, returning the new root. `fresh` holds the containers this patch has
 * created so far: they are edited in place, everything else is copied first.
 */
export function applyOperation(root: unknown, op: Operation, index: number, fresh: Set<object>, levelsAbove = 0): unknown {
  checkOperation(op, index);
  return applyCheckedOperation(root, op, index, fresh, levelsAbove);
}

/** `applyOperation` for an operation `checkOperation` has already passed (each op is checked once). */
export function applyCheckedOperation(root: unknown, op: Operation, index: number, fresh: Set<object>, levelsAbove = 0): unknown {
  if (op.path !== "" && (root === null || typeof root !== "object")) {
    // Below a primitive there is nothing to address (fast-json-patch silently ignores some such writes).
    throw new JsonPatchError(DEV ? "The document is not an object or array, so it has no members to address" : "", "OPERATION_PATH_UNRESOLVABLE", index, op);
  }
  switch (op.op) {
    case "test": {
      // Reads only: no container is copied. Compared by members, so a null-prototype `value` is
      // a JSON object like any other.
      const actual = op.path === "" ? root : read(locate(root as object, splitPointer(op.path), op, index));
      if (!jsonEqual(actual, op.value)) throw new JsonPatchError(DEV ? "The value at `path` differs from `value`" : "", "TEST_OPERATION_FAILED", index, op);
      return root;
    }
    case "add":
    case "replace":
    case "remove": {
      const segments = splitPointer(op.path);
      if ("value" in op) checkDepth(op.value, levelsAbove + segments.length, op, index);
      if (op.path === "") return op.op === "remove" ? null : copyJson(op.value);
      const target = copyPath(root, segments, fresh) as object;
      const slot = locate(target, segments, op, index);
      if (op.op === "remove") removeAt(slot);
      else if (op.op === "add") insertAt(slot, copyJson(op.value));
      else setAt(slot, copyJson(op.value));
      return target;
    }
    case "copy":
    case "move":
      return relocate(root, op, index, fresh, levelsAbove);
    case "_get":
      // applyPatch leaves the document as it is (and writes what it read into the operation,
      // which we do not: the event is not ours to change).
      return root;
    default: {
      // checkOperation() has already rejected every other op.
      const unknown: never = op;
      return unknown;
    }
  }
}

/** Where an operation lands: the container holding the last segment, and the key there. */
interface Slot {
  readonly parent: Record<string | number, unknown>;
  /** An array's index as a number (its length for `-`), an object's member name as written. */
  readonly key: string | number;
}

const ARRAY_INDEX = /^\d+$/;

function own(container: object, key: string | number): boolean {
  return Object.hasOwn(container, key);
}

/**
 * Walks `segments` from `root` with fast-json-patch's checks, in its order: where the path first
 * leaves the document decides whether `add` may create the last member (`OPERATION_PATH_CANNOT_ADD`
 * otherwise) and whether `replace`/`remove` find theirs (`OPERATION_PATH_UNRESOLVABLE`); array
 * segments must be indices or `-`; `add` may not index past an array's end; `copy` and `move`
 * need their `from`. `verify = false` walks a path already checked. Members count only when they
 * are the container's own, so nothing on a prototype is read or written.
 */
function locate(root: object, segments: readonly string[], op: Operation, index: number, verify = true): Slot {
  const last = segments.length - 1;
  let node = root as Record<string | number, unknown>;
  let settled = false;
  for (let t = 0; ; t++) {
    const segment = segments[t]!;
    if (verify && !settled && (!own(node, segment) || t === last)) {
      settled = true;
      const found = own(node, segment) ? t + 1 : t;
      if ((op.op === "copy" || op.op === "move") && valueAt(root, splitPointer(op.from)) === undefined) {
        throw new JsonPatchError(DEV ? "There is no value at `from`" : "", "OPERATION_FROM_UNRESOLVABLE", index, op);
      }
      if (op.op === "add" && found < last) {
        throw new JsonPatchError(DEV ? "`add` can create only the last member of `path`; a container before it is missing" : "", "OPERATION_PATH_CANNOT_ADD", index, op);
      }
      if ((op.op === "replace" || op.op === "remove") && found <= last) {
        throw new JsonPatchError(DEV ? "There is no value at `path`" : "", "OPERATION_PATH_UNRESOLVABLE", index, op);
      }
    }
    const key = containerKey(node, segment);
    if (Array.isArray(node)) {
      if (typeof key !== "number") throw new JsonPatchError(DEV ? `"${segment}" indexes an array: it must be a base-10 index or "-"` : "", "OPERATION_PATH_ILLEGAL_ARRAY_INDEX", index, op);
      if (t === last && op.op === "add" && key > node.length) {
        throw new JsonPatchError(DEV ? `Index ${key} is past the array's end (${node.length})` : "", "OPERATION_VALUE_OUT_OF_BOUNDS", index, op);
      }
    }
    if (t === last) return { parent: node, key };
    const child = own(node, key) ? node[key] : undefined;
    if (child === null || typeof child !== "object") {
      throw new JsonPatchError(DEV ? "`path` runs through a value that is not an object or array" : "", "OPERATION_PATH_UNRESOLVABLE", index, op);
    }
    node = child as Record<string | number, unknown>;
  }
}

function read({ parent, key }: Slot): unknown {
  return own(parent, key) ? parent[key] : undefined;
}

/** RFC 6902 `add`: an array gets a new element (splice clamps an index past the end, as `copy`/`move` targets need), an object a member. */
function insertAt({ parent, key }: Slot, value: unknown): void {
  if (Array.isArray(parent)) parent.splice(key as number, 0, value);
  else setAt({ parent, key }, value);
}

function setAt({ parent, key }: Slot, value: unknown): void {
  // setOwn for "__proto__", which plain assignment would take as the prototype.
  if (key === "__proto__") setOwn(parent, key, value);
  else parent[key] = value;
}

function removeAt({ parent, key }: Slot): void {
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
}

/**
 * `copy` and `move`, as fast-json-patch performs them: `from` must exist and the target path be
 * walkable; then add (for `move`, after removing) without `add`'s own checks, so a target index
 * past an array's end appends.
 */
function relocate(
  root: unknown,
  op: Extract<Operation, { op: "copy" | "move" }>,
  index: number,
  fresh: Set<object>,
  levelsAbove: number,
): unknown {
  const fromSegments = splitPointer(op.from);
  const pathSegments = splitPointer(op.path);
  // For copy/move, locate checks that the target can be walked (array indices, containers on the
  // way) and, where fast-json-patch does, that `from` exists.
  if (op.path !== "") locate(root as object, pathSegments, op, index);
  const value = valueAt(root, fromSegments);
  if (value === undefined) {
    throw new JsonPatchError(DEV ? "There is no value at `from`" : "", "OPERATION_FROM_UNRESOLVABLE", index, op);
  }
  // Measuring costs the size of what moves: copy and move are the rare operations.
  checkDepth(value, levelsAbove + pathSegments.length, op, index);
  // The value is shared, never aliased into a container this patch still mutates.
  const moved = detach(value, fresh);
  if (op.path === "") return moved;
  if (op.op === "move") {
    if (op.from === "" || op.path.startsWith(`${op.from}/`)) {
      throw new JsonPatchError(DEV ? "A value cannot move into one of its own children" : "", "OPERATION_PATH_CANNOT_ADD", index, op);
    }
    root = copyPath(root, fromSegments, fresh);
    removeAt(locate(root as object, fromSegments, op, index, false));
  }
  const target = copyPath(root, pathSegments, fresh) as object;
  // Walked again after a move: removing an array element shifts its siblings, which may leave
  // the target dangling (a typed error then, not a TypeError).
  insertAt(locate(target, pathSegments, op, index, false), moved);
  return target;
}

/**
 * Refuses a write of `value` `levels` below the document's root when the document would then
 * nest deeper than MAX_JSON_DEPTH. Walks the value without recursion, once.
 */
export function checkDepth(value: unknown, levels: number, op: Operation, index: number): void {
  const budget = MAX_JSON_DEPTH - levels;
  if (deeperThan(value, Math.max(budget, 0)) === undefined) return;
  throw new JsonPatchError(DEV ? `The value would nest the document more than ${MAX_JSON_DEPTH} objects/arrays deep, Threadline's limit (MAX_JSON_DEPTH)` : "",
    "OPERATION_VALUE_TOO_DEEP",
    index,
    op,
  );
}

/** One line naming the failed operation, its path and the error's name. */
export function describePatchError(error: Error): string {
  const { index, operation } = error as Error & { index?: number; operation?: { op?: unknown; path?: unknown } };
  const newline = error.message.indexOf("\n");
  const text = newline === -1 ? error.message : error.message.slice(0, newline);
  const where =
    index === undefined
      ? ""
      : `operation ${index}${operation && typeof operation === "object" ? ` (${String(operation.op)} "${String(operation.path)}")` : ""}: `;
  return `${where}${text} [${error.name}]`;
}

/** The value at `segments`, or undefined. Own properties only; an array is indexed by digits only. */
export function valueAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== "object") return undefined;
    if (Array.isArray(node) && !ARRAY_INDEX.test(segment)) return undefined;
    if (!own(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * Replaces each container on the way to the parent of the last segment with a copy made for this
 * patch (reused if this patch already made one), so the operation mutates only fresh objects.
 * Stops where the path leaves the document: `locate` then reports the proper error.
 */
function copyPath(root: unknown, segments: readonly string[], fresh: Set<object>): unknown {
  if (segments.length === 0 || root === null || typeof root !== "object") return root;
  const newRoot = ensureFresh(root, fresh);
  let parent = newRoot as Record<string | number, unknown>;
  for (let t = 0; t < segments.length - 1; t++) {
    const key = containerKey(parent, segments[t]!);
    if (!own(parent, key)) break;
    const child = parent[key];
    if (child === null || typeof child !== "object") break;
    const copy = ensureFresh(child, fresh);
    if (copy !== child) parent[key] = copy;
    parent = copy as Record<string | number, unknown>;
  }
  return newRoot;
}

function ensureFresh(container: object, fresh: Set<object>): object {
  if (fresh.has(container)) return container;
  const copy = Array.isArray(container) ? container.slice() : { ...container };
  fresh.add(copy);
  return copy;
}

/** The key a segment names: on an array, `-` is the end and digits an index. */
function containerKey(container: object, segment: string): string | number {
  if (!Array.isArray(container)) return segment;
  if (segment === "-") return container.length;
  return ARRAY_INDEX.test(segment) ? Number(segment) : segment;
}

/** A copy of `value` that shares nothing this patch may still mutate. */
function detach(value: unknown, fresh: Set<object>): unknown {
  if (value === null || typeof value !== "object" || !fresh.has(value)) return value;
  // A fresh container's fresh descendants lie only along paths already copied, so recurse.
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? value.map((item) => detach(item, fresh))
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, detach(v, fresh)]));
  fresh.add(copy);
  return copy;
}
