import type { Signal } from "@preact/signals-core";
import { copyJson, ownJson, jsonEqual } from "../../json/json-value.js";
import type { Metadata } from "../types.js";

/**
 * Metadata merges key by key, last write wins (as @ag-ui/core's `mergeMetadata`), into a new
 * frozen object. An empty incoming object still creates `{}` on a node that had none, as the
 * reference does.
 */
export function mergeMetadataInto(existing: Metadata | undefined, incoming: Record<string, unknown>): Metadata {
  return Object.freeze({ ...existing, ...ownJson(incoming) });
}

/**
 * Sets a JSON-valued signal from a whole message, keeping the old value when it is equal. Frozen,
 * unless `patchable` (activity content, which patches copy: see `copyJson`).
 */
export function assignJson<T>(target: Signal<T>, value: T, patchable = false): void {
  if (!jsonEqual(target.peek(), value)) target.value = patchable ? copyJson(value) : ownJson(value);
}
