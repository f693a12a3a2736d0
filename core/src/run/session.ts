import { DEV } from "esm-env";
import { batch } from "@preact/signals-core";
import { ThreadlineError, type WarningHandler } from "../errors.js";
import { replaceState } from "./replace-state.js";
import { replaceMessages } from "./thread-writes.js";
import { foldEvent } from "../fold/fold-event.js";
import { ownJson } from "../json/json-value.js";
import { AgentRunError } from "../model/agent-run-error.js";
import { endRun } from "../model/run-lifecycle.js";
import type { ThreadImpl } from "../model/thread.js";
import type { MessageNode } from "../model/types.js";
import { assemblePipeline, type AssembledPipeline, type ChunkExpanderFactory, type PipelineOptions } from "../pipeline/pipeline.js";
import { CHUNK_EXPANSION, CHUNK_KINDS } from "../pipeline/expand-chunks-load.js";
import type { AGUIEvent, AGUIEventOf, EventType, RunAgentInput } from "../protocol/events.js";
import { ProtocolError } from "../protocol/protocol-error.js";
import { SourceFailedError } from "../transport/errors.js";
import type { LazyLoadError } from "../transport/lazy-load-error.js";
import { RunLeft, type AgentSource, type EventSink, type RunEnd } from "../transport/source.js";
import { Stream, type EventStream, type MiddlewareEvent } from "../pipeline/event-stream.js";
import { composeMiddleware, type Middleware } from "../pipeline/middleware.js";
import type { RunEnded, RunMode, RunOutcomeBody, RunResult } from "./result.js";
import type { SubscriberDispatch } from "./subscriber-dispatch.js";

type Terminal = AGUIEventOf<EventType.RUN_FINISHED> | AGUIEventOf<EventType.RUN_ERROR>;

/** The last few run ids that reached their terminal event, oldest dropped first. */
export class RecentRuns {
  readonly #ids: string[] = [];
  readonly #keep: number;
  constructor(keep: number) {
    this.#keep = keep;
  }
  has(runId: string): boolean {
    return this.#ids.includes(runId);
  }
  add(runId: string): void {
    if (this.has(runId)) return;
    if (this.#ids.push(runId) > this.#keep) this.#ids.shift();
  }
}

/** What a session needs from its loop. */
export interface SessionHost {
  readonly thread: ThreadImpl;
  readonly source: AgentSource;
  readonly middleware: readonly Middleware[];
  readonly pipeline: PipelineOptions;
  readonly onWarning: WarningHandler;
  /** How long the stream may stay open after a terminal event with no run open (see RunLoopOptions). */
  readonly terminalGraceMs: number;
  /** Ids of the runs lately folded to their terminal event: a RUN_STARTED naming one is a replay. */
  readonly finishedRuns: RecentRuns;
  /** The first verified event arrived, or a reconnect succeeded. */
  streaming(session: RunSession): void;
  /** The source lost its connection and is reconnecting (a resumable server). */
  reconnecting(session: RunSession): void;
  /** The server logs the run (under `runId`) and can resume it. */
  resumable(session: RunSession, runId: string): void;
  /** After the run was stopped: the server that logs it refused (or never answered) the stop. */
  stopFailed(session: RunSession, error: ThreadlineError): void;
  /** The run is over (called once). */
  finish(session: RunSession, result: RunResult): void;
  /** Code reacting to the run's end threw (an effect on the thread's last writes); reports it, never throws. */
  settleFailed(session: RunSession, error: unknown): void;
  /** An error of a run that has already ended (chunk expansion, which its held events needed, could not be loaded). */
  report(error: ThreadlineError): void;
}

/**
 * One run: source → middleware → pipeline → subscribers → fold, synchronously per event — the
 * only promise is the source's, one per run. A session ends exactly once: when its stream ends,
 * or at once on `cancel` (stop) / `detach`, after which every late event is dropped at the door,
 * so a source that keeps talking can never interleave with the next run.
 */
export class RunSession {
  readonly controller = new AbortController();
  /** Resolves the caller's promise (set by the loop). */
  done: ((result: RunResult) => void) | undefined = undefined;
  /** Set for a rejoin: the SSE id to resume after (see `RunParams.rejoin`). */
  rejoinFrom: string | undefined = undefined;
  /** A rejoin that follows another client's run (see `RejoinParams.readOnly`). */
  readOnly = false;
  /** The thread's message count and state when the run started (a reload's rejoin rolls back to them). */
  messagesAtStart: number;
  stateAtStart: unknown;
  /** `leave()` ended it: the run may still be going on the server (see `RunLoop.resumePoint`). */
  left = false;
  /** The run id the server logs this run under, once its response said so (a connect's differs from the input's). */
  loggedRunId: string | undefined = undefined;
  /**
   * A rejoin's replay starts from the run's start: when its RUN_STARTED arrives, the thread goes
   * back to this (see `RejoinParams.from`), so a rejoin that fails before leaves the thread as it was.
   */
  #rollback: { readonly messageCount: number; readonly state: unknown } | undefined;
  #closed = false;
  #sawEvent = false;
  #terminal: Terminal | undefined;
  /** Armed by a terminal event while the stream stays open: settles the run on that event. */
  #graceTimer: ReturnType<typeof setTimeout> | undefined;
  /** The run settled on its terminal event while the source was still talking. */
  #settledOpen = false;
  /** The id of the run being folded (from its RUN_STARTED). */
  #streamRunId: string | undefined;
  /** A run that already finished is being replayed: its events are dropped up to its terminal event. */
  #replaying = false;
  /** What the event path threw (a protocol violation, a middleware or fold failure). */
  #sinkError: ThreadlineError | undefined;
  readonly #pipeline: AssembledPipeline;
  /** Chunk expansion is in the pipeline (it is loaded on first use: pipeline/expand-chunks-load.ts). */
  #expands: boolean;
  /**
   * Raw events held, in arrival order, while chunk expansion loads: the first is a `*_CHUNK`
   * event. Undefined when nothing is held.
   */
  #held: unknown[] | undefined;
  /** The stream ended while events were held: how, to conclude once they have been handed on. */
  #endedWhileHeld: { readonly end: RunEnd | undefined; readonly failure: unknown } | undefined;
  /**
   * The run was ended by the client (stop, detach, leave) while events were held: the thread's
   * message revision and state right after, so the held events are folded when their code
   * arrives only if nothing has written the thread since.
   */
  #heldAtEnd: { readonly revision: number; readonly state: unknown } | undefined;
  /** Held events are being folded after the run ended (see `#heldAtEnd`): no listener hears them. */
  #foldingLate = false;
  /** The thread's message list when the run started (frozen: a write replaces the array). */
  readonly #listBefore: readonly MessageNode[];
  /** Where the stream's events arrive (the outermost layer's sink). */
  readonly #sink: EventSink;

