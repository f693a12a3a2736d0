import { batch, signal, type ReadonlySignal } from "@preact/signals-core";
import { ThreadlineError, type WarningHandler } from "../../errors.js";
import type { ThreadImpl } from "../../model/thread.js";
import type { AGUIEventOf, Context, EventType, Message, ResumeEntry } from "../../protocol/events.js";
import type { RunLoop } from "../../run/loop.js";
import type { RejoinParams } from "../../run/options.js";
import type { Approvals } from "../../tools/approvals.js";
import { ToolAnswers } from "../../tools/answers.js";
import type { ToolSet } from "../../tools/definition.js";
import { ToolRunner } from "../../tools/execution.js";
import { ToolCallWatch } from "../../tools/call-watch.js";
import type { ToolArgumentReading } from "../../tools/argument-reading.js";
import type { ClearedRunFilter } from "../incoming/cleared-run-filter.js";
import type { ChatStorage } from "../storage/storage.js";
import { ActionQueue } from "./action-queue.js";
import { answerStart } from "../branches.js";
import { editStart } from "./edit-start.js";
import { advertisedTools } from "../../tools/advertised-tools.js";
import { MaxStepsError } from "./max-steps-error.js";
import { DeferredActions, type DeferredAnswer } from "./deferred.js";
import { resolveStateUpdate, writeState, type StateUpdate } from "../state.js";
import type { TurnResult } from "../types.js";
import { decideContinuation } from "./continuation.js";
import { newRunRecord, type RunKind, type RunRecord } from "../../tools/run-record.js";
import type { RunResult } from "../../run/result.js";
import type { ToolOutcome } from "../../tools/execution.js";

/** Where a turn stands between runs: `running` while client tools run. */
export type TurnPhase = "idle" | "running" | "awaiting-input" | "failed";

export interface TurnRunParams {
  /** AG-UI connect instead of run: attach to the agent's side of the thread. */
  readonly connect?: boolean;
  readonly messages?: readonly Message[];
  readonly resume?: readonly ResumeEntry[] | undefined;
  readonly parentRunId?: string;
  /** A reload's rejoin of a run a resumable server logs (see `RunParams.rejoin`). */
  readonly rejoin?: RejoinParams;
  /** Merged over the chat's `forwardedProps` for this run only (`ChatClient.runAgent`). */
  readonly forwardedProps?: Readonly<Record<string, unknown>>;
}

/** A user turn waiting for the current one to settle. */
export type QueuedTurn =
  | {
      readonly kind: "message";
      readonly message: Message;
      /** An edit: the user message this one replaces, on a new branch from there. */
      readonly replaces?: string;
      resolve(result: TurnResult): void;
    }
  /** `messageId`: the answer (or its user message) to ask again; the last answer without. */
  | { readonly kind: "regenerate"; readonly messageId?: string; resolve(result: TurnResult): void }
  | { readonly kind: "connect"; readonly rejoin?: TurnRunParams["rejoin"]; resolve(result: TurnResult): void }
  /** A run with no new message, carrying one-off `forwardedProps` (a generative-UI action). */
  | { readonly kind: "action"; readonly forwardedProps: Readonly<Record<string, unknown>>; resolve(result: TurnResult): void };

export interface ChatTurnsConfig {
  readonly thread: ThreadImpl;
  readonly loop: RunLoop;
  readonly approvals: Approvals;
  readonly storage: ChatStorage;
  readonly filter: ClearedRunFilter;
  readonly resetPresence: () => void;
  readonly createId: () => string;
  readonly report: (error: ThreadlineError) => void;
  readonly warn: WarningHandler;
  /** Called just before each run is requested (the chat names a placeholder thread there). */
  readonly beforeRun: () => void;
  /** The settings in force for the next run. */
  readonly settings: () => { readonly tools: ToolSet; readonly context: readonly Context[] | undefined; readonly forwardedProps: unknown; readonly maxSteps: number };
  /** How client tools' arguments are read (the chat's `toolArguments`). */
  readonly toolArguments: ToolArgumentReading;
  /** The chat's own RUN_STARTED was folded, first after the fold (the chat may re-key the thread). */
  readonly runStarted: (event: AGUIEventOf<EventType.RUN_STARTED>) => void;
}

