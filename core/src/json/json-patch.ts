/// <reference path="./fast-json-patch-modules.d.ts" />
import type { Operation } from "fast-json-patch";
import { applyOperation as applyLibraryOperation, JsonPatchError, validator } from "fast-json-patch/module/core.mjs";
import { unescapePathComponent } from "fast-json-patch/module/helpers.mjs";
import { deeperThan, MAX_JSON_DEPTH } from "./json-depth.js";
import { copyJson } from "./json-value.js";

/**
 * RFC 6902 with structural sharing. The reference client deep-clones the whole document for every
 * patch; here each operation copies only the containers on its own path (once per patch), hands
 * those fresh copies to fast-json-patch to mutate, and leaves every other subtree shared with the
 * previous document. So a one-op patch costs the depth of its path (times the width of the
 * containers on it), never the size of the document, and an untouched subtree keeps its identity
 * (which is what `thread.select(pointer)` relies on).
 *
 * Semantics follow fast-json-patch's `applyPatch(doc, patch, validate = true)` (what @ag-ui/client
 * runs): the same validator, the same errors, all-or-nothing per patch. One addition: a write that
 * would nest the document deeper than `MAX_JSON_DEPTH` fails (`OPERATION_VALUE_TOO_DEEP`), so no
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
      throw new JsonPatchError("Patch sequence must be an array", "SEQUENCE_NOT_AN_ARRAY");
    }
    for (let i = 0; i < patch.length; i++) root = applyOperation(root, patch[i]!, i, fresh);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
  return { ok: true, value: root };
}

/**
 * One operation on `root`, returning the new root. `fresh` holds the containers this patch has
 * created so far: they are edited in place, everything else is copied first.
 */
export function applyOperation(root: unknown, op: Operation, index: number, fresh: Set<object>, levelsAbove = 0): unknown {
  validator(op, index);
  if (op.path !== "" && (root === null || typeof root !== "object")) {
    // fast-json-patch skips its checks on a falsy document and silently ignores some writes to
    // primitives; below a primitive there is nothing to address, so it is an error here.
    throw new JsonPatchError(
      "Cannot perform the operation below a document that is not an object or array",
      "OPERATION_PATH_UNRESOLVABLE",
      index,
      op,
      root,
    );
  }
  switch (op.op) {
    case "test":
      // Reads only: no container is copied. The value is: fast-json-patch compares with
      // `value.hasOwnProperty(key)`, which throws on a null-prototype object (a JSON object all
      // the same), so the patch would fail with a TypeError instead of comparing.
      return applyLibraryOperation(root, { ...op, value: copyJson(op.value) }, true, true, true, index).newDocument;
    case "add":
    case "replace":
    case "remove": {
      const segments = splitPointer(op.path);
      if ("value" in op) checkDepth(op.value, levelsAbove + segments.length, op, index, root);
      const owned = "value" in op ? { ...op, value: copyJson(op.value) } : op;
      const target = copyPath(root, segments, fresh);
      return applyLibraryOperation(target, owned as Operation, true, true, true, index).newDocument;
    }
    case "copy":
    case "move":
      return relocate(root, op, index, fresh, levelsAbove);
    case "_get":
      // fast-json-patch's internal read: its validator accepts it and applyPatch leaves the
      // document as it is (writing what it read into the operation, which we do not).
      return root;
    default: {
      // validator() has already rejected every other op.
      const unknown: never = op;
      return unknown;
    }
  }
}

/**
 * `copy` and `move`, as fast-json-patch performs them: check the target path can be walked and
 * `from` exists, then add (and for `move`, first remove) without further validation.
 */
