import type { SubagentLane } from "@threadline/core";
import { SUBAGENT_SIGNALS, type SubagentSignal } from "@threadline/core/model";
import { defineSignalFields, type SignalFields } from "./signal-fields.js";

type LaneValues = { readonly [K in SubagentSignal]: SubagentLane[K] extends { readonly value: infer V } ? V : never };

/** One subagent lane's fields as runes reads (`lane.status`), each following its own signal; a store per field under `stores`. */
export type SubagentFields = SignalFields<LaneValues>;

/** The store per field of `useSubagent(lane).stores`; each changes only when its own signal does. */
export type SubagentStores = SubagentFields["stores"];

const lanes = new WeakMap<SubagentLane, SubagentFields>();

/**
 * One subagent lane (`chat.subagents`, `subagentsOf(toolCallId)`, a lane's `lanes`): `name`,
 * `description`, `status` (running / succeeded / interrupted / failed / unknown), `error`, `result`,
 * `parentToolCallId`, `messages` and the nested `lanes`, each a runes read (`lane.status`), and a
 * store each under `stores`. The same lane always gives the same object; a token streamed into one
 * of its messages changes none of them.
 */
export function useSubagent(lane: SubagentLane): SubagentFields {
  let fields = lanes.get(lane);
  if (fields === undefined) {
    fields = defineSignalFields<object, LaneValues>({}, SUBAGENT_SIGNALS, (key) => lane[key]);
    lanes.set(lane, fields);
  }
  return fields;
}