/**
 * The conversation loop. One run at a time; between runs, client tools run and approvals wait.
 * Everything that happens is followed by `advance()`, the single place that decides what comes
 * next: a resume, the one follow-up run a finished round of tool calls needs, waiting, or
 * settling (which resolves the turn's promises and starts the next queued message).
 *
 * Races are handled by three rules. (1) Nothing runs re-entrantly: what arrives while a run
 * streams is deferred and applied in order when it ends. (2) A round is continued once: its
 * record is marked `continued` when the follow-up starts. (3) `generation` moves on with stop,
 * clear and every new user turn; work begun under an older generation (a tool still running, a
 * deferred result) is dropped, never applied.
 */
export class ChatTurns {
  readonly phase: ReadonlySignal<TurnPhase>;
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  /** Runs the client tools; it reports each execution that ends back here (`finished`). */
  readonly runner: ToolRunner;
  readonly answers: ToolAnswers;
  /** The one listener after the fold: acts on the client tool calls of this loop's runs. */
  readonly watch: ToolCallWatch;

  #generation = 0;
  #current: RunRecord | undefined;
  /** The stored thread is being read: turns wait for it. */
  #hydratingNow = false;
  /** Following another client's run (`RunFollow`): turns wait for it to end. */
  #following = false;
  #disposedNow = false;
  readonly #phaseSignal = signal<TurnPhase>("idle");
  readonly #errorSignal = signal<ThreadlineError | undefined>(undefined);
  #last: RunRecord | undefined;
  #steps = 0;
  readonly #deferred: DeferredActions;
  readonly #queued = new ActionQueue<QueuedTurn>();
  #waiters: ((result: TurnResult) => void)[] = [];

  readonly #config: ChatTurnsConfig;
  constructor(config: ChatTurnsConfig) {
    this.#config = config;
    const { thread, approvals, createId, warn, storage } = config;
    // The runner, the answers and the tool-call watch are made here: their reports come back to this loop.
    this.runner = new ToolRunner({ thread, warn, reading: config.toolArguments, finished: (id, record, outcome) => this.finished(id, record, outcome) });
    this.answers = new ToolAnswers({ thread, approvals, runner: this.runner, createId, warn, save: () => storage.save() });
    this.#deferred = new DeferredActions({ thread, answers: this.answers, report: config.report });
    this.watch = new ToolCallWatch({
      thread,
      runner: this.runner,
      approvals,
      warn,
      current: () => this.#current,
      tracked: (id, record) => this.answers.tracked(id, record),
      deliver: (id, record, outcome) => this.finished(id, record, outcome),
      answer: (id, record, outcome) => this.answers.applyResult(id, record, outcome),
      runStarted: config.runStarted,
      folded: () => storage.scheduleSave(),
      savesEveryEvent: storage.enabled,
    });
    this.phase = this.#phaseSignal;
    this.error = this.#errorSignal;
  }

  get disposed(): boolean {
    return this.#disposedNow;
  }

  /** True while the stored thread is read (between `hydrationStarted` and `hydrated`). */
  get hydrating(): boolean {
    return this.#hydratingNow;
  }

  /** The record of the chat's run under way, if one is (the tool-call watch follows its events). */
  activeRecord(): RunRecord | undefined {
    return this.#current;
  }

  /** The stored thread is being read: turns asked for meanwhile wait. */
  hydrationStarted(): void {
    this.#hydratingNow = true;
  }

  /** The stored thread has been read: what waited goes on. */
  hydrated(): void {
    this.#hydratingNow = false;
    this.advance();
  }

  /** Another client's run is followed (`RunFollow`) until `followEnded`: turns wait for it. */
  followStarted(): void {
    this.#following = true;
  }

  followEnded(): void {
    this.#following = false;
  }