  readonly #host: SessionHost;
  constructor(
    host: SessionHost,
    readonly mode: RunMode,
    readonly generation: number,
    public input: RunAgentInput,
    readonly dispatch: SubscriberDispatch,
  ) {
    this.#host = host;
    const thread = host.thread;
    this.#listBefore = thread.messages.peek();
    this.messagesAtStart = this.#listBefore.length;
    this.stateAtStart = thread.state.peek();
    const expander = CHUNK_EXPANSION.loaded;
    this.#expands = expander !== undefined;
    this.#pipeline = assemblePipeline((event) => this.#onVerified(event), { ...host.pipeline, onWarning: host.onWarning }, expander);
    this.#sink = {
      signal: this.controller.signal,
      onWarning: host.onWarning,
      onEvent: (raw) => {
        if (this.#closed) {
          if (this.#settledOpen) this.#lateEvent(raw);
          return;
        }
        if (this.#held !== undefined) {
          this.#held.push(raw);
          return;
        }
        if (!this.#expands && isChunk(raw)) return this.#hold(raw);
        this.#push(raw);
      },
    };
  }

  #push(raw: unknown): void {
    try {
      this.#pipeline.push(raw);
    } catch (error) {
      throw (this.#sinkError = ThreadlineError.from(error, "The run"));
    }
  }

  /**
   * A `*_CHUNK` event before chunk expansion is loaded: it and every later event are held, in
   * order, until the expansion arrives; then they go on as if they had just come. One load for
   * every run of the page.
   */
  #hold(raw: unknown): void {
    this.#held = [raw];
    CHUNK_EXPANSION.get()
      .then(
        (expander) => this.#expansionArrived(expander),
        (error: LazyLoadError) => this.#expansionFailed(error),
      )
      // Both steps report what they catch; a throw here would be a defect, reported all the same.
      .then(undefined, (error: unknown) => this.#host.settleFailed(this, error));
  }

  #expansionArrived(expander: ChunkExpanderFactory): void {
    const held = this.#held ?? [];
    const ended = this.#endedWhileHeld;
    this.#held = this.#endedWhileHeld = undefined;
    this.#expands = true;
    this.#pipeline.expandChunks(expander);
    if (this.#closed) return this.#foldHeldLate(held);
    for (const raw of held) {
      try {
        this.#sink.onEvent(raw);
      } catch (error) {
        // A violation (or a fold that threw): the run fails with it, as it would have at once;
        // the source, which no longer hears it, is stopped.
        this.controller.abort();
        return this.fail(this.#sinkError ?? ThreadlineError.from(error, "The run"));
      }
    }
    if (ended !== undefined) this.#conclude(ended.end, ended.failure);
  }

  /** The expansion could not be loaded: the run fails with the `LazyLoadError` (what was folded before stays). */
  #expansionFailed(error: LazyLoadError): void {
    this.#held = undefined;
    this.#endedWhileHeld = undefined;
    if (this.#closed) {
      // Stopped while loading: the run has ended already; the held events are lost, and said so.
      this.#heldAtEnd = undefined;
      return this.#host.report(error);
    }
    this.controller.abort();
    this.fail(error);
  }

  /**
   * The run was stopped (or detached, or left) while chunk expansion loaded: the held events arrived
   * before the stop, so they are folded now — through the pipeline, heard by no listener — unless
   * the thread has been written since (a new run, a reset), and the stop's end is applied again.
   */
  #foldHeldLate(held: readonly unknown[]): void {
    const at = this.#heldAtEnd;
    this.#heldAtEnd = undefined;
    const thread = this.#host.thread;
    if (at === undefined || at.revision !== thread.messagesRevision || at.state !== thread.state.peek()) {
      this.#host.onWarning({
        code: "HELD_EVENTS_DROPPED",
        message: DEV ? `${held.length} event(s) held while chunk expansion loaded were dropped: the run was stopped meanwhile and the thread has changed since.` : "",
      });
      return;
    }
    this.#foldingLate = true;
    try {
      for (const raw of held) this.#pipeline.push(raw);
    } catch (error) {
      this.#host.report(ThreadlineError.from(error, "The run"));
    } finally {
      this.#foldingLate = false;
    }
    try {
      endRun(thread, { type: "stopped" });
    } catch (error) {
      this.#host.settleFailed(this, error);
    }
  }

  get runId(): string {
    return this.input.runId;
  }

  /** A rejoin from the run's start: the thread is rolled back to `from` when the replay's RUN_STARTED arrives. */
  rollBackTo(from: { readonly messageCount: number; readonly state: unknown }): void {
    this.#rollback = from;
    this.messagesAtStart = from.messageCount;
    this.stateAtStart = from.state;
  }

  get isClosed(): boolean {
    return this.#closed;
  }

  /** Opens the stream; the session finishes when it ends (unless stopped or detached first). */
  start(): void {
    let stream: EventStream;
    try {
      stream = composeMiddleware(this.#host.middleware, (input) => this.#sourceStream(input))(this.input);
    } catch (error) {
      this.fail(ThreadlineError.from(error, "The run"));
      return;
    }
    stream
      .open(this.#sink)
      .then(
        (end) => this.#conclude(end, undefined),
        (error: unknown) => this.#conclude(undefined, error),
      )
      // A throw out of conclude (a defect: close and finish report what they catch) is reported,
      // never left unhandled.
      .then(undefined, (error: unknown) => this.#host.settleFailed(this, error));
  }

  /** `stop()`: abort the request; the run ends now, as cancelled by the client. */
  cancel(): void {
    this.#endByClient({ status: "cancelled", by: "client" }, undefined);
  }

  /** `detach()`: stop listening; the source is left to finish on its own, unheard. */
  detach(): void {
    this.#endByClient({ status: "detached" }, false);
  }

  /**
   * `leave()`: stop listening and release the connection, aborted with a `RunLeft` reason so the
   * source sends no stop (the run goes on where a server logs it). Ends as `detached`.
   */
  leave(): void {
    this.#endByClient({ status: "detached" }, new RunLeft());
  }

  /**
   * The client ended the run (stop, detach, leave): the thread's open messages are closed and the
   * run ends now. `abort`: the request's abort reason (undefined: a plain abort), or false to leave
   * the request running.
   */
  #endByClient(result: RunOutcomeBody, abort: RunLeft | undefined | false): void {
    if (this.#closed) return;
    this.#closed = true;
    if (abort instanceof RunLeft) this.left = true;
    this.#stopGrace();
    if (abort !== false) this.controller.abort(abort);
    this.#close(() => this.#sawEvent && endRun(this.#host.thread, { type: "stopped" }), result);
    if (this.#held !== undefined) this.#heldAtEnd = { revision: this.#host.thread.messagesRevision, state: this.#host.thread.state.peek() };
  }

  /** The run could not start or continue (also used by the loop for errors before the stream). */
  fail(error: ThreadlineError): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopGrace();
    this.#close(() => this.#host.thread.fail(error), { status: "failed", error });
  }

  /**
   * The thread's last writes, then the run's end. Those writes run effects, which may throw: such
   * a throw is reported, and the run finishes all the same — a stop() or detach() does not throw
   * it at its caller, and the loop is never left holding a session that will not finish.
   */
  #close(lastWrites: () => unknown, body: RunOutcomeBody): void {
    try {
      lastWrites();
    } catch (error) {
      this.#host.settleFailed(this, error);
    }
    this.#host.finish(this, this.#ended(body));
  }

  #onVerified(event: AGUIEvent): void {
    if (this.#closed) {
      if (this.#foldingLate) foldEvent(this.#host.thread, event);
      return;
    }
    if (!this.#sawEvent) {
      this.#sawEvent = true;
      this.#host.streaming(this);
    }
    if (this.#skipsReplay(event)) return;
    if (event.type === "RUN_STARTED" && this.#rollback !== undefined) {
      const { messageCount, state } = this.#rollback;
      this.#rollback = undefined;
      const thread = this.#host.thread;
      batch(() => {
        replaceMessages(thread, thread.toMessages().slice(0, messageCount));
        replaceState(thread, state === undefined ? {} : state);
      });
    }
    if (event.type === "RUN_STARTED") {
      this.#terminal = undefined;
      this.#streamRunId = event.runId;
      this.#stopGrace();
    } else if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") {
      this.#terminal = event;
      if (this.#streamRunId !== undefined) this.#host.finishedRuns.add(this.#streamRunId);
      this.#armGrace();
    }
    const stopped = this.dispatch.event(event);
    // A hook may have stopped or detached the run: the event is then not folded.
    if (stopped || this.#closed) return;
    foldEvent(this.#host.thread, event);
  }

  /**
   * A RUN_STARTED naming a run that already reached its terminal event (a server replaying its
   * response, a proxy retrying a request) starts a replay: nothing of it is dispatched or folded,
   * so it cannot append its text a second time or re-run its tool calls. Its terminal event ends
   * the replay and stands as this stream's end (the outcome is the one already folded).
   */
  #skipsReplay(event: AGUIEvent): boolean {
    if (this.#replaying) {
      if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") {
        this.#replaying = false;
        this.#terminal = event;
        this.#armGrace();
      }
      return true;
    }
    if (event.type !== "RUN_STARTED" || !this.#host.finishedRuns.has(event.runId)) return false;
    this.#replaying = true;
    this.#terminal = undefined;
    this.#stopGrace();
    this.#host.onWarning({
      code: "RUN_REPLAYED",
      message: DEV ? `RUN_STARTED for run '${event.runId}', which has already finished: the replayed run is dropped up to its terminal event, nothing of it is folded.` : "",
      event,
    });
    return true;
  }

  #sourceStream(input: RunAgentInput): EventStream {
    const { source } = this.#host;
    const what = this.mode === "run" ? "The source's run()" : "The source's connect()";
    return new Stream((sink) => {
      // With middleware in between, only something shaped like an event enters it (so middleware
      // can rely on a string `type`); anything else goes straight to the pipeline, which rejects it.
      const inner: EventSink = {
        signal: sink.signal,
        onWarning: sink.onWarning,
        onEvent:
          this.#host.middleware.length === 0
            ? (raw) => sink.onEvent(raw as MiddlewareEvent)
            : (raw) => {
                if (this.#closed) return;
                if (isEventLike(raw)) sink.onEvent(raw);
                else this.#sink.onEvent(raw);
              },
        // Reconnects go to the loop's status directly, past middleware (which sees events only).
        onReconnecting: () => {
          if (!this.#closed) this.#host.reconnecting(this);
        },
        onReconnected: () => {
          if (!this.#closed && this.#sawEvent) this.#host.streaming(this);
        },
        onResumable: (runId) => {
          if (this.#closed) return;
          this.loggedRunId = runId;
          this.#host.resumable(this, runId);
        },
        // Heard after the session closed (a stop is what closed it): the loop decides what it means now.
        onStopFailed: (error) => this.#host.stopFailed(this, error),
      };
      const rejoin = this.rejoinFrom;
      const method = this.mode === "run" ? source.run : source.connect;
      let pending: Promise<RunEnd>;
      try {
        if (rejoin !== undefined) {
          if (source.resume === undefined) throw new TypeError(DEV ? "the source cannot resume a run" : "resume");
          pending = Promise.resolve(source.resume(input, rejoin, inner, this.readOnly ? { readOnly: true } : {}));
        } else {
          if (method === undefined) throw new TypeError(DEV ? "the source has no connect method" : "connect");
          pending = Promise.resolve(method.call(source, input, inner));
        }
      } catch (error) {
        return Promise.reject(asSourceError(what, error));
      }
      return pending.catch((error: unknown) => {
        throw asSourceError(what, error);
      });
    }, undefined);
  }

  #conclude(end: RunEnd | undefined, failure: unknown): void {
    if (this.#closed) return;
    // Events are held while their code loads: the stream's end waits for them.
    if (this.#held !== undefined) {
      this.#endedWhileHeld = { end, failure };
      return;
    }
    this.#stopGrace();
    const sinkError = this.#sinkError;
    if (sinkError !== undefined || failure !== undefined) {
      const error = sinkError ?? ThreadlineError.from(failure, "The run");
      // What breaks after a RUN_ERROR (a stray event, a dropped connection) does not replace the
      // agent's own error: that is the cause a user needs first. A connection that breaks after
      // RUN_FINISHED does not undo the run either; an event that breaks the rules after it does
      // (AG-UI: only RUN_STARTED or a late RUN_ERROR may follow RUN_FINISHED).
      if (this.#terminal?.type === "RUN_ERROR" || (sinkError === undefined && this.#sawEvent && this.#endedCleanly())) {
        this.#host.onWarning({ code: "ERROR_AFTER_RUN_END", message: DEV ? `The stream failed after its run had ended; the run's outcome stands. ${error.message}` : "", event: error });
        return this.#fromTerminal();
      }
      return this.fail(error);
    }
    if (end === "aborted") {
      // The source gave up on its own (our aborts close the session first).
      this.#closed = true;
      return this.#close(() => this.#sawEvent && endRun(this.#host.thread, { type: "stopped" }), { status: "cancelled", by: "client" });
    }
    try {
      // Throws TRUNCATED_RUN when the stream ended with a run still open (or with no event).
      this.#pipeline.end();
    } catch (error) {
      return this.fail(ThreadlineError.from(error, "The run"));
    }
    if (this.#sinkError !== undefined) return this.fail(this.#sinkError);
    this.#fromTerminal();
  }

  /**
   * A terminal event with no run open: AG-UI lets the stream go on (a late RUN_ERROR, a new
   * RUN_STARTED), so the run does not settle at once; but a server that neither closes nor sends
   * anything (a proxy keeping the response open, `: ping` comments forever) must not hold the
   * turn. After `terminalGraceMs` of nothing but that, the run settles on its terminal event.
   */
  #armGrace(): void {
    this.#stopGrace();
    const ms = this.#host.terminalGraceMs;
    if (ms === Number.POSITIVE_INFINITY) return;
    this.#graceTimer = setTimeout(() => this.#settleOpen(), ms);
  }

  #stopGrace(): void {
    if (this.#graceTimer === undefined) return;
    clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
  }

  /** The grace ran out with the stream still open: settle on the terminal event, release the connection. */
  #settleOpen(): void {
    this.#graceTimer = undefined;
    if (this.#closed || this.#terminal === undefined) return;
    // Events held while chunk expansion loads may start a new run: the grace starts again.
    if (this.#held !== undefined) return this.#armGrace();
    try {
      this.#pipeline.end();
    } catch (error) {
      return this.fail(ThreadlineError.from(error, "The run"));
    }
    this.#settledOpen = true;
    this.#host.onWarning({
      code: "STREAM_LEFT_OPEN",
      message: DEV
        ? `The stream stayed open ${this.#host.terminalGraceMs} ms after ${this.#terminal.type} with nothing more to say; ` +
          "the run settles on that event and the connection is released. Anything the source still sends is dropped."
        : "",
    });
    // Abort first: the source then resolves "aborted", which finds the session closed.
    this.controller.abort();
    this.#fromTerminal();
  }

  /** An event from a source that kept talking after the run settled on its terminal event. */
  #lateEvent(raw: unknown): void {
    const type = typeof raw === "object" && raw !== null ? (raw as { type?: unknown }).type : undefined;
    this.#host.onWarning({
      code: "EVENT_AFTER_RUN_SETTLED",
      message: DEV ? `Dropped ${typeof type === "string" ? type : "an event"} that arrived after the run had settled on its terminal event; it was not folded.` : "",
      event: raw,
    });
  }

  /** Ends the stream at the pipeline: true when no run was left open. */
  #endedCleanly(): boolean {
    try {
      this.#pipeline.end();
    } catch {
      return false;
    }
    return this.#terminal !== undefined && this.#sinkError === undefined;
  }

  /** The result the last terminal event describes. */
  #fromTerminal(): void {
    const thread = this.#host.thread;
    const terminal = this.#terminal;
    if (terminal === undefined) {
      return this.fail(
        new ProtocolError("TRUNCATED_RUN", DEV ? "The stream ended without RUN_FINISHED or RUN_ERROR." : "", { event: undefined, index: -1 }),
      );
    }
    if (terminal.type === "RUN_ERROR") {
      const held = thread.error.peek();
      return this.fail(
        thread.status.peek() === "failed" && held instanceof AgentRunError ? held : new AgentRunError(terminal.message, terminal.code),
      );
    }
    this.#closed = true;
    const outcome = terminal.outcome;
    if (outcome?.type === "interrupt") {
      const held = thread.pendingInterrupts.peek();
      return this.#host.finish(this, this.#ended({ status: "interrupted", interrupts: held.length > 0 ? held : ownJson(outcome.interrupts) }));
    }
    if (outcome?.type === "cancelled") return this.#host.finish(this, this.#ended({ status: "cancelled", by: "agent" }));
    const folded = thread.outcome.peek();
    const pendingToolCallIds =
      folded?.type === "success" ? folded.pendingToolCallIds : Object.freeze([...(outcome?.pendingToolCallIds ?? [])]);
    const result = terminal.result === undefined ? {} : { result: folded?.type === "success" ? folded.result : ownJson(terminal.result) };
    this.#host.finish(this, this.#ended({ status: "succeeded", pendingToolCallIds, ...result }));
  }

  #ended(body: RunOutcomeBody): RunResult {
    const common: RunEnded = {
      runId: this.runId,
      mode: this.mode,
      generation: this.generation,
      input: this.input,
      newMessages: this.#newMessages(),
    };
    // The body is one variant minus the common fields; together they are that variant.
    return Object.freeze({ ...body, ...common }) as RunResult;
  }

  /** The messages whose ids the thread did not hold when the run started, in thread order. */
  #newMessages(): readonly MessageNode[] {
    const before = this.#listBefore;
    const now = this.#host.thread.messages.peek();
    // Most runs only append. The list then still starts with the nodes it held, and as a list
    // never holds an id twice, the rest are the new ones: no set of every id is needed.
    let kept = now.length >= before.length;
    for (let i = 0; kept && i < before.length; i++) kept = now[i] === before[i];
    if (kept) return Object.freeze(now.slice(before.length));
    const ids = new Set<string>();
    for (const node of before) ids.add(node.id);
    return Object.freeze(now.filter((node) => !ids.has(node.id)));
  }
}

/** Whether `raw` is a `*_CHUNK` event (expanded by code loaded on first use). A text delta is not: one comparison for it. */
function isChunk(raw: unknown): boolean {
  const type = (raw as { type?: unknown } | null | undefined)?.type;
  return type !== "TEXT_MESSAGE_CONTENT" && typeof type === "string" && CHUNK_KINDS.has(type);
}

function isEventLike(raw: unknown): raw is MiddlewareEvent {
  return typeof raw === "object" && raw !== null && typeof (raw as { type?: unknown }).type === "string";
}

function asSourceError(what: string, error: unknown): ThreadlineError {
  return error instanceof ThreadlineError ? error : new SourceFailedError(what, error);
}
