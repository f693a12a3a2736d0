import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import type { WarningHandler } from "../errors.js";
import type { RegisteredComponent } from "../model/components/registry.js";
import type { ThreadImpl } from "../model/thread.js";
import type { ToolCallNodeImpl } from "../model/tool-calls/tool-call-node.js";
import type { AGUIEvent, AGUIEventOf, EventType, Interrupt } from "../protocol/events.js";
import type { Approvals } from "./approvals.js";
import { ToolExecutionError } from "./errors.js";
import { argsProblem } from "../model/tool-calls/args-problem.js";
import { listenDeafToTextDeltas } from "../model/deaf-to-text-deltas.js";
import type { ResolvedTool } from "./definition.js";
import type { RunRecord } from "./run-record.js";
import type { ToolOutcome, ToolRunner } from "./execution.js";

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
  /** Answer a call outside a run (`ToolAnswers.applyResult`). */
  answer(toolCallId: string, record: RunRecord, outcome: ToolOutcome): void;
  /** RUN_STARTED of the chat's own run was folded, before anything else here (the chat may re-key the thread). */
  runStarted(event: AGUIEventOf<EventType.RUN_STARTED>): void;
  /** Any event was folded (for coalesced saves). */
  folded(): void;
  /** `folded` does something (the chat saves its thread): the watch then hears text deltas too. */
  readonly savesEveryEvent: boolean;
}

/**
 * The one observer after the fold (`thread.onEvent`): everything else on the event path — the
 * chat's incoming guard, user middleware, the pipeline, subscribers — runs before the fold and
 * may change what is folded; the watch only reacts to what was.
 *
 * Follows the folded events of the chat client's runs and acts on client tool calls: a call to a
 * tool of the run's (frozen) tool set is tracked at TOOL_CALL_START, fed to a streaming tool at
 * each ARGS, and at TOOL_CALL_END executed, sent for approval, or left for `addToolResult`. A
 * call the thread renders as a component (its tool is in `components`, not a client tool) is
 * tracked for the client's `{ "rendered": true }` answer at the end of the run, or, with
 * `awaitResult`, left for `addToolResult`. At RUN_FINISHED it notes the calls the agent says it
 * waits for (`pendingToolCallIds`, and `thread.awaitingInput`, which the thread folds from
 * `tambo.run.awaiting_input`) and the approvals its interrupts ask for. Per event: one switch
 * and, for tool calls, a map lookup.
 */
export class ToolCallWatch {
  constructor(private readonly host: ToolCallWatchHost) {}

