import { DEV } from "esm-env";
import { computed, type ReadonlySignal } from "@preact/signals-core";
import { splitPointer } from "../../json/json-pointer.js";
import { ModelError } from "../errors.js";
import type { StateDocument } from "./state-document.js";

/**
 * `thread.select(pointer)`: one computed per distinct pointer, cached. It reads through the state's
 * overlay (never building the whole root), and because a patch creates new objects only along its
 * own path, the value at an untouched pointer keeps its identity and the computed does not notify
 * (signals compare with Object.is).
 */
export class InvalidPointerError extends ModelError {
  declare readonly code: "INVALID_POINTER";

  constructor(pointer: string) {
    super("INVALID_POINTER", DEV ? `"${pointer}" is not a JSON Pointer: it must be "" or start with "/".` : "", { where: JSON.stringify(pointer) });
  }
}

export function createSelector(doc: StateDocument): (pointer: string) => ReadonlySignal<unknown> {
  const cache = new Map<string, ReadonlySignal<unknown>>();
  return (pointer) => {
    let selected = cache.get(pointer);
    if (selected === undefined) {
      const segments = parsePointer(pointer);
      selected =
        segments.length === 0
          ? doc.value
          : computed(() => {
              void doc.version.value;
              if (!doc.overlayable) return resolve(doc.value.value, segments, 0);
              const [first] = segments as [string];
              return doc.has(first) ? resolve(doc.get(first), segments, 1) : undefined;
            });
      cache.set(pointer, selected);
    }
    return selected;
  };
}

function parsePointer(pointer: string): readonly string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new InvalidPointerError(pointer);
  return splitPointer(pointer);
}

/** Own properties only, so "/constructor" or "/__proto__" read as absent. */
function resolve(root: unknown, segments: readonly string[], from: number): unknown {
  let node = root;
  for (let i = from; i < segments.length; i++) {
    if (node === null || typeof node !== "object") return undefined;
    if (!Object.hasOwn(node, segments[i]!)) return undefined;
    node = (node as Record<string, unknown>)[segments[i]!];
  }
  return node;
}
