import type { EndStatus } from "../model/status.js";
import type { ToolSet } from "./definition.js";

export type RunKind = "message" | "continuation" | "resume" | "regenerate" | "connect" | "action";

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
  outcome: "running" | EndStatus;
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
