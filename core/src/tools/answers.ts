import { DEV } from "esm-env";
import type { WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import { startCall, withdrawApproval } from "../model/tool-calls/client-transitions.js";
import type { Interrupt, ResumeEntry } from "../protocol/events.js";
import type { ApprovalResponse, Approvals } from "./approvals.js";
import { ToolExecutionError } from "./errors.js";
import type { RunRecord } from "./run-record.js";
import type { ToolOutcome, ToolRunner } from "./execution.js";
import { insertToolResult } from "./results.js";

export interface ToolAnswersConfig {
  readonly thread: ThreadImpl;
  readonly approvals: Approvals;
  readonly runner: ToolRunner;
  readonly createId: () => string;
  readonly warn: WarningHandler;
  /** The thread changed outside a run: store it. */
  readonly save: () => void;
}

const ABANDONED = "No result: the conversation moved on before this tool call was answered.";
/** The client's answer to a call that rendered a component. */
export const RENDERED = '{"rendered":true}';

/**
 * How client tool calls get answered, outside runs: results become tool messages (credited to
 * the run the call was made in), approvals run or reject a tool or answer an interrupt, answers
 * to interrupts are collected until the agent can be resumed with all of them. Calls left without
 * an answer when the user moves on are answered as abandoned, so the history sent to the agent
 * never has a tool call without a result (which most model APIs refuse).
 */
export class ToolAnswers {
  readonly #callRecords = new Map<string, RunRecord>();
  /** Client calls without a result yet. */
  readonly #outstanding = new Set<string>();
  readonly #interruptAnswers = new Map<string, ResumeEntry>();

  readonly #config: ToolAnswersConfig;
  constructor(config: ToolAnswersConfig) {
    this.#config = config;
  }

  /** A call to one of a run's client tools was seen. */
  tracked(toolCallId: string, record: RunRecord): void {
    this.#callRecords.set(toolCallId, record);
    this.#outstanding.add(toolCallId);
  }

  recordOf(toolCallId: string): RunRecord | undefined {
    return this.#callRecords.get(toolCallId);
  }

  /**
   * Writes the result of a client call. `followUp` false: the result does not earn the run a
   * follow-up (a rendered component whose definition says `followUp: false`).
   */
  applyResult(toolCallId: string, record: RunRecord | undefined, outcome: ToolOutcome, followUp = true): void {
    const { thread } = this.#config;
    const call = thread.call(toolCallId);
    if (call === undefined) return;
    if (call.result.peek() !== undefined) {
      this.#config.warn({ code: "TOOL_RESULT_IGNORED", message: DEV ? `Tool call '${toolCallId}' already has a result; a later one was ignored.` : "" });
      return;
    }
    const messageId = this.#config.createId();
    const written =
      outcome.type === "output"
        ? insertToolResult(thread, { messageId, toolCallId, content: outcome.content })
        : insertToolResult(thread, { messageId, toolCallId, content: `Error: ${outcome.error.message}`, error: outcome.error.message });
    if (!written) return;
    this.#config.approvals.dropToolApproval(toolCallId);
    this.#outstanding.delete(toolCallId);
    if (record !== undefined && followUp) record.clientAnswered++;
    this.#config.save();
  }

  applyApproval(toolCallId: string, response: ApprovalResponse): void {
    const { thread, approvals } = this.#config;
    const approval = approvals.take(toolCallId);
    const call = thread.call(toolCallId);
    if (approval === undefined || call === undefined) return;
    if (approval.kind === "interrupt") {
      // Approved, the agent runs the call once resumed.
      if (response.approved) startCall(call);
      else withdrawApproval(call);
      const payload = response.reason === undefined ? { approved: response.approved } : { approved: response.approved, reason: response.reason };
      this.#interruptAnswers.set(approval.interruptId, { interruptId: approval.interruptId, status: "resolved", payload });
    } else if (response.approved) {
      this.#config.runner.execute(call, approval.resolved, approval.record);
    } else {
      const name = call.name.peek();
      const why = response.reason === undefined ? "." : `: ${response.reason}`;
      const error = new ToolExecutionError("TOOL_REJECTED", toolCallId, name, `The user rejected the call to '${name}'${why}`);
      this.applyResult(toolCallId, approval.record, { type: "error", error });
    }
  }

  /** `resume(interruptId, payload)`: an approval tied to the interrupt is settled with it. */
  answerInterrupt(entry: ResumeEntry): void {
    const approval = this.#config.approvals.byInterrupt(entry.interruptId);
    if (approval !== undefined) {
      this.#config.approvals.take(approval.toolCallId);
      const call = this.#config.thread.call(approval.toolCallId);
      if (call !== undefined) withdrawApproval(call);
    }
    this.#interruptAnswers.set(entry.interruptId, entry);
  }

  isAnswered(interruptId: string): boolean {
    return this.#interruptAnswers.has(interruptId);
  }

  /** The resume entries once every pending interrupt has its answer (AG-UI resumes all in one run). */
  resumeFor(pending: readonly Interrupt[]): ResumeEntry[] | undefined {
    if (pending.length === 0 || !pending.every((interrupt) => this.#interruptAnswers.has(interrupt.id))) return undefined;
    return pending.map((interrupt) => this.#interruptAnswers.get(interrupt.id) as ResumeEntry);
  }

  forgetInterruptAnswers(): void {
    this.#interruptAnswers.clear();
  }



  /**
   * After a run succeeded or was interrupted: its calls to renderable components that the agent
   * did not answer itself get the client's answer, `{ "rendered": true }` (or `COMPONENT_ARGS_INVALID`
   * when the arguments did not parse, so the component could not render). The history sent back
   * then has a result for every call, and the agent learns the card was shown. Whether the answer
   * earns a follow-up run is the component's `followUp`.
   */
  answerRendered(record: RunRecord): void {
    const { thread } = this.#config;
    for (const [id, followUp] of record.renderCalls) {
      const call = thread.call(id);
      if (call === undefined || call.result.peek() !== undefined) continue;
      const name = call.name.peek();
      const outcome: ToolOutcome =
        call.status.peek() === "failed"
          ? {
              type: "error",
              error: new ToolExecutionError("COMPONENT_ARGS_INVALID", id, name, `Component '${name}' could not render: its arguments are not valid JSON.`, call.error.peek()),
            }
          : { type: "output", content: RENDERED };
      this.applyResult(id, record, outcome, followUp);
    }
  }

  /** Client calls of earlier turns still without a result get one, so the history stays valid. */
  abandonOutstanding(): void {
    for (const id of this.#outstanding) {
      const call = this.#config.thread.call(id);
      if (call !== undefined && call.result.peek() === undefined) {
        insertToolResult(this.#config.thread, { messageId: this.#config.createId(), toolCallId: id, content: `Error: ${ABANDONED}`, error: ABANDONED });
      }
    }
    this.#outstanding.clear();
  }

  /** The calls before this moment are forgotten (clear, setMessages, a thread switch). */
  forget(): void {
    this.#callRecords.clear();
    this.#outstanding.clear();
    this.#interruptAnswers.clear();
  }
}
