/// <reference path="../json/fast-json-patch-modules.d.ts" />
import type { Operation } from "fast-json-patch";
import { compare } from "fast-json-patch/module/duplex.mjs";
import { Replay, type SandboxOptions } from "./replay.js";

/** One change of the state: the entry that made it, and the change as JSON Patch operations. */
export interface StateChange {
  readonly index: number;
  readonly type: "STATE_DELTA" | "STATE_SNAPSHOT";
  /** A delta's own operations; for a snapshot, the patch from the state before to the one after. */
  readonly ops: readonly Operation[];
}

/**
 * Every state change among the first `n` events, as JSON Patch. A STATE_DELTA is its own diff; a
 * STATE_SNAPSHOT is diffed against the state before it, which one replay of the prefix provides
 * (state is only read at snapshots, so the replay costs what folding the prefix costs).
 */
export function stateChanges(events: readonly unknown[], n: number, options?: SandboxOptions): StateChange[] {
  const changes: StateChange[] = [];
  const replay = new Replay(options);
  const end = Math.min(n, events.length);
  for (let index = 0; index < end; index++) {
    const event = events[index] as { type?: unknown; delta?: unknown };
    if (event.type === "STATE_SNAPSHOT") {
      const before = replay.thread.state.peek();
      replay.fold([event]);
      if (replay.error !== undefined) break;
      changes.push({ index, type: "STATE_SNAPSHOT", ops: diff(before, replay.thread.state.peek()) });
      continue;
    }
    replay.fold([event]);
    if (replay.error !== undefined) break;
    if (event.type === "STATE_DELTA" && Array.isArray(event.delta)) changes.push({ index, type: "STATE_DELTA", ops: event.delta as Operation[] });
  }
  return changes;
}

/** fast-json-patch compares two objects or two arrays; any other pair is one replacement of the root. */
function diff(before: unknown, after: unknown): Operation[] {
  const comparable =
    typeof before === "object" && before !== null && typeof after === "object" && after !== null && Array.isArray(before) === Array.isArray(after);
  return comparable ? compare(before, after) : [{ op: "replace", path: "", value: after }];
}