  /**
   * A failure that belongs to no turn of this chat — the run it followed failed, its stop was
   * refused, the run it should rejoin could not be looked up — is shown (`error`, phase `failed`)
   * while nothing else is under way or waiting to start; else it is only reported (`reported`:
   * it already was).
   */
  showFailure(error: ThreadlineError, reported = false): void {
    if (this.#disposedNow) return;
    if (!reported) this.#config.report(error);
    if (this.#current !== undefined || this.#queued.size > 0 || this.#hydratingNow || this.#following || this.runner.executingCount > 0) return;
    this.#errorSignal.value = error;
    this.#phaseSignal.value = "failed";
  }

  /** `dispose()`: the turn under way ends, and every later request is refused. */
  dispose(): void {
    if (this.#disposedNow) return;
    this.halt("the chat was disposed", "disposed");
    this.#disposedNow = true;
  }

  /** Stops the turn under way (a run, or client tools still running) before a branch changes; not while hydrating. */
  stopForBranch(reason: string): void {
    if (!this.#disposedNow && !this.#hydratingNow && (this.#current !== undefined || this.runner.executingCount > 0)) this.halt(reason, "stopped");
  }

  /** A user turn: starts now, or after the turn under way (continuations included) settles. */
  request(turn: QueuedTurn): void {
    if (this.#disposedNow) return turn.resolve({ status: "skipped", reason: "disposed" });
    if (this.#hydratingNow || this.#following || this.#current !== undefined || this.runner.executingCount > 0 || this.#queued.size > 0) {
      this.#queued.push(turn);
      return;
    }
    this.#startTurn(turn);
  }

  /**
   * Runs `apply` now, or (given `deferred`) when the active run ends; resolves when the turn
   * settles.
   */
  act(apply: () => void, deferred?: DeferredAnswer): Promise<TurnResult> {
    return new Promise((resolve) => {
      if (this.#disposedNow) return resolve({ status: "cancelled" });
      this.#waiters.push(resolve);
      if (this.#current !== undefined && deferred !== undefined) this.#deferred.push({ ...deferred, generation: this.#generation });
      else {
        apply();
        this.advance();
      }
    });
  }

  /**
   * @internal A user edit of the state (`setState`). With no run streaming it is written now and stored
   * (an update function that throws or returns non-JSON throws here). While a run streams it waits
   * and is applied when the stream ends, after the run's own events and before anything starts
   * next, whatever the run's outcome; `stop()` applies it too, `clear()`, a thread switch and
   * `dispose()` drop it. Not a turn: nothing is resolved or advanced by it.
   */
  editState(update: StateUpdate): void {
    if (this.#disposedNow) return;
    if (this.#current !== undefined) {
      this.#deferred.push({ kind: "state", update });
      return;
    }
    writeState(this.#config.thread, resolveStateUpdate(this.#config.thread, update));
    this.#config.storage.save();
  }

  /** A tool finished (invalidated executions never get here). */
  finished(toolCallId: string, record: RunRecord, outcome: ToolOutcome): void {
    if (this.#disposedNow || record.generation !== this.#generation) return;
    if (this.#current !== undefined) {
      this.#deferred.push({ kind: "result", toolCallId, record, outcome, generation: this.#generation });
      return;
    }
    this.answers.applyResult(toolCallId, record, outcome);
    this.advance();
  }

  /**
   * The single decision point, after anything changed and no run is active: resume, continue,
   * keep waiting on tools, or settle.
   */
  advance(): void {
    if (this.#disposedNow || this.#hydratingNow || this.#following || this.#current !== undefined) return;
    const { thread } = this.#config;
    const runner = this.runner;
    // Tools still running: whatever comes next (a resume, a follow-up) carries their results.
    if (runner.executingCount > 0) {
      this.#phaseSignal.value = "running";
      return;
    }
    const pending = thread.pendingInterrupts.peek();
    const resume = this.answers.resumeFor(pending);
    if (resume !== undefined) {
      this.#steps = 0;
      this.#errorSignal.value = undefined;
      this.#startRun("resume", { resume });
      return;
    }
    const decision = decideContinuation(this.#last, thread, (id) => runner.isExecuting(id));
    if (decision.type === "continue") {
      const record = this.#last as RunRecord;
      record.continued = true;
      const { maxSteps } = this.#config.settings();
      if (this.#steps < maxSteps) {
        this.#steps++;
        this.#startRun("continuation", { parentRunId: record.serverRunId ?? record.runId });
        return;
      }
      this.#fail(new MaxStepsError(maxSteps));
    }
    const error = this.#errorSignal.peek();
    const onUser = (decision.type === "wait" && decision.onUser) || this.#config.approvals.size > 0 || pending.length > 0;
    this.#settle(error !== undefined ? { status: "failed", error } : { status: onUser ? "awaiting-input" : "idle" });
    if (this.#queued.size === 0) return;
    if (error !== undefined) {
      for (const turn of this.#queued.takeAll()) turn.resolve({ status: "skipped", reason: "failed" });
      return;
    }
    this.#queued.drain((turn) => {
      this.#startTurn(turn);
      return this.#current === undefined;
    });
  }

  /**
   * Ends the turn under way without letting it continue: the active run is stopped, running tools
   * and pending approvals are cancelled, deferred work is dropped. `reason` reaches the nodes'
   * `TOOL_CANCELLED` errors; `skip` is what queued messages resolve with; `afterStop` changes the
   * thread once no run is active, before the turn's promises resolve.
   */
  halt(reason: string, skip: "stopped" | "cleared" | "disposed", afterStop?: () => void): void {
    this.#generation++;
    this.runner.invalidate(reason);
    this.#config.approvals.cancelAll(reason);
    this.answers.forgetInterruptAnswers();
    const record = this.#current;
    this.#current = undefined;
    if (record !== undefined) record.outcome = "cancelled";
    // A disposed chat (its component went away) leaves the run rather than stopping it: a server
    // that logs it keeps producing it, and the chat opened on the thread next rejoins it.
    if (skip === "disposed") this.#config.loop.leave();
    else this.#config.loop.stop();
    this.#config.resetPresence();
    this.#errorSignal.value = undefined;
    afterStop?.();
    this.#deferred.drop(skip === "stopped");
    for (const turn of this.#queued.takeAll()) turn.resolve({ status: "skipped", reason: skip });
    const settled = this.#config.thread.pendingInterrupts.peek().length > 0 ? "awaiting-input" : "idle";
    this.#settle({ status: "cancelled" }, settled);
  }

  /** The runs before this moment are forgotten (clear, setMessages, a thread switch). */
  forgetRuns(): void {
    this.#last = undefined;
    this.answers.forget();
  }

  #startTurn(turn: QueuedTurn): void {
    const { thread } = this.#config;
    if (turn.kind === "connect") {
      // Attaching answers nothing and moves nothing on: approvals, interrupts and calls waiting
      // for the user stay as they are.
      this.#errorSignal.value = undefined;
      this.#waiters.push(turn.resolve);
      this.#startRun("connect", { connect: true, ...(turn.rejoin !== undefined ? { rejoin: turn.rejoin } : {}) });
      return;
    }
    // A regeneration or an edit forks the conversation there (the old answer stays a branch).
    const fork =
      turn.kind === "regenerate" ? answerStart(thread, turn.messageId) : turn.kind === "message" && turn.replaces !== undefined ? editStart(thread, turn.replaces) : undefined;
    if (turn.kind === "regenerate" && fork === undefined) return turn.resolve({ status: "skipped", reason: "nothing-to-regenerate" });
    if (turn.kind === "message" && turn.replaces !== undefined && fork === undefined) return turn.resolve({ status: "skipped", reason: "nothing-to-edit" });
    this.#generation++;
    // Cancelled while the calls are still on the path, so each is cancelled once, here.
    this.runner.invalidate("a new turn started");
    this.#config.approvals.cancelAll("a new turn started");
    this.answers.forgetInterruptAnswers();
    const parentRunId = fork === undefined ? undefined : thread.tree.parentRunIdAt(fork);
    if (fork !== undefined) thread.tree.branchAt(fork);
    // After the fork: calls left on the abandoned branch need no answer.
    this.answers.abandonOutstanding();
    this.#steps = 0;
    this.#errorSignal.value = undefined;
    this.#waiters.push(turn.resolve);
    // Interrupts left unanswered are declined: the next run must answer each of them.
    const pending = thread.pendingInterrupts.peek();
    const resume = pending.length === 0 ? undefined : pending.map((i): ResumeEntry => ({ interruptId: i.id, status: "cancelled" }));
    this.#startRun(turn.kind, {
      ...(turn.kind === "message" ? { messages: [turn.message] } : {}),
      ...(turn.kind === "action" ? { forwardedProps: turn.forwardedProps } : {}),
      resume,
      ...(parentRunId === undefined ? {} : { parentRunId }),
    });
  }

  #startRun(kind: RunKind, params: TurnRunParams): void {
    const settings = this.#config.settings();
    const runId = params.rejoin?.runId ?? this.#config.createId();
    const record = newRunRecord(runId, kind, this.#generation, settings.tools);
    this.#current = record;
    this.#last = record;
    this.answers.forgetInterruptAnswers();
    // After `run` has set `submitted`, in one batch: status never shows `streaming` first.
    batch(() => {
      this.#startLoopRun(record, settings, params);
      this.#phaseSignal.value = "running";
    });
    // Stored as it is sent — the user's message and the run's resume point — so a reload before
    // the first event keeps the question and rejoins the run.
    this.#config.storage.save();
  }

  #startLoopRun(record: RunRecord, settings: ReturnType<ChatTurnsConfig["settings"]>, params: TurnRunParams): void {
    const runId = record.runId;
    this.#config.beforeRun();
    const { loop } = this.#config;
    const loopParams = {
      runId,
      tools: advertisedTools(settings.tools, this.#config.thread.genui.registry, this.#config.warn),
      context: settings.context,
      forwardedProps: params.forwardedProps === undefined ? settings.forwardedProps : { ...ownRecord(settings.forwardedProps), ...params.forwardedProps },
      ...(params.messages !== undefined ? { messages: params.messages } : {}),
      ...(params.resume !== undefined ? { resume: params.resume } : {}),
      ...(params.parentRunId !== undefined ? { parentRunId: params.parentRunId } : {}),
      ...(params.rejoin !== undefined ? { rejoin: params.rejoin } : {}),
    };
    (params.connect === true ? loop.connect(loopParams) : loop.run(loopParams))
      .then(
        (result) => this.#ended(record, result),
        (error: unknown) => this.#refused(record, error),
      );
  }

  #ended(record: RunRecord, result: RunResult): void {
    if (this.#current !== record) return; // stopped or cleared meanwhile: already settled
    this.#current = undefined;
    this.#config.filter.runSettled(record.serverRunId ?? record.runId);
    this.#config.resetPresence();
    this.#config.thread.tree.runEnded(record.serverRunId ?? record.runId);
    const { outcome, continuable, error } = runEnd(result);
    record.outcome = outcome;
    if (error !== undefined) this.#fail(error);
    if (result.status === "succeeded") this.watch.answerNamedPending(record);
    this.#drainDeferred(continuable);
    // After the deferred answers: a result the user gave a rendered call during the run wins.
    if (continuable) this.answers.answerRendered(record);
    this.#config.storage.save();
    this.advance();
  }

  /** `run()` refused before anything was sent (e.g. an expired interrupt answered "resolved"). */
  #refused(record: RunRecord, error: unknown): void {
    if (this.#current !== record) return;
    this.#current = undefined;
    record.outcome = "failed";
    this.#fail(ThreadlineError.from(error, "The run"));
    this.#drainDeferred(false);
    this.#config.storage.save();
    this.advance();
  }

  #drainDeferred(continuable: boolean): void {
    this.#deferred.drain(continuable, this.#generation, () => this.#current === undefined);
  }

  #fail(error: ThreadlineError): void {
    this.#errorSignal.value = error;
    this.#config.report(error);
  }

  #settle(result: TurnResult, phase: TurnPhase = settledPhase(result)): void {
    this.#phaseSignal.value = phase;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve(result);
  }
}

/** What a run's end means for its turn. */
export interface RunEnd {
  readonly outcome: Exclude<RunRecord["outcome"], "running">;
  /** The round of tool calls it made may be answered and continued. */
  readonly continuable: boolean;
  /** The turn fails with this. */
  readonly error?: ThreadlineError;
}

/** Maps how the run loop says a run ended to the turn's view of it. */
export function runEnd(result: RunResult): RunEnd {
  switch (result.status) {
    case "succeeded":
      return { outcome: "succeeded", continuable: true };
    case "interrupted":
      // Approvals the interrupts ask for were registered when RUN_FINISHED was folded.
      return { outcome: "interrupted", continuable: true };
    case "failed":
      return { outcome: "failed", continuable: false, error: result.error };
    case "cancelled":
    case "detached":
    case "skipped":
      return { outcome: "cancelled", continuable: false };
    default: {
      const unknown: never = result;
      return unknown;
    }
  }
}

/** The phase a turn that settled with `result` is left in. */
export function settledPhase(result: TurnResult): TurnPhase {
  return result.status === "failed" ? "failed" : result.status === "awaiting-input" ? "awaiting-input" : "idle";
}

/** The chat's `forwardedProps` when it is an object (a run's one-off props are merged over it). */
function ownRecord(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
