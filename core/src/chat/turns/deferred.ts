import { DEV } from "esm-env";
import { ThreadlineError } from "../../errors.js";
import type { ThreadImpl } from "../../model/thread.js";
import type { ResumeEntry } from "../../protocol/events.js";
import { ActionQueue } from "./action-queue.js";
import type { ApprovalResponse } from "../../tools/approvals.js";
import { resolveStateUpdate, writeState, type StateUpdate } from "../state.js";
import type { RunRecord } from "../../tools/run-record.js";
import type { ToolOutcome } from "../../tools/execution.js";
import type { ToolAnswers } from "../../tools/answers.js";

/** An answer the user or a tool gives; while a run streams it waits for the run to end. */
export type DeferredAnswer =
  | { readonly kind: "result"; readonly toolCallId: string; readonly record: RunRecord | undefined; readonly outcome: ToolOutcome }
  | { readonly kind: "approval"; readonly toolCallId: string; readonly response: ApprovalResponse }
  /** An interrupt answered after RUN_FINISHED arrived but before its stream ended. */
  | { readonly kind: "interrupt"; readonly entry: ResumeEntry };

/** Asked for while a run streams; applied in order when it ends. */
export type Deferred =
  /** `generation`: the turn's when it was asked for (an older one's answer is dropped). */
  | (DeferredAnswer & { readonly generation: number })
  /** `setState` while a run streams: a user edit, applied when the stream ends. */
  | { readonly kind: "state"; readonly update: StateUpdate };

export interface DeferredConfig {
  readonly thread: ThreadImpl;
  readonly answers: ToolAnswers;
  readonly report: (error: ThreadlineError) => void;
}

/**
 * What the user and the tools asked for while a run streamed (only the stream writes the thread
 * then), applied in arrival order when it ends, never re-entrantly (see `ActionQueue`).
 */
export class DeferredActions {
  readonly #queue = new ActionQueue<Deferred>();

  readonly #config: DeferredConfig;
  constructor(config: DeferredConfig) {
    this.#config = config;
  }

  push(action: Deferred): void {
    this.#queue.push(action);
  }

  /**
   * Applies the queue, in order. Results and state edits are facts and always land; an approval
   * or interrupt answer given during a run that then failed (`continuable` false) is not acted on
   * ("never replayed after a failure"): the call stays in `awaiting-approval` for the user to
   * decide again. Answers from an older `generation` are dropped. `idle()` false (an answer
   * started a run) stops the drain: the rest waits for that run to end.
   */
  drain(continuable: boolean, generation: number, idle: () => boolean): void {
    const { answers, thread } = this.#config;
    this.#queue.drain((action) => {
      if (action.kind === "state") this.#applyState(action.update);
      else if (action.generation !== generation) return true;
      else if (action.kind === "result") answers.applyResult(action.toolCallId, action.record, action.outcome);
      else if (!continuable) return true;
      else if (action.kind === "approval") answers.applyApproval(action.toolCallId, action.response);
      else if (thread.pendingInterrupts.peek().some((i) => i.id === action.entry.interruptId)) answers.answerInterrupt(action.entry);
      return idle();
    });
  }

  /**
   * The turn was halted: everything queued is dropped, except the user's state edits when
   * `keepState` (a stop, a regenerate, `setMessages`), which are applied now. A clear, a thread
   * switch and dispose end the conversation the edits were made in.
   */
  drop(keepState: boolean): void {
    for (const action of this.#queue.takeAll()) if (keepState && action.kind === "state") this.#applyState(action.update);
  }

  /** A state edit that waited: the failure of an update function is reported, not thrown. */
  #applyState(update: StateUpdate): void {
    try {
      writeState(this.#config.thread, resolveStateUpdate(this.#config.thread, update));
    } catch (error) {
      this.#config.report(ThreadlineError.from(error, DEV ? "A state update that waited for the run" : "deferred setState"));
    }
  }
}
