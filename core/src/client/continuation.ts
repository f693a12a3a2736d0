import type { ThreadImpl } from "../model/thread.js";
import type { ToolSet } from "./client-tools.js";

export type RunKind = "message" | "continuation" | "resume" | "regenerate" | "connect";

/**
 * What the chat client knows about one run it started. Tool calls are attributed to the run in
 * which they were made, and so are their results, even when a result arrives after that run
 * ended: the record, not "whatever run is current", decides whether a follow-up run is due.
 */
export interface RunRecord {
  /** The run id sent to the agent. */
  readonly runId: string;
  /** The id RUN_STARTED reported (agents may choose their own). */
  serverRunId: string | undefined;
  readonly kind: RunKind;
  /** The chat's generation when the run started: stop, clear and a new message move it on. */
  readonly generation: number;
  /** The tool set in force for this run, frozen when it started. */
  readonly tools: ToolSet;
  /** Calls to this run's client tools, in arrival order. */
  readonly clientCalls: Set<string>;
  /** Calls the agent said it waits for: `pendingToolCallIds`, `tambo.run.awaiting_input`. */
  readonly namedPending: Set<string>;
  /**
   * Calls to a renderable component's tool (not a client tool) that the client answers with
   * `{ "rendered": true }` when the run ends, unless the agent answered them; the value is the
   * component's `followUp` (whether that answer earns a follow-up run).
   */
  readonly renderCalls: Map<string, boolean>;
  /** Results for this run's calls written by the client (executions, `addToolResult`, rejections). */
  clientAnswered: number;
  outcome: "running" | "success" | "interrupted" | "failed" | "cancelled";
  /** Its one follow-up run has been started. */
  continued: boolean;
}

export function newRunRecord(runId: string, kind: RunKind, generation: number, tools: ToolSet): RunRecord {
  return {
    runId,
    serverRunId: undefined,
    kind,
    generation,
    tools,
    clientCalls: new Set(),
    namedPending: new Set(),
    renderCalls: new Map(),
    clientAnswered: 0,
    outcome: "running",
    continued: false,
  };
}

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
  if (record === undefined || record.continued || record.outcome !== "success") return NONE;
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
