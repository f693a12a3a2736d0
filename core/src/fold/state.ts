import type { AGUIEventOf, EventType } from "@ag-ui/core";
import type { Operation } from "fast-json-patch";
import { ownJson } from "../model/frozen.js";
import type { ThreadImpl } from "../model/thread.js";
import { ThreadlineFoldError } from "./errors.js";
import { applyJsonPatch, describePatchError, refuseForbiddenPaths } from "./json-patch.js";

/** STATE_SNAPSHOT replaces the state (no merge; any JSON, `null` and falsy values included). */
export function foldStateSnapshot(thread: ThreadImpl, event: AGUIEventOf<EventType.STATE_SNAPSHOT>): void {
  thread.state.value = ownJson(event.snapshot);
}

/**
 * STATE_DELTA: RFC 6902 with structural sharing (see json-patch.ts), O(patch). A well-formed patch
 * that cannot apply is warned about and skipped, keeping the old state (spec: events/state).
 */
export function foldStateDelta(thread: ThreadImpl, event: AGUIEventOf<EventType.STATE_DELTA>): void {
  if (!Array.isArray(event.delta)) {
    throw new ThreadlineFoldError(
      "MALFORMED_EVENT",
      `STATE_DELTA: \`delta\` must be an array of JSON Patch operations, got ${describe(event.delta)}; the state was kept.`,
      event.type,
    );
  }
  refuseForbiddenPaths(event.delta, event.type);
  const outcome = applyJsonPatch(thread.state.peek(), event.delta as Operation[]);
  if (outcome.ok) {
    thread.state.value = outcome.value;
    return;
  }
  thread.warn({
    code: "STATE_PATCH_FAILED",
    message: `Failed to apply state patch (the state was kept): ${describePatchError(outcome.error)}`,
    event,
  });
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
