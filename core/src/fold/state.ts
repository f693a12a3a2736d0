import { DEV } from "esm-env";
import type { AGUIEventOf, EventType } from "@ag-ui/core";
import type { Operation } from "fast-json-patch";
import { describeValue } from "../describe-value.js";
import { applyCheckedOperation, applyOperation, checkDepth, checkOperation, describePatchError } from "../json/json-patch.js";
import { unescapeSegment } from "../json/json-pointer.js";
import { beginPatch, commitPatch, overlayDelete, overlaySet, rollbackPatch } from "./state-overlay.js";
import { JsonPatchError } from "../json/json-patch-error.js";
import { copyJson, jsonEqual } from "../json/json-value.js";
import type { StateDocument } from "../model/state/state-document.js";
import type { ThreadImpl } from "../model/thread.js";
import { FoldError } from "./errors.js";
import { refuseForbiddenPaths } from "./patch-paths.js";

/** STATE_SNAPSHOT replaces the state (no merge; any JSON, `null` and falsy values included). */
export function foldStateSnapshot(thread: ThreadImpl, event: AGUIEventOf<EventType.STATE_SNAPSHOT>): void {
  thread.stateDoc.replace(copyJson(event.snapshot));
}

/**
 * STATE_DELTA: RFC 6902, O(patch). Operations inside one of the root's keys copy only their own
 * path and land in the root's overlay (see StateDocument); operations on the root itself, and
 * copy/move, work on a copy of the root. A well-formed patch that cannot apply is warned about and
 * skipped, keeping the old state (spec: events/state); it is all-or-nothing.
 */
export function foldStateDelta(thread: ThreadImpl, event: AGUIEventOf<EventType.STATE_DELTA>): void {
  if (!Array.isArray(event.delta)) {
    throw new FoldError(
      "MALFORMED_PAYLOAD",
      DEV ? `STATE_DELTA: \`delta\` must be an array of JSON Patch operations, got ${describeValue(event.delta)}; the state was kept.` : "",
      event.type,
    );
  }
  refuseForbiddenPaths(event.delta, event.type);
  const doc = thread.stateDoc;
  const fresh = new Set<object>();
  let root: { value: unknown } | undefined;
  beginPatch(doc);
  try {
    const ops = event.delta as Operation[];
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      if (root === undefined && doc.overlayable && applyInOverlay(doc, op, i, fresh)) continue;
      if (root === undefined) {
        // A root that is not a plain object has no overlay: its value is the root itself.
        const copy = doc.overlayable ? doc.copyRoot() : doc.value.peek();
        if (copy !== null && typeof copy === "object" && doc.overlayable) fresh.add(copy);
        root = { value: copy };
      }
      root.value = applyOperation(root.value, op, i, fresh);
    }
  } catch (error) {
    rollbackPatch(doc);
    thread.warn({
      code: "STATE_PATCH_FAILED",
      message: DEV ? `Failed to apply state patch (the state was kept): ${describePatchError(error instanceof Error ? error : new Error(String(error)))}` : "",
      event,
    });
    return;
  }
  if (root !== undefined) doc.replace(root.value);
  else commitPatch(doc);
}

/**
 * add / replace / remove / test whose path lies below the root: applied to the one child of the
 * root it concerns, the result recorded in the overlay. Returns false for what it does not handle.
 */
function applyInOverlay(doc: StateDocument, op: Operation, index: number, fresh: Set<object>): boolean {
  if (op.op !== "add" && op.op !== "replace" && op.op !== "remove" && op.op !== "test") return false;
  checkOperation(op, index);
  if (op.path === "") return false;
  const slash = op.path.indexOf("/", 1);
  const raw = slash === -1 ? op.path.slice(1) : op.path.slice(1, slash);
  const key = unescapeSegment(raw);
  if (slash === -1) {
    // An operation on one of the root's own keys, with the rules `locate` applies below it.
    if ((op.op === "replace" || op.op === "remove") && !doc.has(key)) {
      throw new JsonPatchError(DEV ? "There is no value at `path`" : "", "OPERATION_PATH_UNRESOLVABLE", index, op);
    }
    if (op.op === "test") {
      if (!jsonEqual(doc.get(key), op.value)) {
        throw new JsonPatchError(DEV ? "The value at `path` differs from `value`" : "", "TEST_OPERATION_FAILED", index, op);
      }
    } else if (op.op === "remove") overlayDelete(doc, key);
    else {
      checkDepth(op.value, 1, op, index);
      overlaySet(doc, key, copyJson(op.value));
    }
    return true;
  }
  const child = doc.get(key);
  // Below a missing or primitive key the operation fails: the root path names why (an `add`
  // cannot create two levels, the others find nothing), and copies the root only then.
  if (child === null || typeof child !== "object") return false;
  // Below the root's key: one level more than the path inside the child says.
  let next: unknown;
  try {
    next = applyCheckedOperation(child, { ...op, path: op.path.slice(slash) }, index, fresh, 1);
  } catch (error) {
    // The warning names the operation as the event wrote it, not the part below the root's key.
    if (error instanceof JsonPatchError) throw new JsonPatchError(error.message, error.name, index, op);
    throw error;
  }
  if (next !== child) overlaySet(doc, key, next);
  return true;
}
