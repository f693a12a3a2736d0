import { type ToolCallNode } from "@threadline/core";
import { TOOL_CALL_SIGNALS, toolCallResultSignal, type MessageContent, type ToolCallSignal } from "@threadline/core/model";
import { toRaw, toValue, type MaybeRefOrGetter, type ShallowRef } from "vue";
import type { NodeSource } from "./follow-node.js";
import { followFields, type Disposable, type FieldRefs } from "./node-fields.js";
import { followSignal } from "./useSignal.js";

export type ToolCallField = ToolCallSignal | "result";

/** Refs over one tool call's signals; each changes only when its own signal does. */
export type ToolCallRefs<Absent = never> = FieldRefs<ToolCallNode, ToolCallSignal, Absent> &
  Disposable & {
    /** The content of the tool message answering the call, as in `@threadline/svelte` (the node is `node.result`). */
    readonly result: Readonly<ShallowRef<MessageContent | undefined>>;
  };

/**
 * One tool call as refs: `name`, `argsText`, `partialArgs` (best effort while streaming), `args`
 * (strict, from TOOL_CALL_END), `argumentStatus`, `status`, `result` (the content of the tool
 * message answering it) and `error`. An argument delta updates `argsText`/`partialArgs` of this
 * call only. Given a ref or getter, the refs follow whichever call it yields (all `undefined`
 * while there is none).
 */
export function useToolCall(node: MaybeRefOrGetter<ToolCallNode>): ToolCallRefs;
export function useToolCall(node: NodeSource<ToolCallNode>): ToolCallRefs<undefined>;
export function useToolCall(node: NodeSource<ToolCallNode>): ToolCallRefs<undefined> {
  const fields = followFields<ToolCallNode, ToolCallSignal>(node, TOOL_CALL_SIGNALS, "useToolCall()");
  const result = followSignal<MessageContent | undefined>(() => {
    const call = toValue(node);
    return call == null ? undefined : toolCallResultSignal(toRaw(call));
  }, "useToolCall()");
  return {
    ...fields,
    result,
    dispose: () => {
      fields.dispose();
      result.dispose();
    },
  };
}
