import type { Operation } from "fast-json-patch";
import { splitPointer } from "../../json/json-pointer.js";
import type { ComponentProps } from "./types.js";

/** The top-level props a patch touches (a root operation touches every prop before and after). */
export function topLevelKeys(patch: readonly Operation[], before: ComponentProps, after: ComponentProps): Set<string> {
  const keys = new Set<string>();
  const add = (pointer: string): void => {
    if (pointer === "") {
      for (const key of Object.keys(before)) keys.add(key);
      for (const key of Object.keys(after)) keys.add(key);
      return;
    }
    const first = splitPointer(pointer)[0];
    if (first !== undefined) keys.add(first);
  };
  for (const op of patch) {
    if (op.op === "test") continue;
    add(op.path);
    if (op.op === "move") add(op.from);
  }
  return keys;
}