function relocate(
  root: unknown,
  op: Extract<Operation, { op: "copy" | "move" }>,
  index: number,
  fresh: Set<object>,
  levelsAbove: number,
): unknown {
  const fromSegments = splitPointer(op.from);
  const value = valueAt(root, fromSegments);
  if (value === undefined) {
    throw new JsonPatchError(
      "Cannot perform the operation from a path that does not exist",
      "OPERATION_FROM_UNRESOLVABLE",
      index,
      op,
      root,
    );
  }
  const pathSegments = splitPointer(op.path);
  // Measuring costs the size of what moves: copy and move are the rare operations.
  checkDepth(value, levelsAbove + pathSegments.length, op, index, root);
  // The value is shared, never aliased into a container this patch still mutates.
  const moved = detach(value, fresh);
  if (op.path === "") return moved;
  checkWalkable(root, pathSegments, op, index);
  if (op.op === "move") {
    if (op.from === "" || op.path.startsWith(`${op.from}/`)) {
      throw new JsonPatchError(
        "Cannot move a value into one of its own children",
        "OPERATION_PATH_CANNOT_ADD",
        index,
        op,
        root,
      );
    }
    root = copyPath(root, fromSegments, fresh);
    root = applyLibraryOperation(root, { op: "remove", path: op.from }, false, true, true).newDocument;
  }
  const target = copyPath(root, pathSegments, fresh);
  return applyLibraryOperation(target, { op: "add", path: op.path, value: moved }, false, true, true)
    .newDocument;
}

/**
 * Refuses a write of `value` `levels` below the document's root when the document would then
 * nest deeper than MAX_JSON_DEPTH. Walks the value without recursion, once.
 */
export function checkDepth(value: unknown, levels: number, op: Operation, index: number, root: unknown): void {
  const budget = MAX_JSON_DEPTH - levels;
  if (deeperThan(value, Math.max(budget, 0)) === undefined) return;
  // A name of our own among fast-json-patch's, so the warning names the rule that was broken.
  throw new JsonPatchError(
    `The value would nest the document more than ${MAX_JSON_DEPTH} objects/arrays deep, Threadline's limit (MAX_JSON_DEPTH)`,
    "OPERATION_VALUE_TOO_DEEP" as ConstructorParameters<typeof JsonPatchError>[1],
    index,
    op,
    root,
  );
}

/** One line naming the failed operation, its path and fast-json-patch's error name. */
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

/** Unescaped segments of a JSON Pointer ("" is the whole document). */
export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  const raw = pointer.split("/");
  const segments = new Array<string>(raw.length - 1);
  for (let i = 1; i < raw.length; i++) {
    const s = raw[i]!;
    segments[i - 1] = s.includes("~") ? unescapePathComponent(s) : s;
  }
  return segments;
}

/** The value at `segments`, or undefined. Own properties only. */
export function valueAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== "object") return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * Replaces each container on the way to the parent of the last segment with a copy made for this
 * patch (reused if this patch already made one), so the operation mutates only fresh objects.
 * Stops where the path leaves the document: fast-json-patch then reports the proper error.
 */
function copyPath(root: unknown, segments: readonly string[], fresh: Set<object>): unknown {
  if (segments.length === 0 || root === null || typeof root !== "object") return root;
  const newRoot = ensureFresh(root, fresh);
  let parent = newRoot as Record<string | number, unknown>;
  for (let t = 0; t < segments.length - 1; t++) {
    const key = containerKey(parent, segments[t]!);
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

/** The key fast-json-patch uses for a segment: `-` and digit strings index arrays. */
function containerKey(container: object, segment: string): string | number {
  if (!Array.isArray(container)) return segment;
  if (segment === "-") return container.length;
  return /^\d+$/.test(segment) ? Number(segment) : segment;
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

/** fast-json-patch's traversal checks for copy/move targets: array indices, walkable parents. */
function checkWalkable(root: unknown, segments: readonly string[], op: Operation, index: number): void {
  let node = root;
  for (let t = 0; t < segments.length; t++) {
    const segment = segments[t]!;
    let key: string | number = segment;
    if (Array.isArray(node)) {
      if (segment === "-") key = node.length;
      else if (!/^\d+$/.test(segment)) {
        throw new JsonPatchError(
          "Expected an unsigned base-10 integer value, making the new referenced value the array element with the zero-based index",
          "OPERATION_PATH_ILLEGAL_ARRAY_INDEX",
          index,
          op,
          root,
        );
      } else key = Number(segment);
    }
    if (t === segments.length - 1) return;
    node = (node as Record<string | number, unknown>)[key];
    if (node === null || typeof node !== "object") {
      throw new JsonPatchError(
        "Cannot perform operation at the desired path",
        "OPERATION_PATH_UNRESOLVABLE",
        index,
        op,
        root,
      );
    }
  }
}
