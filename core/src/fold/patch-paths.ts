import { DEV } from "esm-env";
import { forbiddenSegment } from "../json/json-patch.js";
import { FoldError } from "./errors.js";

/** Throws `FORBIDDEN_PATCH_PATH` when any `path` or `from` of the patch names a forbidden segment. */
export function refuseForbiddenPaths(patch: readonly unknown[], eventType: string): void {
  const found = forbiddenSegment(patch);
  if (found === undefined) return;
  throw new FoldError(
    "FORBIDDEN_PATCH_PATH",
    DEV ? `${eventType}: operation ${found.index} targets "${found.pointer}"; the segment "${found.segment}" is refused ` +
      `(it could reach an object prototype). The patch was not applied.` : "",
    eventType,
  );
}
