import { computed, type ReadonlySignal } from "@preact/signals-core";
import type { ToolCallNode } from "@threadline/core";
import { TOOL_CALL_SIGNALS, toolCallResultSignal, type ToolCallView } from "@threadline/core/model";
import type { Readable } from "svelte/store";
import { defineSignalFields, type SignalFields } from "./signal-fields.js";
import { storeOf } from "./signal-store.js";

/** Everything about one tool call at one moment (a new object whenever any of it changes). */
export type { ToolCallView };

/**
 * One tool call: each field a runes read of its own (`call.status` re-runs only what reads the
 * status), and the whole `ToolCallView` as a store (`$call`); a store per field under `stores`.
 */
export type ToolCallStore = Readable<ToolCallView> & { readonly id: string } & SignalFields<Omit<ToolCallView, "id">>;

const calls = new WeakMap<ToolCallNode, ToolCallStore>();

/**
 * One tool call: `name`, `argsText`, `partialArgs` (best effort while streaming), `args` (strict,
 * from TOOL_CALL_END), `argumentStatus`, `status`, `result` (the content of the tool message
 * answering it) and `error`, each a runes read following its own signal (`call.argsText`), and
 * `$call` the whole view as a store. An args delta for this call changes `argsText`,
 * `partialArgs` and `argumentStatus` once (the fold writes them in one batch); other calls never
 * do. The same node always gives the same object.
 */
export function useToolCall(node: ToolCallNode): ToolCallStore {
  let call = calls.get(node);
  if (call === undefined) {
    const keys = [...TOOL_CALL_SIGNALS, "result"] as const;
    const signalOf = (key: (typeof keys)[number]): ReadonlySignal<unknown> => (key === "result" ? toolCallResultSignal(node) : node[key]);
    let view: ReadonlySignal<ToolCallView> | undefined;
    call = defineSignalFields<object, Omit<ToolCallView, "id">>(
      {
        id: node.id,
        // The whole view, made on the first `$call`.
        subscribe: (run: (value: ToolCallView) => void) =>
          storeOf(
            (view ??= computed((): ToolCallView => {
              const value: Record<string, unknown> = { id: node.id };
              for (const key of keys) value[key] = signalOf(key).value;
              return value as ToolCallView;
            })),
          ).subscribe(run),
      },
      keys,
      signalOf,
    ) as ToolCallStore;
    calls.set(node, call);
  }
  return call;
}

/** @deprecated Renamed `useToolCall` (the same function), the name it has in `@threadline/vue`. */
export const toolCall = useToolCall;
