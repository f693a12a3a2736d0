import type { ToolCallNode } from "@threadline/core";
import type { MaybeRefOrGetter } from "vue";
import type { NodeSource } from "./follow-node.js";
import { followFields, type Disposable, type FieldRefs } from "./node-fields.js";

const TOOL_CALL_FIELDS = [
  "name",
  "argsText",
  "partialArgs",
  "args",
  "argumentStatus",
  "status",
  "result",
  "error",
] as const satisfies readonly (keyof ToolCallNode)[];

export type ToolCallField = (typeof TOOL_CALL_FIELDS)[number];

/** Refs over one tool call's signals; each changes only when its own signal does. */
export type ToolCallRefs<Absent = never> = FieldRefs<ToolCallNode, ToolCallField, Absent> & Disposable;

/**
 * One tool call as refs: `name`, `argsText`, `partialArgs` (best effort while streaming), `args`
 * (strict, from TOOL_CALL_END), `argumentStatus`, `status`, `result` (its tool message node) and
 * `error`. An argument delta updates `argsText`/`partialArgs` of this call only. Given a ref or
 * getter, the refs follow whichever call it yields (all `undefined` while there is none).
 */
export function useToolCall(node: MaybeRefOrGetter<ToolCallNode>): ToolCallRefs;
export function useToolCall(node: NodeSource<ToolCallNode>): ToolCallRefs<undefined>;
export function useToolCall(node: NodeSource<ToolCallNode>): ToolCallRefs<undefined> {
  return followFields<ToolCallNode, ToolCallField>(node, TOOL_CALL_FIELDS, "useToolCall()");
}
