import type { ThreadImpl } from "../../model/thread.js";
import type { RunRecord } from "../../tools/run-record.js";

export type ContinuationDecision =
  /** Nothing to carry back: a final answer, a run that did not succeed, or already continued. */
  | { readonly type: "none" }
  /** Some calls still lack a result; `onUser` when at least one waits for the user, not a tool. */
  | { readonly type: "wait"; readonly onUser: boolean }
  /** Every call has its result and the client produced at least one: one follow-up run is due. */
  | { readonly type: "continue" };

/**
 * Whether `record`'s run needs its one follow-up run. Its calls are its client-tool calls plus
 * those the agent named; a named call the thread does not hold is ignored. The agent "did not
 * end with a final answer" exactly when such calls exist: a run that ends without them (or whose
 * calls the agent answered itself) is final. `executing(id)` tells a running tool from a call
 * waiting on the user (an approval, or a tool without `execute`).
 */
export function decideContinuation(
  record: RunRecord | undefined,
  thread: ThreadImpl,
  executing: (toolCallId: string) => boolean,
): ContinuationDecision {
  if (record === undefined || record.continued || record.outcome !== "succeeded") return NONE;
  if (thread.pendingInterrupts.peek().length > 0) return NONE;
  let missing = 0;
  let onUser = false;
  const visit = (id: string): void => {
    const call = thread.call(id);
    if (call === undefined || call.result.peek() !== undefined) return;
    missing++;
    if (!executing(id)) onUser = true;
  };
  for (const id of record.clientCalls) visit(id);
  for (const id of record.namedPending) if (!record.clientCalls.has(id)) visit(id);
  if (missing > 0) return { type: "wait", onUser };
  return record.clientAnswered > 0 ? CONTINUE : NONE;
}

const NONE: ContinuationDecision = { type: "none" };
const CONTINUE: ContinuationDecision = { type: "continue" };
