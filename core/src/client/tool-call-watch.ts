import type { WarningHandler } from "../errors.js";
import { undoStrictMode } from "../json/strict-mode.js";
import type { ThreadImpl } from "../model/thread.js";
import type { ToolCallNodeImpl } from "../model/tool-call-node.js";
import type { CustomEvent } from "@ag-ui/core";
import type { AGUIEvent, Interrupt } from "../protocol/events.js";
import type { Approvals } from "./approvals.js";
import { errorText, ToolExecutionError } from "./chat-errors.js";
import type { ResolvedTool } from "./client-tools.js";
import type { RunRecord } from "./continuation.js";
import type { ToolOutcome, ToolRunner } from "./tool-execution.js";

/** Tambo's "the run waits for these client tool calls" (CUSTOM, before RUN_FINISHED). */
export const TAMBO_AWAITING_INPUT = "tambo.run.awaiting_input";

export interface ToolCallWatchHost {
  readonly thread: ThreadImpl;
  readonly runner: ToolRunner;
  readonly approvals: Approvals;
  readonly warn: WarningHandler;
  /** The run being folded now, if the chat client started it. */
  current(): RunRecord | undefined;
  /** A call to one of the run's client tools was seen. */
  tracked(toolCallId: string, record: RunRecord): void;
  /** The client has a result at once (arguments that are not valid JSON). */
  deliver(toolCallId: string, record: RunRecord, outcome: ToolOutcome): void;
  /** Any event was folded (for coalesced saves). */
  folded(): void;
}

/**
 * Follows the folded events of the chat client's runs and acts on client tool calls: a call to a
 * tool of the run's (frozen) tool set is tracked at TOOL_CALL_START, fed to a streaming tool at
 * each ARGS, and at TOOL_CALL_END executed, sent for approval, or left for `addToolResult`. It
 * also notes the calls the agent says it waits for (`pendingToolCallIds` of RUN_FINISHED,
 * `tambo.run.awaiting_input`) and the approvals its interrupts ask for. Per event: one switch
 * and, for tool calls, a map lookup.
 */
export class ToolCallWatch {
  constructor(private readonly host: ToolCallWatchHost) {}

  /** Starts listening to the thread; returns the function that stops it. */
  attach(): () => void {
    const { thread } = this.host;
    const offEvent = thread.onEvent(this.onEvent);
    let offCustom: () => void;
    try {
      offCustom = thread.claimCustom(TAMBO_AWAITING_INPUT, (event) => this.onAwaitingInput(event));
    } catch {
      // Someone else folds that name: listen without claiming.
      offCustom = thread.onCustom(TAMBO_AWAITING_INPUT, (event) => this.onAwaitingInput(event));
    }
    return () => {
      offEvent();
      offCustom();
    };
  }

  /**
   * A client call whose arguments are final: run it, ask for approval, or leave it waiting for
   * `addToolResult` (a tool without `execute`). Also used for a call the agent names as pending
   * that arrived whole (in a snapshot) rather than streamed.
   */
  handleEnded(record: RunRecord, call: ToolCallNodeImpl, resolved: ResolvedTool): void {
    if (call.result.peek() !== undefined) return;
    const name = call.name.peek();
    if (call.status.peek() === "error") {
      const cause = call.error.peek();
      const detail = cause === undefined ? "" : `: ${cause.message}`;
      const error = new ToolExecutionError("TOOL_ARGS_INVALID", call.id, name, `Tool '${name}' could not run: its arguments are not valid JSON${detail}`, cause);
      this.host.deliver(call.id, record, { type: "error", error });
    } else if (this.needsApproval(resolved, call)) {
      this.host.approvals.request({ kind: "tool", toolCallId: call.id, record, resolved });
    } else if (resolved.tool.execute !== undefined) {
      this.host.runner.execute(call, resolved, record);
    }
  }

  private readonly onEvent = (event: AGUIEvent): void => {
    const record = this.host.current();
    if (record === undefined) return;
    switch (event.type) {
      case "RUN_STARTED":
        record.serverRunId = event.runId;
        break;
      case "TOOL_CALL_START":
        this.onStart(record, event.toolCallId);
        break;
      case "TOOL_CALL_ARGS":
        this.host.runner.onArgs(event.toolCallId);
        break;
      case "TOOL_CALL_END":
        this.onEnd(record, event.toolCallId);
        break;
      case "RUN_FINISHED": {
        const outcome = event.outcome;
        if (outcome?.type === "success") for (const id of outcome.pendingToolCallIds ?? []) record.namedPending.add(id);
        // With `pendingInterrupts`, in the same update: an approval UI never shows one without the other.
        else if (outcome?.type === "interrupt") this.requestInterruptApprovals(outcome.interrupts);
        break;
      }
      default:
        break;
    }
    this.host.folded();
  };

  private onStart(record: RunRecord, toolCallId: string): void {
    const call = this.host.thread.call(toolCallId);
    if (call === undefined) return;
    const resolved = record.tools.byName.get(call.name.peek());
    if (resolved === undefined) return; // a server-side tool
    record.clientCalls.add(toolCallId);
    this.host.tracked(toolCallId, record);
    this.host.runner.startStreaming(call, resolved, record);
  }

  private onEnd(record: RunRecord, toolCallId: string): void {
    this.host.runner.endStreaming(toolCallId);
    if (!record.clientCalls.has(toolCallId)) return;
    const call = this.host.thread.call(toolCallId);
    const resolved = call === undefined ? undefined : record.tools.byName.get(call.name.peek());
    if (call !== undefined && resolved !== undefined) this.handleEnded(record, call, resolved);
  }

  private requestInterruptApprovals(interrupts: readonly Interrupt[]): void {
    for (const interrupt of interrupts) {
      const id = interrupt.toolCallId;
      if (typeof id === "string" && this.host.thread.call(id) !== undefined) {
        this.host.approvals.request({ kind: "interrupt", toolCallId: id, interruptId: interrupt.id });
      }
    }
  }

  private onAwaitingInput(event: CustomEvent): void {
    const record = this.host.current();
    if (record === undefined) return;
    const pending = (event.value as { pendingToolCalls?: unknown } | null | undefined)?.pendingToolCalls;
    if (!Array.isArray(pending)) {
      this.host.warn({ code: "MALFORMED_AWAITING_INPUT", message: `${TAMBO_AWAITING_INPUT} without a pendingToolCalls array was ignored.`, event });
      return;
    }
    for (const entry of pending) {
      const id = (entry as { toolCallId?: unknown } | null)?.toolCallId;
      if (typeof id === "string") record.namedPending.add(id);
    }
  }

  private needsApproval(resolved: ResolvedTool, call: ToolCallNodeImpl): boolean {
    const rule = resolved.tool.needsApproval;
    if (typeof rule !== "function") return rule === true;
    try {
      return rule.call(resolved.tool, undoStrictMode(resolved.jsonSchema, call.args.peek())) === true;
    } catch (error) {
      // When in doubt, ask.
      this.host.warn({ code: "NEEDS_APPROVAL_FAILED", message: `needsApproval of tool '${call.name.peek()}' threw (${errorText(error)}); asking for approval.` });
      return true;
    }
  }
}
