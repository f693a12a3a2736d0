import type { SubagentLane } from "@threadline/core";
import { SUBAGENT_SIGNALS, type SubagentSignal } from "@threadline/core/model";
import type { NodeSource } from "./follow-node.js";
import { followFields, type Disposable, type FieldRefs } from "./node-fields.js";

export type SubagentField = SubagentSignal;

/** Refs over one subagent lane's signals; each changes only when its own signal does. */
export type SubagentRefs<Absent = never> = FieldRefs<SubagentLane, SubagentField, Absent> & Disposable;

/**
 * One subagent lane (`thread.subagents`, `subagentsOf(toolCallId)`, a lane's `lanes`) as refs:
 * `name`, `description`, `status` (running / succeeded / interrupted / failed / unknown), `error`,
 * `result`, `parentToolCallId`, `messages` and the nested `lanes`. A token streamed into one of its
 * messages changes none of them. Given a ref or getter, the refs follow whichever lane it yields.
 */
export function useSubagent(lane: SubagentLane): SubagentRefs;
export function useSubagent(lane: NodeSource<SubagentLane>): SubagentRefs<undefined>;
export function useSubagent(lane: NodeSource<SubagentLane>): SubagentRefs<undefined> {
  return followFields<SubagentLane, SubagentField>(lane, SUBAGENT_SIGNALS, "useSubagent()");
}
