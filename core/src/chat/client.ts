import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import type { ThreadlineError } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import type { Branches, RunUsage, Thread, TokenTotals } from "../model/types.js";
import type { PersistenceError } from "../persist/errors.js";
import type { ThreadSummary } from "../persist/thread-index.js";
import type { Interrupt, Message } from "../protocol/events.js";
import type { ApprovalResponse } from "../tools/approvals.js";
import type { ChatSettings } from "./assembly.js";
import { createChatEngine, type ChatEngine } from "./engine.js";
import { ChatInputError } from "../tools/errors.js";
import { checkEditable, checkRegenerable, checkSwitch } from "./branches.js";
import { interruptAnswer } from "./interrupts.js";
import { statusNote, type StatusNote } from "./status-note.js";
import { CapabilityDiscovery } from "./capabilities.js";
import type { AgentCapabilities } from "@ag-ui/core";
import { openChat, updateSettings } from "./options.js";
import { acceptStateUpdate, type StateUpdate, type StateUpdater } from "./state.js";
import { toApprovalResponse, toToolOutcome } from "./input.js";
import type { OutgoingMessages } from "./outgoing.js";
import type { ChatClientOptions, ChatStatus, ChatUpdatableOptions, MessageInput, ToolResultInput, TurnResult } from "./types.js";
import type { ClientTool } from "../tools/definition.js";
import { checkMessages } from "../run/thread-writes.js";

const NO_THREADS: readonly ThreadSummary[] = Object.freeze([]);

/**
 * The conversation with one agent on one thread: send messages, run client tools, ask for
 * approvals, continue the agent when a round of tool calls is answered, resume interrupts, and
 * store the thread. Everything it knows is a signal (`thread`, `status`, `error`…), so UIs
 * subscribe to exactly what they show. Methods that start work return a promise of how the turn
 * settled (`TurnResult`); it never rejects. Misuse (a malformed argument, an unknown tool call)
 * throws a `ChatInputError` synchronously, with nothing changed.
 */
export class ChatClient {
  /**
   * @internal Vue's raw marker: a `ref`, `reactive` or Pinia store holding this object hands it
   * back as it is, since a deep proxy as `this` fails every `#` member's brand check.
   */
  get __v_skip(): true {
    return true;
  }

  /** The signal graph; `thread.toMessages()` gives AG-UI messages. */
  readonly thread: Thread;
  readonly status: ReadonlySignal<ChatStatus>;
  /** The turn's error while `status` is `error`: a run failure, `MaxStepsError`… */
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  /** `submitted` or `streaming`: the agent or a client tool is working. */
  readonly isRunning: ReadonlySignal<boolean>;
  /**
   * A run is active on this thread: here, in another tab of the same origin, or (on a resumable
   * server) on another device.
   */
  readonly sessionGenerating: ReadonlySignal<boolean>;
  /** This chat is following another client's run, read-only (`ChatClientOptions.follow`). */
  readonly following: ReadonlySignal<boolean>;
  /** The last storage failure not yet recovered from (null without one, or without persistence). */
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;
  readonly pendingInterrupts: ReadonlySignal<readonly Interrupt[]>;
  readonly state: ReadonlySignal<unknown>;
  /** Token usage summed over the thread's runs (`thread.runUsage` has each run's own). */
  readonly usage: ReadonlySignal<TokenTotals>;
  /** Each run's reported token usage, in order. */
  readonly runUsage: ReadonlySignal<readonly RunUsage[]>;
  /** How the last run ended when the status alone does not say it (cancelled, tool calls left waiting), in words. */
  readonly statusNote: ReadonlySignal<StatusNote | undefined>;
  /**
   * The stored threads, newest first, as the thread index last read or wrote them (empty without
   * one). Saves keep it current for this tab; `listThreads()` also picks up other tabs' threads.
   */
  readonly storedThreads: ReadonlySignal<readonly ThreadSummary[]>;
  /** Resolves once the stored thread (with `persistence`) has been read. Messages sent before wait for it. */
  ready: Promise<void>;

