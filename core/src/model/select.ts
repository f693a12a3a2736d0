import { computed, type ReadonlySignal } from "@preact/signals-core";
import { ThreadlineError } from "../errors.js";

/**
 * `thread.select(pointer)`: one computed per distinct pointer, cached. Because a patch creates new
 * objects only along its own path, the value at an untouched pointer keeps its identity and the
 * computed does not notify (signals compare with Object.is).
 */
export class InvalidPointerError extends ThreadlineError {
  declare readonly code: "INVALID_POINTER";

  constructor(pointer: string) {
    super("INVALID_POINTER", `"${pointer}" is not a JSON Pointer: it must be "" or start with "/".`);
  }
}

export function createSelector(state: ReadonlySignal<unknown>): (pointer: string) => ReadonlySignal<unknown> {
  const cache = new Map<string, ReadonlySignal<unknown>>();
  return (pointer) => {
    let selected = cache.get(pointer);
    if (selected === undefined) {
      const segments = parsePointer(pointer);
      selected = computed(() => resolve(state.value, segments));
      cache.set(pointer, selected);
    }
    return selected;
  };
}

function parsePointer(pointer: string): readonly string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new InvalidPointerError(pointer);
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Own properties only, so "/constructor" or "/__proto__" read as absent. */
function resolve(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== "object") return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
