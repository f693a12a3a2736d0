import { CircularValueError } from "./circular-value-error.js";
import { JsonDepthError, WALK_DEPTH_LIMIT } from "./json-depth.js";

/**
 * Copying, freezing and comparing JSON-like values. Every value the signal graph publishes is
 * immutable: the Svelte and Vue bindings compare by identity, so a value changed in place would
 * never re-render. Values that arrive from outside (event payloads, initial messages and state)
 * are copied once, so nothing the caller still holds can reach into the graph later. Small values
 * are also frozen, so a bug that tries to mutate one throws instead of silently desynchronising a
 * view; documents that patches copy are not (see `copyJson`).
 *
 * Every walk here recurses, one frame per level, and stops at `WALK_DEPTH_LIMIT` with a
 * `JsonDepthError`: what arrives from outside is held to `MAX_JSON_DEPTH` before it gets here.
 */

/**
 * A deep copy of a JSON-like value, frozen at every level. Primitives are returned as they are.
 * A circular value throws `CircularValueError`, one nested deeper than `limit` (`WALK_DEPTH_LIMIT`
 * unless given) `JsonDepthError`; `label` names the value in their paths.
 */
export function ownJson<T>(value: T, label = "value", limit = WALK_DEPTH_LIMIT): T {
  return copyRoot(value, true, label, limit);
}

/**
 * A deep copy, not frozen: for documents that patches will copy again (the state, activity
 * content). V8 copies a frozen object far more slowly than a plain one (a 1,000-key object:
 * hundreds of µs instead of a few), so these stay unfrozen; Threadline never mutates them.
 */
export function copyJson<T>(value: T, label = "value"): T {
  return copyRoot(value, false, label, WALK_DEPTH_LIMIT);
}

/**
 * The containers being copied, root first, and the key that led to each: a container met again
 * among its own ancestors is a cycle (a value shared by two branches is not, and is copied twice).
 * Searching this short stack costs the value's depth per container, nothing per primitive.
 */
interface Walk {
  readonly freeze: boolean;
  readonly label: string;
  readonly limit: number;
  /** @internal */
  readonly ancestors: object[];
  readonly keys: (string | number)[];
}

function copyRoot<T>(value: T, freeze: boolean, label: string, limit: number): T {
  if (value === null || typeof value !== "object") return value;
  return copy(value, { freeze, label, limit, ancestors: [], keys: [] });
}

function copy<T>(value: T, walk: Walk): T {
  if (value === null || typeof value !== "object") return value;
  const { ancestors, keys } = walk;
  const at = ancestors.indexOf(value);
  if (at !== -1) throw new CircularValueError(pathOf(walk.label, keys), pathOf(walk.label, keys.slice(0, at)));
  if (ancestors.length >= walk.limit) throw new JsonDepthError(pathOf(walk.label, keys), walk.limit);
  ancestors.push(value);
  let out: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    const list = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      keys.push(i);
      list[i] = copy(value[i], walk);
      keys.pop();
    }
    out = list;
  } else {
    const record: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      keys.push(key);
      const item = copy((value as Record<string, unknown>)[key], walk);
      keys.pop();
      if (key === "__proto__") setOwn(record, key, item);
      else record[key] = item;
    }
    out = record;
  }
  ancestors.pop();
  return (walk.freeze ? Object.freeze(out) : out) as T;
}

/** `label.a[2]["odd key"]`: dots for identifier keys, brackets for the rest. */
function pathOf(label: string, keys: readonly (string | number)[]): string {
  let path = label;
  for (const key of keys) {
    if (typeof key === "number") path += `[${key}]`;
    else path += /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  }
  return path;
}

/**
 * Freezes a value the graph built itself (every level), without copying. Only for values no
 * outside code holds a mutable reference to.
 */
export function deepFreeze<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  if (depth >= WALK_DEPTH_LIMIT) throw new JsonDepthError("frozen value", WALK_DEPTH_LIMIT);
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key], depth + 1);
  return value;
}

/** Deep equality for JSON-like values (used to keep identity when a snapshot repeats a value). */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (depth >= WALK_DEPTH_LIMIT) throw new JsonDepthError("compared value", WALK_DEPTH_LIMIT);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  for (const key of aKeys) {
    if (!Object.hasOwn(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], bRecord[key], depth + 1)) return false;
  }
  return true;
}

/**
 * `target[key] = value` as an own data property. Plain assignment of a "__proto__" key (which
 * parsed JSON can carry) would change the object's prototype instead.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