  readonly #impl: ThreadImpl;
  readonly #settings: ChatSettings;
  readonly #discovery: CapabilityDiscovery;
  readonly #outgoing: OutgoingMessages;
  /** The part that runs the agent (see `ChatEngine`); the signals below read it once it is there. */
  readonly #engineSignal = signal<ChatEngine | undefined>(undefined);
  readonly #engine: ChatEngine;

  readonly #options: ChatClientOptions;
  constructor(options: ChatClientOptions) {
    this.#options = options;
    const opened = openChat(options);
    const thread = opened.thread;
    this.#settings = opened.settings;
    this.#outgoing = opened.outgoing;
    this.#impl = thread;
    this.thread = thread;
    const engine = this.#engineSignal;
    this.status = computed(() => engine.value?.status.value ?? "idle");
    this.isRunning = computed(() => {
      const status = this.status.value;
      return status === "submitted" || status === "streaming" || status === "reconnecting";
    });
    this.error = computed(() => engine.value?.error.value);
    this.sessionGenerating = computed(() => engine.value?.sessionGenerating.value ?? false);
    this.following = computed(() => engine.value?.following.value ?? false);
    this.persistenceError = computed(() => engine.value?.persistenceError.value ?? null);
    this.storedThreads = computed(() => engine.value?.storedThreads.value ?? NO_THREADS);
    this.pendingInterrupts = thread.pendingInterrupts;
    this.usage = thread.usage;
    this.runUsage = thread.runUsage;
    this.statusNote = statusNote(thread, this.status);
    this.state = thread.state;
    this.#engine = createChatEngine(opened);
    engine.value = this.#engine;
    this.ready = this.#engine.key.hydrate();
    this.#discovery = new CapabilityDiscovery((query) => this.#engine.capabilities(query), () => this.#engine.disposed, options.onWarning);
  }

  /**
   * What the agent can do (AG-UI capability discovery: `HttpAgent`'s `capabilities` option, an AG-UI
   * agent's `getCapabilities()`), `undefined` until known — and for good when the agent does not
   * say. Asked once, on first read. A UI hides what the agent cannot do.
   */
  get capabilities(): ReadonlySignal<AgentCapabilities | undefined> {
    return this.#discovery.signal;
  }

  /**
   * The thread's id, which is also its storage key. For a new conversation it is provisional
   * until the agent's first RUN_STARTED names the thread; it then follows that id (watch
   * `thread.threadId` to hear about it).
   */
  get threadId(): string {
    return this.#engine.key.id;
  }

  /**
   * Sends a user message and resolves when the whole turn has settled, continuations included.
   * During a turn the message waits for it to settle (it is never interleaved with a run). Tool
   * calls left unanswered and pending interrupts are declined when the message goes. Files
   * (`{ text, files }`) are checked at once against the `attachments` limits (a refused one throws
   * `ATTACHMENT_REJECTED`, sending nothing), then inlined or uploaded; messages still go in order.
   */
  sendMessage(message: MessageInput): Promise<TurnResult> {
    return this.#outgoing.send(message, (user) => this.#engine.send(user));
  }

