import { computed, type ReadonlySignal } from "@preact/signals-core";
import type { Thread } from "../model/types.js";
import type { ChatStatus } from "./types.js";

/**
 * How the last run ended, when that needs saying beside the status: a run neither succeeded nor
 * failed (cancelled, by the agent or by you), or it succeeded but left tool calls waiting for a
 * result. `text` is a sentence to show as it is; `kind` and the other fields are for a UI that
 * words it itself.
 */
export type StatusNote =
  | { readonly kind: "cancelled"; readonly by: "agent" | "you"; readonly text: string }
  | {
      readonly kind: "pending-tool-calls";
      /** The calls the agent left unanswered that still have no result, in the agent's order. */
      readonly toolCalls: readonly { readonly id: string; readonly name: string }[];
      readonly text: string;
    };

/**
 * The note for `thread` while `status` is settled (nothing while a run or a client tool is
 * working). Reads the thread's status and outcome, and the status of each pending call only.
 */
export function statusNote(thread: Thread, status: ReadonlySignal<ChatStatus>): ReadonlySignal<StatusNote | undefined> {
  return computed((): StatusNote | undefined => {
    const chat = status.value;
    if (chat === "submitted" || chat === "streaming") return undefined;
    const outcome = thread.outcome.value;
    if (thread.status.value === "cancelled") {
      // A cancelled outcome comes from the agent; a client stop leaves no outcome.
      return outcome?.type === "cancelled"
        ? { kind: "cancelled", by: "agent", text: "The agent cancelled this answer." }
        : { kind: "cancelled", by: "you", text: "You stopped this answer." };
    }
    if (outcome?.type !== "success" || outcome.pendingToolCallIds.length === 0) return undefined;
    const toolCalls: { id: string; name: string }[] = [];
    for (const id of outcome.pendingToolCallIds) {
      const call = thread.toolCall(id);
      const state = call?.status.value;
      if (state === "succeeded" || state === "failed") continue;
      toolCalls.push({ id, name: call?.name.value ?? id });
    }
    if (toolCalls.length === 0) return undefined;
    return Object.freeze({ kind: "pending-tool-calls", toolCalls: Object.freeze(toolCalls), text: waitingFor(toolCalls.map((c) => c.name)) });
  });
}

function waitingFor(names: readonly string[]): string {
  const distinct = [...new Set(names)];
  const list = distinct.length === 1 ? distinct[0]! : `${distinct.slice(0, -1).join(", ")} and ${distinct.at(-1)!}`;
  return names.length === 1 ? `Waiting for the result of ${list}.` : `Waiting for ${names.length} tool results (${list}).`;
}
