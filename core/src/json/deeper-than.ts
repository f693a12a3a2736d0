// The depth walk of what arrives from outside (events, patches, stored records): apart from the
// limits and their error (json-depth.ts), which the up-front chunk needs, because only the engine's
// checks walk a value this way; a tool call's whole arguments are held to the limit by their copy.

/**
 * Walks `root` without recursion (a hostile value cannot overflow the stack) and returns the JSON
 * pointer of the first object or array nested more than `limit` levels deep (`root` itself, when
 * a container, is level 1), or undefined. `onNonFinite` hears the pointer of every number that is
 * not finite (`1e400` parses to Infinity, which JSON cannot carry back). A cyclic value is
 * reported as too deep. Cost: one visit per value (two for what nests), one array of keys per object that holds a container.
 */
export function deeperThan(root: unknown, limit: number, onNonFinite?: (pointer: string) => void): string | undefined {
  if (typeof root === "number") {
    if (onNonFinite !== undefined && !Number.isFinite(root)) onNonFinite("");
    return undefined;
  }
  if (root === null || typeof root !== "object") return undefined;
  if (limit < 1) return "";
  // Most values (every text delta) hold no container and no non-finite number: one pass over the
  // root's own values says so, allocating nothing.
  if (!Array.isArray(root) && flat(root as Record<string, unknown>)) return undefined;
  return nestedDeeperThan(root, limit, onNonFinite);
}

/**
 * `deeperThan` of a container that is not flat. Apart, so that `deeperThan` stays small enough
 * for the engine to inline into the validation of every event (a token's is the flat pass).
 */
function nestedDeeperThan(root: object, limit: number, onNonFinite?: (pointer: string) => void): string | undefined {
  // Most of these hold flat objects or lists of them one level down (a STATE_DELTA's
  // operations, a tool call's arguments): a second pass says so, still allocating nothing.
  if (limit >= 3 && shallow(root)) return undefined;
  // One frame per open container: the container, its keys (undefined for an array), the next index.
  const containers: object[] = [root];
  const keyLists: (string[] | undefined)[] = [Array.isArray(root) ? undefined : Object.keys(root)];
  const next: number[] = [0];
  while (containers.length > 0) {
    const top = containers.length - 1;
    const container = containers[top]!;
    const keys = keyLists[top];
    const at = next[top]!;
    if (at >= (keys === undefined ? (container as unknown[]).length : keys.length)) {
      containers.pop();
      keyLists.pop();
      next.pop();
      continue;
    }
    next[top] = at + 1;
    const child = keys === undefined ? (container as unknown[])[at] : (container as Record<string, unknown>)[keys[at]!];
    if (typeof child === "number") {
      if (onNonFinite !== undefined && !Number.isFinite(child)) onNonFinite(pointerTo(keyLists, next));
      continue;
    }
    if (child === null || typeof child !== "object") continue;
    if (containers.length >= limit) return pointerTo(keyLists, next);
    // A flat object (a message of a long list) holds nothing deeper: no frame, no keys.
    if (!Array.isArray(child) && flat(child as Record<string, unknown>)) continue;
    containers.push(child);
    keyLists.push(Array.isArray(child) ? undefined : Object.keys(child));
    next.push(0);
  }
  return undefined;
}

/** True when no own value of `object` is an object, an array or a number that is not finite. */
function flat(object: Record<string, unknown>): boolean {
  // Inherited keys need no test: a primitive one changes nothing, an object one sends the value
  // to the full walk, which reads own keys only.
  for (const key in object) {
    const child = object[key];
    if (typeof child === "object" ? child !== null : typeof child === "number" && !Number.isFinite(child)) return false;
  }
  return true;
}

/**
 * True when `root` (a container, not flat) nests at most three levels: each own value is a
 * finite number or another primitive, a flat object, or a list of those. Else the full walk
 * finds out (and says where).
 */
function shallow(root: object): boolean {
  if (Array.isArray(root)) return flatList(root);
  for (const key in root) {
    if (!Object.prototype.hasOwnProperty.call(root, key)) continue;
    const child = (root as Record<string, unknown>)[key];
    if (typeof child === "number") {
      if (!Number.isFinite(child)) return false;
    } else if (typeof child === "object" && child !== null) {
      if (Array.isArray(child) ? !flatList(child) : !flat(child as Record<string, unknown>)) return false;
    }
  }
  return true;
}

/** True when every element of `list` is a finite number, another primitive, or a flat object. */
function flatList(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === "number") {
      if (!Number.isFinite(item)) return false;
    } else if (typeof item === "object" && item !== null) {
      if (Array.isArray(item) || !flat(item as Record<string, unknown>)) return false;
    }
  }
  return true;
}

/** The pointer of the value each open frame is visiting (the one before its `next` index). */
function pointerTo(keyLists: readonly (string[] | undefined)[], next: readonly number[]): string {
  let pointer = "";
  for (let f = 0; f < next.length; f++) {
    const index = next[f]! - 1;
    const keys = keyLists[f];
    const key = keys === undefined ? String(index) : keys[index]!;
    pointer += `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  }
  return pointer;
}