  /**
   * Starts listening to the thread; returns the function that stops it. A text delta concerns no
   * tool call: the watch hears them only when each folded event is saved (`savesEveryEvent`).
   */
  attach(): () => void {
    const { hub } = this.host.thread;
    return this.host.savesEveryEvent ? hub.onEvent(this.#onEvent) : listenDeafToTextDeltas(hub, this.#onEvent);
  }

  /**
   * A call the thread renders as `entry`'s component: with `awaitResult` it waits for
   * `addToolResult` like a tool without `execute`; otherwise the client answers it when the run
   * ends (see `ToolAnswers.answerRendered`).
   */
  trackRendered(record: RunRecord, toolCallId: string, entry: RegisteredComponent): void {
    if (entry.awaitResult) record.clientCalls.add(toolCallId);
    else record.renderCalls.set(toolCallId, entry.followUp);
    this.host.tracked(toolCallId, record);
  }

  /**
   * A client call whose arguments are final: run it, ask for approval, or leave it waiting for
   * `addToolResult` (a tool without `execute`). Also used for a call the agent names as pending
   * that arrived whole (in a snapshot) rather than streamed.
   */
  handleEnded(record: RunRecord, call: ToolCallNodeImpl, resolved: ResolvedTool): void {
    if (call.result.peek() !== undefined) return;
    const name = call.name.peek();
    if (call.status.peek() === "failed") {
      const cause = call.error.peek();
      // Told from the error's code and its parse error, never from its message (a production
      // build's is a bare code): the agent reads the same sentence in every build. Valid JSON
      // nested too deep is told as that: the agent must not hear its JSON is invalid.
      const code = cause?.code;
      const problem = code === "INVALID_TOOL_ARGS" || code === "TOOL_ARGS_TOO_DEEP" ? argsProblem(code, cause!.cause) : "the arguments are not valid JSON";
      const error = new ToolExecutionError("TOOL_ARGS_INVALID", call.id, name, `Tool '${name}' could not run: ${problem}.`, cause);
      this.host.deliver(call.id, record, { type: "error", error });
    } else if (this.#needsApproval(resolved, call)) {
      this.host.approvals.request({ kind: "tool", toolCallId: call.id, record, resolved });
    } else if (resolved.tool.execute !== undefined) {
      this.host.runner.execute(call, resolved, record);
    }
  }

  /**
   * After a run succeeded: calls the agent says it waits for but this client never saw stream. A
   * call to a client tool is handled as if it had just ended (it arrived whole, in a snapshot); a
   * call the thread renders as a component joins the run's rendered calls; a call to a tool this
   * client lacks is answered `TOOL_UNAVAILABLE`.
   */
  answerNamedPending(record: RunRecord): void {
    const { thread } = this.host;
    for (const id of record.namedPending) {
      const call = thread.call(id);
      if (call === undefined || record.clientCalls.has(id) || record.renderCalls.has(id) || call.result.peek() !== undefined) continue;
      const resolved = record.tools.byName.get(call.name.peek());
      const rendered = resolved === undefined ? renderedAs(thread, call) : undefined;
      if (resolved !== undefined) {
        record.clientCalls.add(id);
        this.host.tracked(id, record);
        this.handleEnded(record, call, resolved);
      } else if (rendered !== undefined) {
        this.trackRendered(record, id, rendered);
      } else {
        const name = call.name.peek();
        const error = new ToolExecutionError("TOOL_UNAVAILABLE", id, name, `Tool '${name}' is not available on this client.`);
        this.host.answer(id, record, { type: "error", error });
      }
    }
  }

  readonly #onEvent = (event: AGUIEvent): void => {
    const record = this.host.current();
    if (record === undefined) return;
    switch (event.type) {
      case "RUN_STARTED":
        this.host.runStarted(event);
        record.serverRunId = event.runId;
        break;
      case "TOOL_CALL_START":
        this.#onStart(record, event.toolCallId);
        break;
      case "TOOL_CALL_ARGS":
        this.host.runner.onArgs(event.toolCallId);
        break;
      case "TOOL_CALL_END":
        this.#onEnd(record, event.toolCallId);
        break;
      case "RUN_FINISHED": {
        const outcome = event.outcome;
        // Set during this run only (RUN_STARTED clears it); the same call named twice counts once.
        const awaiting = this.host.thread.awaitingInput.peek();
        if (awaiting !== undefined) for (const call of awaiting.pendingToolCalls) record.namedPending.add(call.toolCallId);
        if (outcome?.type === "success") for (const id of outcome.pendingToolCallIds ?? []) record.namedPending.add(id);
        // With `pendingInterrupts`, in the same update: an approval UI never shows one without the other.
        else if (outcome?.type === "interrupt") this.#requestInterruptApprovals(outcome.interrupts);
        break;
      }
      default:
        break;
    }
    this.host.folded();
  };

  #onStart(record: RunRecord, toolCallId: string): void {
    const call = this.host.thread.call(toolCallId);
    if (call === undefined) return;
    const resolved = record.tools.byName.get(call.name.peek());
    if (resolved === undefined) {
      const entry = renderedAs(this.host.thread, call);
      if (entry !== undefined) this.trackRendered(record, toolCallId, entry);
      return; // otherwise a server-side tool
    }
    record.clientCalls.add(toolCallId);
    this.host.tracked(toolCallId, record);
    this.host.runner.startStreaming(call, resolved, record);
  }

  #onEnd(record: RunRecord, toolCallId: string): void {
    this.host.runner.endStreaming(toolCallId);
    if (!record.clientCalls.has(toolCallId)) return;
    const call = this.host.thread.call(toolCallId);
    const resolved = call === undefined ? undefined : record.tools.byName.get(call.name.peek());
    if (call !== undefined && resolved !== undefined) this.handleEnded(record, call, resolved);
  }

  #requestInterruptApprovals(interrupts: readonly Interrupt[]): void {
    for (const interrupt of interrupts) {
      const id = interrupt.toolCallId;
      if (typeof id === "string" && this.host.thread.call(id) !== undefined) {
        this.host.approvals.request({ kind: "interrupt", toolCallId: id, interruptId: interrupt.id });
      }
    }
  }

  #needsApproval(resolved: ResolvedTool, call: ToolCallNodeImpl): boolean {
    const rule = resolved.tool.needsApproval;
    if (typeof rule !== "function") return rule === true;
    try {
      return rule.call(resolved.tool, this.host.runner.readArguments(resolved, call)) === true;
    } catch (error) {
      // When in doubt, ask.
      this.host.warn({ code: "NEEDS_APPROVAL_FAILED", message: DEV ? `needsApproval of tool '${call.name.peek()}' threw (${describeValue(error, "message")}); asking for approval.` : "" });
      return true;
    }
  }
}

/** The registered component a call shows as, when the thread renders it as one. */
export function renderedAs(thread: ThreadImpl, call: ToolCallNodeImpl): RegisteredComponent | undefined {
  if (thread.genui.toolCallComponent(call) === undefined) return undefined;
  return thread.genui.registry?.get(call.name.peek());
}
