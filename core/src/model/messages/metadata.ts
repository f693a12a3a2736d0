import type { Signal } from "@preact/signals-core";
import { copyJson, ownJson, jsonEqual } from "../../json/json-value.js";

/**
 * Sets a JSON-valued signal from a whole message, keeping the old value when it is equal. Frozen,
 * unless `patchable` (activity content, which patches copy: see `copyJson`).
 */
export function assignJson<T>(target: Signal<T>, value: T, patchable = false): void {
  if (!jsonEqual(target.peek(), value)) target.value = patchable ? copyJson(value) : ownJson(value);
}
