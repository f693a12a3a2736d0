/**
 * Every value the signal graph publishes is immutable: the Svelte and Vue bindings compare by
 * identity, so a value changed in place would never re-render. Values that arrive from outside
 * (event payloads, initial messages and state) are copied once, so nothing the caller still holds
 * can reach into the graph later. Small values are also frozen, so a bug that tries to mutate one
 * throws instead of silently desynchronising a view; documents that patches copy are not (see
 * `copyJson`).
 */

/** A deep copy of a JSON-like value, frozen at every level. Primitives are returned as they are. */
export function ownJson<T>(value: T): T {
  return copy(value, true);
}

/**
 * A deep copy, not frozen: for documents that patches will copy again (the state, activity
 * content). V8 copies a frozen object far more slowly than a plain one (a 1,000-key object:
 * hundreds of µs instead of a few), so these stay unfrozen; Threadline never mutates them.
 */
export function copyJson<T>(value: T): T {
  return copy(value, false);
}

function copy<T>(value: T, freeze: boolean): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i], freeze);
    return (freeze ? Object.freeze(out) : out) as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key], freeze);
    if (key === "__proto__") setOwn(out, key, item);
    else out[key] = item;
  }
  return (freeze ? Object.freeze(out) : out) as T;
}

/**
 * Freezes a value the graph built itself (every level), without copying. Only for values no
 * outside code holds a mutable reference to.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** Deep equality for JSON-like values (used to keep identity when a snapshot repeats a value). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  for (const key of aKeys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], bRecord[key])) return false;
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
