import { computed } from "@preact/signals-core";
import type { ToolCallNode } from "@threadline/core";
import { toolCallResultSignal, type ToolCallView } from "@threadline/core/model";
import type { Readable } from "svelte/store";
import { storeOf } from "./signal-store.js";

/** Everything about one tool call at one moment (a new object whenever any of it changes). */
export type { ToolCallView };

/**
 * `$call` is the whole `ToolCallView`; the fields are stores of their own, for a component that
 * shows only one of them (`const { status } = toolCall(node)` re-renders on status changes only).
 */
export type ToolCallStore = Readable<ToolCallView> & {
  readonly [K in Exclude<keyof ToolCallView, "id">]: Readable<ToolCallView[K]>;
};

const calls = new WeakMap<ToolCallNode, ToolCallStore>();

/**
 * Stores for one tool call: `$call` is the whole view, `name`, `argsText`, `partialArgs` (best
 * effort while streaming), `args` (strict, from TOOL_CALL_END), `argumentStatus`, `status`,
 * `result` (the content of the tool message answering it) and `error` are stores of their own.
 * An args delta for this call notifies them once (the fold writes `argsText`, `partialArgs` and
 * `argumentStatus` in one batch); other calls never do. The same node always gives the same store.
 */
export function useToolCall(node: ToolCallNode): ToolCallStore {
  let store = calls.get(node);
  if (store === undefined) {
    const result = toolCallResultSignal(node);
    const view = computed(
      (): ToolCallView => ({
        id: node.id,
        name: node.name.value,
        argsText: node.argsText.value,
        partialArgs: node.partialArgs.value,
        args: node.args.value,
        argumentStatus: node.argumentStatus.value,
        status: node.status.value,
        result: result.value,
        error: node.error.value,
      }),
    );
    store = {
      subscribe: storeOf(view).subscribe,
      name: storeOf(node.name),
      argsText: storeOf(node.argsText),
      partialArgs: storeOf(node.partialArgs),
      args: storeOf(node.args),
      argumentStatus: storeOf(node.argumentStatus),
      status: storeOf(node.status),
      result: storeOf(result),
      error: storeOf(node.error),
    };
    calls.set(node, store);
  }
  return store;
}

/** @deprecated Renamed `useToolCall` (the same function), the name it has in `@threadline/vue`. */
export const toolCall = useToolCall;
