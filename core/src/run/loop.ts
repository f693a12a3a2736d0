import { DEV } from "esm-env";
import { batch, computed, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { describeValue } from "../describe-value.js";
import { ThreadlineError, warnToConsole, type WarningHandler } from "../errors.js";
import { makeThread } from "../fold/make-thread.js";
import { FoldError } from "../fold/errors.js";
import { refuseRemoved, ThreadImpl } from "../model/thread.js";
import type { Thread } from "../model/types.js";
import type { PipelineOptions } from "../pipeline/index.js";
import type { Message } from "../protocol/events.js";
import { ConnectNotSupportedError } from "../transport/errors.js";
import { TransportError } from "../transport/transport-error.js";
import type { AgentSource, ServerRun } from "../transport/source.js";
import type { CapabilityQuery } from "../transport/capabilities.js";
import type { AgentCapabilities } from "@ag-ui/core";
import { RunLoopInputError } from "./errors.js";
import { InterruptResumeError, RunInProgressError, RunLoopDisposedError, RunSettleError } from "./loop-errors.js";
import { checkResume } from "./interrupts.js";
import type { Middleware } from "../pipeline/middleware.js";
import { CURRENT_PEER, type PeerProfile } from "./outgoing-compat.js";
import { legacyOptionProblem } from "../pipeline/legacy.js";
import { buildRunInput, ownRunParts, withThreadContent } from "./input.js";
import { terminalGrace, type ActiveRun, type ResumePoint, type RunLoopOptions, type RunParams } from "./options.js";
import type { RunMode, RunResult, RunStatus } from "./result.js";
import { RecentRuns, RunSession, type SessionHost } from "./session.js";
import type { RunSubscriber } from "./subscriber.js";
import { SubscriberDispatch } from "./subscriber-dispatch.js";
import { replaceState } from "./replace-state.js";
import { checkMessages, replaceMessages } from "./thread-writes.js";

interface Request {
  readonly mode: RunMode;
  readonly params: RunParams;
  resolve(result: RunResult): void;
  reject(error: unknown): void;
}

/**
 * Runs an agent on one thread, one run at a time: builds the input, streams the run through
 * middleware, the pipeline and subscribers into the fold, and keeps `status`, `error` and
 * `isRunning`. `run()` resolves with a `RunResult` for everything that happens once a run has
 * started; it rejects only for mistakes made by the caller (see `run`).
 */
export class RunLoop {
  readonly thread: Thread;
  readonly status: ReadonlySignal<RunStatus>;
  /** The last run's error while `status` is `error`; cleared when a run starts. */
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  readonly isRunning: ReadonlySignal<boolean>;
  readonly activeRun: ReadonlySignal<ActiveRun | undefined>;

  readonly #impl: ThreadImpl;
  readonly #source: AgentSource;
  readonly #statusSignal: Signal<RunStatus>;
  readonly #errorSignal = signal<ThreadlineError | undefined>(undefined);
  readonly #activeSignal = signal<ActiveRun | undefined>(undefined);
  readonly #middleware: Middleware[];
  readonly #subscribers: RunSubscriber[];
  readonly #queue: Request[] = [];
  readonly #profile: PeerProfile;
  readonly #host: SessionHost;
  readonly #createId: () => string;
  readonly #warn: WarningHandler;
  #active: RunSession | undefined;
  /** The last run, when it failed on the network: it may still be going on the server (see `resumePoint`). */
  #lost: RunSession | undefined;
  #disposed = false;
  #generationCount = 0;

  readonly #options: RunLoopOptions;
  constructor(options: RunLoopOptions) {
    this.#options = options;
    refuseRemoved(options);
    const legacyProblem = legacyOptionProblem(options);
    if (legacyProblem !== undefined) throw new RunLoopInputError("INVALID_RUN_OPTION", DEV ? legacyProblem : "");
    this.#warn = options.onWarning ?? warnToConsole;
    this.#createId = options.createId ?? (() => globalThis.crypto.randomUUID());
    const thread =
      options.thread ??
      makeThread({
        threadId: options.threadId ?? this.#createId(),
        onWarning: this.#warn,
        components: options.components,
        subagents: options.subagents,
        partialArgs: options.partialArgs,
      });
    if (!(thread instanceof ThreadImpl)) {
      throw new FoldError("WRONG_THREAD", DEV ? "RunLoop needs a thread made by createThread()." : "");
    }
    const grace = terminalGrace(options.terminalGraceMs);
    this.#impl = thread;
    this.thread = thread;
    this.#source = options.source;
    this.#middleware = [...(options.middleware ?? [])];
    this.#subscribers = [...(options.subscribers ?? [])];
    this.#profile = options.legacy?.peer ?? CURRENT_PEER;
    this.#statusSignal = signal<RunStatus>(thread.pendingInterrupts.peek().length > 0 ? "awaiting-input" : "idle");
    this.status = this.#statusSignal;
    this.error = this.#errorSignal;
    this.activeRun = this.#activeSignal;
    this.isRunning = computed(() => {
      const status = this.#statusSignal.value;
      return status === "submitted" || status === "streaming" || status === "reconnecting";
    });
    const pipeline: PipelineOptions = {
      ...(options.validation !== undefined ? { validation: options.validation } : {}),
      ...(options.schemas !== undefined ? { schemas: options.schemas } : {}),
      ...(options.legacy !== undefined ? { legacy: options.legacy } : {}),
    };
    this.#host = {
      thread: this.#impl,
      source: this.#source,
      middleware: this.#middleware,
      pipeline,
      onWarning: this.#warn,
      terminalGraceMs: grace,
      finishedRuns: new RecentRuns(16),
      streaming: (session) => {
        if (session === this.#active) this.#statusSignal.value = "streaming";
      },
      reconnecting: (session) => {
        if (session === this.#active) this.#statusSignal.value = "reconnecting";
      },
      resumable: (session, runId) => {
        if (session !== this.#active) return;
        this.#tell(() => this.#options.onResumable?.(runId));
      },
      stopFailed: (_session, error) => this.#stopFailed(error),
      finish: (session, result) => this.#finish(session, result),
      settleFailed: (session, error) => this.#report(new RunSettleError(session.runId, error)),
      report: (error) => this.#report(error),
    };
  }

  /**
   * Bumped when a run starts and on `stop()`, `detach()`, `leave()` and `dispose()`. Work begun for one
   * generation (a tool result, a follow-up run) can compare it to tell that the conversation
   * moved on in the meantime.
   */
  get generation(): number {
    return this.#generationCount;
  }

  /**
   * Where a reload can rejoin the run under way, from the moment it is sent (the run id is the
   * client's: a server that logs runs, Threadline's `createAgentHandler`, logs it under that id, or
   * names its own in its response), with the thread's message count and state at the run's start,
   * which a rejoin rolls back to before it replays the run. None for a run followed read-only, nor
   * for an AG-UI connect whose server did not name the run.
   */
  resumePoint(): ResumePoint | undefined {
    const active = this.#active;
    // A run that failed on the network (a connection that could not be resumed, no answer at all)
    // or that was left may be going on on a server that logs it: it can still be rejoined, until
    // the next run starts.
    const session = active !== undefined && !active.isClosed ? active : active === undefined ? this.#lost : undefined;
    if (session === undefined || session.readOnly) return undefined;
    const runId = session.loggedRunId ?? (session.mode === "run" || session.rejoinFrom !== undefined ? session.runId : undefined);
    if (runId === undefined) return undefined;
    return { runId, messageCount: session.messagesAtStart, state: session.stateAtStart };
  }

  /** The thread's runs the server holds (`source.runsOf`); `undefined` when the source cannot tell. */
  runsOf(threadId: string, options?: { readonly force?: boolean }): Promise<readonly ServerRun[] | undefined> {
    return this.#source.runsOf?.(threadId, options) ?? Promise.resolve(undefined);
  }

  /** What the agent can do (`source.getCapabilities`); `undefined` when the source cannot tell. */
  capabilities(query?: CapabilityQuery): Promise<AgentCapabilities | undefined> {
    return this.#source.getCapabilities?.(query) ?? Promise.resolve(undefined);
  }

  /**
   * The page woke or the network came back: a source waiting to reconnect the active run tries
   * now (`AgentSource.wake`).
   */
  wake(): void {
    if (this.#active !== undefined) this.#source.wake?.();
  }

  /** Whether `connect()` can work: the source implements AG-UI connect. */
  get canConnect(): boolean {
    return typeof this.#source.connect === "function";
  }

  /**
   * Starts a run (or queues it, with `whenRunning: "queue"`). Resolves with how it ended. Rejects,
   * with nothing sent and nothing changed, only when the call itself is wrong:
   * `RunInProgressError` (a run is active and runs are refused), `InterruptResumeError` (the
   * thread's pending interrupts are not all answered by `resume`, or an expired one is not
   * cancelled), `RunLoopInputError` (`messages` are not AG-UI messages), `RunLoopDisposedError`.
   */
  run(params: RunParams = {}): Promise<RunResult> {
    return this.#request("run", params);
  }

  /**
   * Attaches to a run already going on the agent's side (AG-UI connect), through the same
   * middleware, pipeline, subscribers and fold. No interrupt check: attaching answers nothing.
   * Rejects with `ConnectNotSupportedError` when the source has no `connect` (see `canConnect`).
   */
  connect(params: RunParams = {}): Promise<RunResult> {
    if (params.rejoin !== undefined) {
      if (typeof this.#source.resume !== "function") {
        return Promise.reject(new ConnectNotSupportedError(DEV ? "the loop's source cannot resume a run (no resume method)" : ""));
      }
      return this.#request("connect", params);
    }
    if (!this.canConnect) {
      return Promise.reject(new ConnectNotSupportedError(DEV ? "the loop's source has no connect method" : ""));
    }
    return this.#request("connect", params);
  }

  /**
   * Stops the active run: its request is aborted and it ends now as `cancelled` — no error, status
   * back to idle, everything folded so far kept. Queued runs are dropped (`skipped`).
   */
  stop(): void {
    this.#generationCount++;
    this.#lost = undefined;
    this.#skipQueued("stopped");
    this.#active?.cancel();
  }

  /**
   * Stops folding the active run without aborting it: the agent goes on, unheard. The run ends
   * now as `detached`; queued runs go ahead.
   */
  detach(): void {
    this.#generationCount++;
    this.#active?.detach();
  }

  /**
   * Leaves the active run: the loop stops listening and the source releases its connection
   * without stopping the run (see `RunLeft`), which ends now as `detached`. A server that logs the
   * run keeps producing it, and `resumePoint()` still names it, so a chat opened on the thread
   * later — or a reload — rejoins it. Queued runs are dropped (`skipped`).
   */
  leave(): void {
    this.#generationCount++;
    this.#skipQueued("stopped");
    this.#active?.leave();
  }

  /** Adds a subscriber for every later run. Returns the function that removes it. */
  subscribe(subscriber: RunSubscriber): () => void {
    this.#subscribers.push(subscriber);
    return () => {
      const at = this.#subscribers.indexOf(subscriber);
      if (at !== -1) this.#subscribers.splice(at, 1);
    };
  }

  /** Appends middleware (innermost) for every later run. */
  use(...middleware: Middleware[]): this {
    this.#middleware.push(...middleware);
    return this;
  }

  /** Replaces the thread's messages (nodes of unchanged ids are kept). Not while a run is active. */
  setMessages(messages: readonly Message[]): void {
    this.#idle("setMessages()");
    replaceMessages(this.#impl, checkMessages(messages, "setMessages()"));
  }

  /** Appends messages whose ids the thread does not hold. Not while a run is active. */
  addMessages(messages: readonly Message[]): void {
    this.#idle("addMessages()");
    this.#impl.appendWhole(checkMessages(messages, "addMessages()"), "addMessages()");
  }

  /** Replaces the thread's state. Not while a run is active. */
  setState(state: unknown): void {
    this.#idle("setState()");
    replaceState(this.#impl, state);
  }

  /** Stops the active run, drops queued ones, and refuses every later run. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#generationCount++;
    this.#skipQueued("disposed");
    this.#active?.cancel();
    this.#subscribers.length = 0;
  }

  #request(mode: RunMode, params: RunParams): Promise<RunResult> {
    const attempted = mode === "run" ? "run()" : "connect()";
    if (this.#disposed) return Promise.reject(new RunLoopDisposedError(attempted));
    const whenRunning = params.whenRunning ?? this.#options.whenRunning ?? "refuse";
    if (this.#active !== undefined && whenRunning === "refuse") {
      return Promise.reject(new RunInProgressError(this.#active.runId, `${attempted} was called`));
    }
    return new Promise<RunResult>((resolve, reject) => {
      const request: Request = { mode, params, resolve, reject };
      // Queued runs start in order; one asked for while others wait joins the end of the line.
      if (this.#active === undefined && this.#queue.length === 0) this.#start(request);
      else this.#queue.push(request);
    });
  }

  /**
   * Starts `request`, or refuses it. start() is also reached from finish() (inside the previous
   * run's promise callback) and from detach(): a throw here would leave this request unsettled and
   * the queue behind it stalled, so whatever goes wrong before the run is under way rejects the
   * request, and once it is under way fails the run; either way the queue moves on.
   */
  #start(request: Request): void {
    let session: RunSession;
    try {
      session = this.#prepare(request);
    } catch (error) {
      request.reject(refusal(error, request.mode === "run" ? "run()" : "connect()"));
      this.#next();
      return;
    }
    try {
      this.#launch(session, request);
    } catch (error) {
      session.fail(ThreadlineError.from(error, "The run"));
    }
  }

  /**
   * Checks the request and builds its session. Everything that can throw on the caller's values
   * (checks, ids, copying tools/context/forwardedProps/resume) runs before the first write to the
   * thread, so a refused run leaves it unchanged.
   */
  #prepare(request: Request): RunSession {
    const { mode, params } = request;
    if (mode === "run") checkResume(this.#impl.pendingInterrupts.peek(), params.resume, (this.#options.now ?? Date.now)());
    const messages = params.messages === undefined ? undefined : checkMessages(params.messages, "run({ messages })");
    const threadId = this.#impl.threadId.peek() ?? this.#createId();
    const runId = params.rejoin?.runId ?? params.runId ?? this.#createId();
    const owned = ownRunParts({
      tools: params.tools ?? this.#options.tools ?? [],
      context: params.context ?? this.#options.context ?? [],
      forwardedProps: params.forwardedProps ?? this.#options.forwardedProps,
      resume: params.resume,
    });

    if (messages !== undefined) this.#impl.appendWhole(messages, "run({ messages })");
    if (this.#impl.threadId.peek() === undefined) this.#impl.threadId.value = threadId;
    const input = buildRunInput(this.#impl, { threadId, runId, parentRunId: params.parentRunId }, owned, this.#profile, this.#warn);
    const subscribers = params.subscriber === undefined ? [...this.#subscribers] : [...this.#subscribers, params.subscriber];
    const dispatch = new SubscriberDispatch(subscribers, this.#impl, input, (error) => this.#report(error));
    const session = new RunSession(this.#host, mode, ++this.#generationCount, input, dispatch);
    if (mode === "connect" && params.rejoin !== undefined) {
      session.rejoinFrom = params.rejoin.lastEventId;
      session.readOnly = params.rejoin.readOnly === true;
      if (params.rejoin.from !== undefined) session.rollBackTo(params.rejoin.from);
    }
    return session;
  }

  #launch(session: RunSession, request: Request): void {
    const { input, mode, generation, dispatch } = session;
    this.#active = session;
    this.#lost = undefined;
    session.done = request.resolve;
    batch(() => {
      this.#statusSignal.value = "submitted";
      this.#errorSignal.value = undefined;
      this.#activeSignal.value = { runId: input.runId, mode, generation, input };
    });

    // onRunInitialized may change the messages and state to send.
    const list = this.#impl.list.peek();
    const state = this.#impl.state.peek();
    dispatch.lifecycle("onRunInitialized");
    if (session.isClosed) return;
    if (this.#impl.list.peek() !== list || this.#impl.state.peek() !== state) {
      session.input = dispatch.input = withThreadContent(input, this.#impl, this.#profile, this.#warn);
    }
    session.start();
  }

  /**
   * Publishes the run's end, calls the end hooks, settles the caller's promise and starts the next
   * queued run. Effects on the signals written here and the hooks' mutations may throw: each step
   * is guarded, so such a throw is reported (RUN_SETTLE_FAILED) and the later steps still happen.
   */
  #finish(session: RunSession, result: RunResult): void {
    if (session !== this.#active) return;
    this.#active = undefined;
    this.#lost = (result.status === "failed" && result.error instanceof TransportError) || session.left ? session : undefined;
    this.#settling(session, () =>
      batch(() => {
        this.#statusSignal.value = statusAfter(result);
        this.#errorSignal.value = result.status === "failed" ? result.error : undefined;
        this.#activeSignal.value = undefined;
      }),
    );
    if (result.status === "failed") this.#settling(session, () => session.dispatch.lifecycle("onRunFailed", result.error));
    this.#settling(session, () => session.dispatch.lifecycle("onRunFinalized", result));
    session.done?.(result);
    this.#next();
  }

  /**
   * The server refused to stop a run that ended here as cancelled: reported, and — unless another
   * run has started since — the loop's status says the run failed to stop.
   */
  #stopFailed(error: ThreadlineError): void {
    if (this.#disposed) return;
    this.#report(error);
    if (this.#active === undefined && this.#activeSignal.peek() === undefined) {
      batch(() => {
        this.#statusSignal.value = "failed";
        this.#errorSignal.value = error;
      });
    }
    this.#tell(() => this.#options.onStopFailed?.(error));
  }

  /** Calls an option's callback; a throw is reported, never let out. */
  #tell(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.#report(ThreadlineError.from(error, DEV ? "A RunLoop callback" : "callback"));
    }
  }

  #settling(session: RunSession, step: () => void): void {
    try {
      step();
    } catch (error) {
      this.#report(new RunSettleError(session.runId, error));
    }
  }

  /** Starts the next queued run, unless a hook already started one. */
  #next(): void {
    if (this.#active !== undefined || this.#disposed) return;
    const request = this.#queue.shift();
    if (request !== undefined) this.#start(request);
  }

  #skipQueued(reason: "stopped" | "disposed"): void {
    for (const request of this.#queue.splice(0)) request.resolve({ status: "skipped", reason });
  }

  #idle(attempted: string): void {
    if (this.#active !== undefined) throw new RunInProgressError(this.#active.runId, `${attempted} was called`);
  }

  /** Never throws: it is called where a throw would go unhandled or stall the loop. */
  #report(error: ThreadlineError): void {
    if (this.#options.onError !== undefined) {
      try {
        this.#options.onError(error);
        return;
      } catch {
        // An onError that throws falls back to the warning below.
      }
    }
    try {
      this.#warn({ code: error.code, message: error.message });
    } catch {
      // So does a warning handler: the console is the last resort.
      console.error(`[threadline] ${error.code}: ${error.message}`);
    }
  }
}

function statusAfter(result: RunResult): RunStatus {
  switch (result.status) {
    case "failed":
      return "failed";
    case "interrupted":
      return "awaiting-input";
    case "succeeded":
    case "cancelled":
    case "detached":
    case "skipped":
      return "idle";
    default: {
      const unknown: never = result;
      return unknown;
    }
  }
}

/** Why a request was refused: the checks' own errors as they are, anything else as INVALID_RUN_INPUT. */
function refusal(error: unknown, attempted: string): ThreadlineError {
  if (error instanceof InterruptResumeError || error instanceof RunLoopInputError) return error;
  return new RunLoopInputError("INVALID_RUN_INPUT", DEV ? `${attempted} could not prepare the run: ${describeValue(error)}` : "", error);
}
