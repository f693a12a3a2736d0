import { computed, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { warnToConsole, type ThreadlineError, type WarningHandler } from "../errors.js";
import { ThreadImpl } from "../model/thread.js";
import type { Thread } from "../model/types.js";
import { ClearedRunFilter } from "../persist/cleared-run-filter.js";
import type { PersistenceError } from "../persist/errors.js";
import { GenerationPresence } from "../persist/generation-presence.js";
import type { Context, Interrupt } from "../protocol/events.js";
import { Approvals, type ApprovalResponse } from "./approvals.js";
import { ChatInputError, errorText, ToolExecutionError } from "./chat-errors.js";
import { ChatStorage } from "./chat-persistence.js";
import { presenceOptions, toAgentSource, toUserMessage } from "./chat-setup.js";
import { ChatTurns } from "./chat-turns.js";
import type { ChatClientOptions, ChatStatus, ChatUpdatableOptions, MessageInput, ToolResultInput, TurnResult } from "./chat-types.js";
import { buildToolSet, outputContent, type ClientTool, type ToolSet } from "./client-tools.js";
import { incomingGuard } from "./incoming-guard.js";
import { RunLoop } from "./run-loop.js";
import { resetThread } from "./thread-reset.js";
import { checkMessages } from "./thread-writes.js";
import { ToolCallWatch } from "./tool-call-watch.js";
import { ToolRunner, type ToolOutcome } from "./tool-execution.js";

interface Settings {
  tools: ToolSet;
  context: readonly Context[] | undefined;
  forwardedProps: unknown;
  maxSteps: number;
}

/**
 * The conversation with one agent on one thread: send messages, run client tools, ask for
 * approvals, continue the agent when a round of tool calls is answered, resume interrupts, and
 * store the thread. Everything it knows is a signal (`thread`, `status`, `error`…), so UIs
 * subscribe to exactly what they show. Methods that start work return a promise of how the turn
 * settled (`TurnResult`); it never rejects. Misuse (a malformed argument, an unknown tool call)
 * throws a `ChatInputError` synchronously, with nothing changed.
 */
export class ChatClient {
  /** The signal graph; `thread.toMessages()` gives AG-UI messages. */
  readonly thread: Thread;
  readonly status: ReadonlySignal<ChatStatus>;
  /** The turn's error while `status` is `error`: a run failure, `MaxStepsError`… */
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  /** `submitted` or `streaming`: the agent or a client tool is working. */
  readonly isRunning: ReadonlySignal<boolean>;
  /** A run is active on this thread, here or in another tab of the same origin. */
  readonly sessionGenerating: ReadonlySignal<boolean>;
  /** The last storage failure not yet recovered from (null without one, or without persistence). */
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;
  readonly pendingInterrupts: ReadonlySignal<readonly Interrupt[]>;
  readonly state: ReadonlySignal<unknown>;
  /** Resolves once the stored thread (with `persistence`) has been read. Messages sent before wait for it. */
  ready: Promise<void>;

  private readonly impl: ThreadImpl;
  private readonly loop: RunLoop;
  private readonly turns: ChatTurns;
  private readonly runner: ToolRunner;
  private readonly approvals: Approvals;
  private readonly storage: ChatStorage;
  private readonly filter = new ClearedRunFilter();
  private readonly presence: Signal<GenerationPresence>;
  private readonly settings: Settings;
  private readonly warn: WarningHandler;
  private readonly createId: () => string;
  private readonly stopWatching: () => void;
  private key: string;

  constructor(private readonly options: ChatClientOptions) {
    if (typeof options !== "object" || options === null) throw new ChatInputError("INVALID_OPTION", "new ChatClient(options) needs an options object with an `agent`.", "options");
    const source = toAgentSource(options.agent);
    this.warn = options.onWarning ?? warnToConsole;
    this.createId = options.createId ?? (() => globalThis.crypto.randomUUID());
    this.settings = { tools: buildToolSet(options.tools), context: options.context, forwardedProps: options.forwardedProps, maxSteps: checkMaxSteps(options.maxSteps ?? 10) };
    this.key = options.threadId ?? this.createId();
    this.impl = new ThreadImpl({ threadId: this.key, messages: options.messages, state: options.state, onWarning: this.warn });
    this.thread = this.impl;
    this.presence = signal(this.openPresence(this.key));
    this.loop = new RunLoop({
      source,
      thread: this.impl,
      middleware: [...(options.middleware ?? []), incomingGuard(this.filter, () => this.presence.peek())],
      subscribers: options.subscribers,
      peerProtocolVersion: options.peerProtocolVersion,
      validation: options.validation,
      schemas: options.schemas,
      createId: this.createId,
      now: options.now,
      onWarning: this.warn,
      onError: (error) => this.report(error),
    });
    this.storage = new ChatStorage(this.impl, this.key, options.persistence, (error) => this.report(error));
    this.approvals = new Approvals(this.impl);
    this.runner = new ToolRunner({ thread: this.impl, warn: this.warn, finished: (id, record, outcome) => this.turns.finished(id, record, outcome) });
    this.turns = new ChatTurns({
      thread: this.impl,
      loop: this.loop,
      runner: this.runner,
      approvals: this.approvals,
      storage: () => this.storage,
      filter: this.filter,
      resetPresence: () => this.presence.peek().reset(),
      createId: this.createId,
      warn: this.warn,
      report: (error) => this.report(error),
      settings: () => this.settings,
    });
    const watch = new ToolCallWatch({
      thread: this.impl,
      runner: this.runner,
      approvals: this.approvals,
      warn: this.warn,
      current: () => this.turns.current,
      tracked: (id, record) => this.turns.tracked(id, record),
      deliver: (id, record, outcome) => this.turns.finished(id, record, outcome),
      folded: () => this.storage.scheduleSave(),
    });
    this.turns.watch = watch;
    this.stopWatching = watch.attach();

    const { phase } = this.turns;
    this.status = computed(() => {
      const running = this.loop.status.value;
      if (running === "submitted" || running === "streaming") return running;
      const now = phase.value;
      return now === "working" ? "streaming" : now;
    });
    this.isRunning = computed(() => this.status.value === "submitted" || this.status.value === "streaming");
    this.error = this.turns.error;
    this.sessionGenerating = computed(() => this.presence.value.sessionGenerating.value);
    this.persistenceError = this.storage.persistenceError;
    this.pendingInterrupts = this.impl.pendingInterrupts;
    this.state = this.impl.state;
    this.ready = this.hydrate();
  }

  /** The thread's id, which is also its storage key. */
  get threadId(): string {
    return this.key;
  }

  /**
   * Sends a user message and resolves when the whole turn has settled, continuations included.
   * During a turn the message waits for it to settle (it is never interleaved with a run). Tool
   * calls left unanswered and pending interrupts are declined when the message goes.
   */
  sendMessage(message: MessageInput): Promise<TurnResult> {
    const user = toUserMessage(message, this.createId);
    return new Promise((resolve) => this.turns.request({ kind: "message", message: user, resolve }));
  }

  /** Drops everything after the last user message and asks again (stopping a run under way). */
  regenerate(): Promise<TurnResult> {
    return new Promise((resolve) => {
      if (!this.turns.disposed && !this.turns.hydrating && (this.turns.current !== undefined || this.runner.executingCount > 0)) {
        this.turns.halt("the answer is being regenerated", "stopped");
      }
      this.turns.request({ kind: "regenerate", resolve });
    });
  }

  /**
   * Stops the turn: the active run is aborted (what arrived stays), running tools are told through
   * their `signal` and their results are dropped, approvals are cancelled, queued messages are
   * not sent. No follow-up run starts.
   */
  stop(): void {
    if (this.turns.disposed) return;
    const record = this.turns.current;
    if (record !== undefined) this.filter.runSettled(record.serverRunId ?? record.runId);
    this.turns.halt("the user stopped the run", "stopped");
    this.storage.save();
  }

  /**
   * Empties the conversation (messages, state, interrupts) and its stored record. A run under way
   * is aborted, and no late event of it — whatever stream brings it, with or without a run id —
   * reaches the thread or storage. A run started afterwards is unaffected.
   */
  clear(): void {
    if (this.turns.disposed) return;
    const record = this.turns.current;
    const runIds = record === undefined ? [] : record.serverRunId === undefined ? [record.runId] : [record.runId, record.serverRunId];
    this.filter.recordClear({ messages: this.impl.toMessages(), runIds });
    this.turns.halt("the conversation was cleared", "cleared", () => {
      resetThread(this.impl);
      this.turns.forgetRuns();
    });
    this.storage.clear();
  }

  /** Replaces the messages (stopping a turn under way). Throws `RunLoopInputError` for non-messages. */
  setMessages(messages: Parameters<RunLoop["setMessages"]>[0]): void {
    checkMessages(messages, "setMessages()");
    if (this.turns.disposed) return;
    this.turns.halt("the messages were replaced", "stopped", () => {
      this.loop.setMessages(messages);
      this.turns.forgetRuns();
    });
    this.storage.save();
  }

  /**
   * The result of a tool call the client answers by hand (a tool without `execute`, or one the
   * agent named as pending). `error` sends a failure. Applied when the active run ends, if one is.
   */
  addToolResult(result: ToolResultInput): Promise<TurnResult> {
    const input = result as { toolCallId?: unknown; output?: unknown; error?: unknown } | null;
    if (typeof input !== "object" || input === null || typeof input.toolCallId !== "string") {
      throw new ChatInputError("INVALID_ARGUMENT", "addToolResult needs { toolCallId, output } or { toolCallId, error }.", "result");
    }
    const toolCallId = input.toolCallId;
    const call = this.impl.call(toolCallId);
    if (call === undefined) throw new ChatInputError("UNKNOWN_TOOL_CALL", `addToolResult: the thread has no tool call '${toolCallId}'.`, "toolCallId");
    let outcome: ToolOutcome;
    if ("error" in input && input.error !== undefined) {
      outcome = { type: "error", error: new ToolExecutionError("TOOL_EXECUTION_FAILED", toolCallId, call.name.peek(), errorText(input.error)) };
    } else if ("output" in input) {
      let content: string;
      try {
        content = outputContent(input.output);
      } catch (error) {
        throw new ChatInputError("INVALID_ARGUMENT", `addToolResult: the output for '${toolCallId}' cannot be serialised to JSON (${errorText(error)}).`, "output");
      }
      outcome = { type: "output", content };
    } else {
      throw new ChatInputError("INVALID_ARGUMENT", "addToolResult needs an `output` or an `error`.", "result");
    }
    const record = this.turns.recordOf(toolCallId);
    return this.turns.act(() => this.turns.applyResult(toolCallId, record, outcome), {
      kind: "result",
      toolCallId,
      record,
      outcome,
      generation: this.turns.generation,
    });
  }

  /**
   * Answers a call in `awaiting-approval`. A client tool then runs, or is answered with a
   * rejection the agent sees; an approval the agent asked for with an interrupt resumes the agent
   * with `{ approved, reason }`. Either way the conversation goes on.
   */
  respondToApproval(toolCallId: string, response: ApprovalResponse): Promise<TurnResult> {
    const answer = response as { approved?: unknown; reason?: unknown } | null;
    if (typeof answer !== "object" || answer === null || typeof answer.approved !== "boolean" || (answer.reason !== undefined && typeof answer.reason !== "string")) {
      throw new ChatInputError("INVALID_ARGUMENT", "respondToApproval needs { approved: boolean, reason?: string }.", "response");
    }
    if (!this.approvals.has(toolCallId)) {
      throw new ChatInputError("NOT_AWAITING_APPROVAL", `respondToApproval: tool call '${toolCallId}' is not awaiting approval.`, "toolCallId");
    }
    const clean: ApprovalResponse = answer.reason === undefined ? { approved: answer.approved } : { approved: answer.approved, reason: answer.reason as string };
    return this.turns.act(() => this.turns.applyApproval(toolCallId, clean), {
      kind: "approval",
      toolCallId,
      response: clean,
      generation: this.turns.generation,
    });
  }

  /**
   * Answers a pending interrupt. The agent is resumed once every pending interrupt has an answer
   * (AG-UI resumes them all in one run).
   */
  resume(interruptId: string, payload?: unknown): Promise<TurnResult> {
    const pending = this.impl.pendingInterrupts.peek().some((interrupt) => interrupt.id === interruptId);
    if (!pending || this.turns.current !== undefined || this.turns.isAnswered(interruptId)) {
      throw new ChatInputError("UNKNOWN_INTERRUPT", `resume: interrupt '${interruptId}' is not pending (or was already answered).`, "interruptId");
    }
    const entry = payload === undefined ? { interruptId, status: "resolved" as const } : { interruptId, status: "resolved" as const, payload };
    return this.turns.act(() => this.turns.answerInterrupt(entry));
  }

  /** Tools, context, forwardedProps and maxSteps for the next runs (a run keeps what it started with). */
  updateOptions(options: ChatUpdatableOptions): void {
    if (options.tools !== undefined) this.settings.tools = buildToolSet(options.tools);
    if (options.maxSteps !== undefined) this.settings.maxSteps = checkMaxSteps(options.maxSteps);
    if (options.context !== undefined) this.settings.context = options.context;
    if ("forwardedProps" in options) this.settings.forwardedProps = options.forwardedProps;
  }

  /** The client tool a call uses: the one of the run it was made in, else the current one by name. */
  toolFor(toolCallId: string): ClientTool | undefined {
    const call = this.impl.call(toolCallId);
    if (call === undefined) return undefined;
    const name = call.name.peek();
    return (this.turns.recordOf(toolCallId)?.tools ?? this.settings.tools).byName.get(name)?.tool;
  }

  /**
   * Moves to another thread: the turn under way stops, the conversation is emptied, and the
   * stored `threadId` (with `persistence`) is loaded. Resolves when it is.
   */
  switchThread(threadId: string): Promise<void> {
    if (typeof threadId !== "string" || threadId === "") throw new ChatInputError("INVALID_ARGUMENT", "switchThread needs a non-empty thread id.", "threadId");
    if (this.turns.disposed || threadId === this.key) return this.ready;
    this.turns.halt("the thread was switched", "cleared", () => {
      // Pending writes are pinned to the old thread's content before it goes.
      this.storage.switchTo(threadId);
      this.filter.reset();
      this.presence.peek().dispose();
      this.presence.value = this.openPresence(threadId);
      resetThread(this.impl);
      this.impl.threadId.value = threadId;
      this.turns.forgetRuns();
      this.key = threadId;
    });
    this.ready = this.hydrate();
    return this.ready;
  }

  /** Resolves when every storage write so far has landed (say, before the page unloads). */
  whenSaved(): Promise<void> {
    return this.storage.whenSaved();
  }

  /** Stops everything, writes what is pending, leaves the other tabs, and refuses further work. */
  dispose(): void {
    if (this.turns.disposed) return;
    this.turns.halt("the chat was disposed", "disposed");
    this.turns.disposed = true;
    this.stopWatching();
    this.loop.dispose();
    void this.storage.dispose();
    this.presence.peek().dispose();
  }

  private hydrate(): Promise<void> {
    if (!this.storage.enabled) return Promise.resolve();
    const key = this.key;
    this.turns.hydrating = true;
    return this.storage.hydrate().then(() => {
      if (this.key !== key || this.turns.disposed) return;
      this.turns.hydrating = false;
      this.turns.advance();
    });
  }

  private openPresence(threadId: string): GenerationPresence {
    return new GenerationPresence({ threadId, onWarning: this.warn, ...presenceOptions(this.options.presence, this.warn) });
  }

  private report(error: ThreadlineError): void {
    const onError = this.options.onError;
    if (onError === undefined) {
      this.warn({ code: error.code, message: error.message });
      return;
    }
    try {
      onError(error);
    } catch (thrown) {
      this.warn({ code: "ON_ERROR_FAILED", message: `onError threw while handling ${error.code}: ${errorText(thrown)}` });
    }
  }
}

function checkMaxSteps(value: unknown): number {
  if (typeof value === "number" && (Number.isInteger(value) || value === Infinity) && value >= 0) return value;
  throw new ChatInputError("INVALID_OPTION", `maxSteps must be a whole number ≥ 0 (or Infinity), got ${String(value)}.`, "maxSteps");
}