  /**
   * Asks again for an answer — the last one, or the one `messageId` belongs to (any message of
   * that answer, or the user message it replies to) — on a new branch: the previous answer stays
   * as an alternative (`thread.branches`). A run under way is stopped first. The run carries the
   * `parentRunId` of the run the kept conversation ended with. Throws `ChatInputError`
   * (`MESSAGE_NOT_ON_PATH`) for a message that is not on the active branch.
   */
  regenerate(messageId?: string): Promise<TurnResult> {
    checkRegenerable(this.#impl, messageId);
    return this.#engine.regenerate(messageId);
  }

  /**
   * Replaces user message `messageId` with `content` on a new branch from there (the original
   * and what followed it stay as an alternative) and sends it; resolves as `sendMessage` does. A
   * run under way is stopped first; its tools and approvals are cancelled. Throws
   * `ChatInputError` (`MESSAGE_NOT_ON_PATH`) unless `messageId` is a user message on the active
   * branch, `INVALID_ARGUMENT` for empty content.
   */
  editMessage(messageId: string, content: MessageInput): Promise<TurnResult> {
    checkEditable(this.#impl, messageId);
    return this.#outgoing.send(content, (user) => this.#engine.edit(messageId, user));
  }

  /**
   * Shows alternative `index` of the fork at `messageId` (see `thread.branches(messageId)`): the
   * active path from there is swapped in one write of the message list, and stored. A run under
   * way, running tools and waiting approvals are stopped first. Throws `ChatInputError`
   * (`MESSAGE_NOT_ON_PATH`, `NOT_A_BRANCH`) for a message or index that is not there.
   */
  switchBranch(messageId: string, index: number): void {
    checkSwitch(this.#impl, messageId, index);
    this.#engine.switchBranch(messageId, index);
  }

  /** The alternatives at a message of the active path (`thread.branches`); reactive. */
  branches(messageId: string): Branches | undefined {
    return this.#impl.branches(messageId);
  }

  /**
   * Stops the turn: the active run is aborted (what arrived stays), running tools are told through
   * their `signal` and their results are dropped, approvals are cancelled, queued messages are
   * not sent. No follow-up run starts.
   */
  stop(): void {
    this.#engine.stop();
  }

  /**
   * Empties the conversation (messages, state, interrupts) and its stored record. A run under way
   * is aborted, and no late event of it — whatever stream brings it, with or without a run id —
   * reaches the thread or storage. A run started afterwards is unaffected.
   */
  clear(): void {
    this.#engine.clear();
  }

  /** Replaces the messages (stopping a turn under way). Throws `RunLoopInputError` for non-messages. */
  setMessages(messages: readonly Message[]): void {
    checkMessages(messages, "setMessages()");
    this.#engine.setMessages(messages);
  }

  /**
   * The result of a tool call the client answers by hand (a tool without `execute`, or one the
   * agent named as pending). `error` sends a failure. Applied when the active run ends, if one is.
   */
  addToolResult(result: ToolResultInput): Promise<TurnResult> {
    const { toolCallId, outcome } = toToolOutcome(result, (id) => this.#impl.call(id)?.name.peek());
    return this.#engine.addToolResult(toolCallId, outcome);
  }

  /**
   * Answers a call in `awaiting-approval`. A client tool then runs, or is answered with a
   * rejection the agent sees; an approval the agent asked for with an interrupt resumes the agent
   * with `{ approved, reason }`. Either way the conversation goes on.
   */
  respondToApproval(toolCallId: string, response: ApprovalResponse): Promise<TurnResult> {
    const clean = toApprovalResponse(response);
    if (!this.#engine.isAwaitingApproval(toolCallId)) {
      throw new ChatInputError("NOT_AWAITING_APPROVAL", `respondToApproval: tool call '${toolCallId}' is not awaiting approval.`, "toolCallId");
    }
    return this.#engine.respondToApproval(toolCallId, clean);
  }

  /**
   * Answers a pending interrupt. The agent is resumed once every pending interrupt has an answer
   * (AG-UI resumes them all in one run).
   */
  resume(interruptId: string, payload?: unknown): Promise<TurnResult> {
    return this.#engine.answerInterrupt(interruptAnswer(this.#impl, interruptId, "resolved", payload, (id) => this.#engine.canAnswerInterrupt(id)));
  }

  /**
   * Declines a pending interrupt: the agent gets `resume: [{ interruptId, status: "cancelled",
   * payload? }]` (once every pending interrupt has an answer, as with `resume`). The only answer
   * an expired interrupt accepts. `payload` may say why, if the agent reads it.
   */
  cancelInterrupt(interruptId: string, payload?: unknown): Promise<TurnResult> {
    return this.#engine.answerInterrupt(interruptAnswer(this.#impl, interruptId, "cancelled", payload, (id) => this.#engine.canAnswerInterrupt(id)));
  }

  /**
   * The user edits the shared state: a new value (JSON), or a function from the current state to
   * the new one (it gets a frozen copy: return a new value). Between runs the thread's state is
   * written at once (one write of `state`, a new object) and stored, and the next run sends it.
   * While a run streams the edit waits and is applied when the stream ends, after the run's last
   * event and before any follow-up run or queued message starts (so that request carries it),
   * whatever the run's outcome: a value replaces whatever state the run left, a function is
   * applied to it. `stop()` applies a waiting edit; `clear()`, `switchThread()` and `dispose()`
   * drop it. Throws `ChatInputError` (`INVALID_ARGUMENT`) for a value that is not JSON, and
   * between runs for a function that throws or returns non-JSON (a waiting one reports that
   * through `onError` instead).
   */
  setState(update: StateUpdater): void;
  setState(state: unknown): void;
  setState(update: StateUpdate): void {
    const accepted = acceptStateUpdate(update);
    this.#engine.editState(accepted);
  }

  /**
   * Attaches to the agent's side of this thread (AG-UI connect, e.g. `HttpAgent`'s `connectUrl`):
   * whatever the agent streams for it — typically the thread's history as MESSAGES_SNAPSHOT, or a
   * run already under way — is folded like a run, and client tools it calls run. No message is
   * sent and nothing pending is answered. Queued behind a turn under way, like `sendMessage`.
   * Throws `ChatInputError` (`AGENT_CANNOT_CONNECT`) when the agent cannot connect.
   */
  connect(): Promise<TurnResult> {
    if (typeof (this.#options.agent as { connect?: unknown }).connect !== "function") {
      throw new ChatInputError("AGENT_CANNOT_CONNECT", "connect: this chat's agent cannot connect (give HttpAgent a `connectUrl`, or use an agent that implements AG-UI connect).", "agent");
    }
    return this.#engine.connect();
  }

  /** Tools, context, forwardedProps and maxSteps for the next runs (a run keeps what it started with). */
  updateOptions(options: ChatUpdatableOptions): void {
    updateSettings(this.#settings, options, this.#impl);
  }

  /** The client tool a call uses: the one of the run it was made in, else the current one by name. */
  toolFor(toolCallId: string): ClientTool | undefined {
    const call = this.#impl.call(toolCallId);
    if (call === undefined) return undefined;
    const name = call.name.peek();
    return (this.#engine.toolsOf(toolCallId) ?? this.#settings.tools).byName.get(name)?.tool;
  }

  /**
   * Moves to another thread: the turn under way stops, the conversation is emptied, and the
   * stored `threadId` (with `persistence`) is loaded. Resolves when it is.
   */
  switchThread(threadId: string): Promise<void> {
    if (typeof threadId !== "string" || threadId === "") throw new ChatInputError("INVALID_ARGUMENT", "switchThread needs a non-empty thread id.", "threadId");
    if (this.#options.thread !== undefined) {
      throw new ChatInputError("THREAD_NOT_OWNED", "switchThread: this chat runs on the `thread` it was given; make a chat for the other thread instead.", "threadId");
    }
    if (this.#engine.disposed || threadId === this.threadId) return this.ready;
    this.ready = this.#engine.key.switchTo(threadId);
    return this.ready;
  }

  /**
   * The threads in this chat's storage, newest first: `{ id, title, updatedAt, meta? }`, titled by
   * their first user message. Read from storage (other tabs' threads too). Throws
   * `ChatInputError` (`NO_THREAD_INDEX`) without persistence or with `persistence.index: false`.
   */
  listThreads(): Promise<readonly ThreadSummary[]> {
    return this.#engine.key.index("listThreads").list();
  }

  /**
   * Deletes a stored thread: its record and its index entry. The open thread is cleared as by
   * `clear()` (a run under way stops, and none of its late events come back); another thread's
   * queued writes are dropped. Resolves when storage has been updated. Throws like `listThreads`.
   */
  removeThread(threadId: string): Promise<void> {
    this.#engine.key.index("removeThread");
    if (typeof threadId !== "string" || threadId === "") throw new ChatInputError("INVALID_ARGUMENT", "removeThread needs a non-empty thread id.", "threadId");
    if (threadId !== this.threadId) return this.#engine.parts.storage.remove(threadId);
    this.clear();
    return this.whenSaved();
  }

  /** Resolves when every storage write so far has landed (say, before the page unloads). */
  whenSaved(): Promise<void> {
    return this.#engine.whenSaved();
  }

  /** Stops everything, writes what is pending, leaves the other tabs, and refuses further work. */
  dispose(): void {
    this.#engine.dispose();
  }
}
