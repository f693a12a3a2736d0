import { DEV } from "esm-env";
import { computed, type ReadonlySignal } from "@preact/signals-core";
import type { ThreadlineError } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import type { Branches, RunUsage, Thread, TokenTotals } from "../model/types.js";
import type { PersistenceError } from "../persist/errors.js";
import type { ThreadSummary } from "../persist/thread-index.js";
import type { Interrupt, Message, ResumeEntry } from "../protocol/events.js";
import type { ApprovalResponse } from "../tools/approvals.js";
import type { ChatSettings } from "./assembly.js";
import type { ChatEngine } from "./engine.js";
import { EngineSlot } from "./engine-slot.js";
import { carriedEngine, ENGINE_MODULE, whenIdle } from "./engine-load.js";
import { noThreadIndex } from "./errors.js";
import { ChatInputError } from "../tools/errors.js";
import { checkEditable, checkRegenerable, checkSwitch } from "./branches.js";
import { interruptAnswer } from "./interrupts.js";
import type { StatusNote } from "./status-note.js";
import { CapabilityDiscovery } from "./capabilities.js";
import type { AgentCapabilities } from "@ag-ui/core";
import { openChat, updateSettings } from "./options.js";
import { acceptStateUpdate, resolveStateUpdate, writeState, type StateUpdate, type StateUpdater } from "./state.js";
import { toApprovalResponse, toToolOutcome } from "./input.js";
import type { OutgoingMessages } from "./outgoing.js";
import type { ChatClientOptions, ChatStatus, ChatUpdatableOptions, MessageInput, ToolResultInput, TurnResult } from "./types.js";
import type { ClientTool } from "../tools/definition.js";
import { checkMessages, replaceMessages } from "../run/thread-writes.js";
import type { SendQueue } from "./queue/queue-plugin.js";

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
  /**
   * How the last run ended when the status alone does not say it (cancelled, tool calls left waiting), in words.
   * Worked out by the engine (no run ends before it is there): undefined until it is loaded.
   */
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
  /**
   * The part that runs the agent (`ChatEngine`), loaded with `import()` after the chat is made —
   * or built at once when a plug-in brings it — and the calls waiting for it.
   */
  readonly #slot: EngineSlot;
  /** Until the engine is built: the thread's id, and whether it is a new conversation's (see `threadId`). */
  #threadId: string;
  #provisional: boolean;
  /** Interrupts answered by calls still waiting for the engine: each is answered once. */
  readonly #answered = new Set<string>();

  readonly #options: ChatClientOptions;
  constructor(options: ChatClientOptions) {
    this.#options = options;
    const opened = openChat(options);
    const thread = opened.thread;
    this.#settings = opened.settings;
    this.#outgoing = opened.outgoing;
    this.#impl = thread;
    this.thread = thread;
    this.#threadId = opened.threadId;
    this.#provisional = opened.provisional;
    const slot = new EngineSlot((create) => {
      this.#answered.clear();
      return create({ ...opened, threadId: this.#threadId, provisional: this.#provisional });
    }, opened.report);
    this.#slot = slot;
    const engine = slot.engine;
    // Before the engine: `submitted` while a turn waits for it, `failed` when it could not be loaded.
    this.status = computed(() => engine.value?.status.value ?? (slot.loadError.value !== undefined ? "failed" : slot.starting.value > 0 ? "submitted" : "idle"));
    this.isRunning = computed(() => {
      const status = this.status.value;
      return status === "submitted" || status === "streaming" || status === "reconnecting";
    });
    this.error = computed(() => (engine.value === undefined ? slot.loadError.value : engine.value.error.value));
    this.sessionGenerating = computed(() => engine.value?.sessionGenerating.value ?? false);
    this.following = computed(() => engine.value?.following.value ?? false);
    this.persistenceError = computed(() => engine.value?.persistenceError.value ?? null);
    this.storedThreads = computed(() => engine.value?.storedThreads.value ?? NO_THREADS);
    this.pendingInterrupts = thread.pendingInterrupts;
    this.usage = thread.usage;
    this.runUsage = thread.runUsage;
    this.statusNote = computed(() => engine.value?.statusNote.value);
    this.state = thread.state;
    this.#discovery = new CapabilityDiscovery((into) => slot.when(false, (ready) => ready.discoverCapabilities(into), undefined), opened.warn);
    // A plug-in that needs the engine from the start brings it; once a chat of the page has loaded it, it is there for the next.
    const carried = carriedEngine(options.persistence, options.follow, options.queue) ?? ENGINE_MODULE.loaded;
    if (carried !== undefined) {
      this.ready = slot.arriveNow(carried).key.hydrate();
      return;
    }
    // A custom storage or follow plug-in reads the thread as the chat opens: first in line for the engine.
    const opens = options.persistence !== undefined || (options.follow !== undefined && options.follow !== false);
    this.ready = opens ? slot.when(true, (ready) => ready.key.hydrate(), undefined).catch(() => undefined) : Promise.resolve();
    // Loaded when the page is idle, so the first message rarely waits for it.
    whenIdle(() => slot.prefetch());
  }

  /** The send queue (the `queue` option, `sendQueue()`): what waits to be sent; undefined without it. */
  get sendQueue(): SendQueue | undefined {
    return this.#slot.current?.parts.queue;
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
    return this.#slot.current?.key.id ?? this.#threadId;
  }

  /**
   * Sends a user message and resolves when the whole turn has settled, continuations included.
   * During a turn the message waits for it to settle (it is never interleaved with a run). Tool
   * calls left unanswered and pending interrupts are declined when the message goes. Files
   * (`{ text, files }`) are checked at once against the `attachments` limits (a refused one throws
   * `ATTACHMENT_REJECTED`, sending nothing), then inlined or uploaded; messages still go in order.
   */
  sendMessage(message: MessageInput): Promise<TurnResult> {
    return this.#outgoing.send(message, (user) => this.#slot.turn(true, (engine) => engine.send(user)));
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
    return this.#slot.turn(true, (engine) => engine.regenerate(messageId));
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
    return this.#outgoing.send(content, (user) => this.#slot.turn(true, (engine) => engine.edit(messageId, user)));
  }

  /**
   * Shows alternative `index` of the fork at `messageId` (see `thread.branches(messageId)`): the
   * active path from there is swapped in one write of the message list, and stored. A run under
   * way, running tools and waiting approvals are stopped first. Throws `ChatInputError`
   * (`MESSAGE_NOT_ON_PATH`, `NOT_A_BRANCH`) for a message or index that is not there.
   */
  switchBranch(messageId: string, index: number): void {
    checkSwitch(this.#impl, messageId, index);
    this.#slot.act(
      (engine) => engine.switchBranch(messageId, index),
      () => void this.#impl.tree.switchTo(messageId, index),
    );
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
    if (this.#slot.disposed) return;
    this.#outgoing.cancel("stopped");
    this.#halting((engine) => engine.stop());
  }

  /**
   * Empties the conversation (messages, state, interrupts) and its stored record. A run under way
   * is aborted, and no late event of it — whatever stream brings it, with or without a run id —
   * reaches the thread or storage. A run started afterwards is unaffected.
   */
  clear(): void {
    if (this.#slot.disposed) return;
    this.#outgoing.cancel("cleared");
    this.#halting((engine) => engine.clear(), () => this.#impl.reset());
  }

  /** Replaces the messages (stopping a turn under way). Throws `RunLoopInputError` for non-messages. */
  setMessages(messages: readonly Message[]): void {
    checkMessages(messages, "setMessages()");
    this.#halting(
      (engine) => engine.setMessages(messages),
      () => {
        replaceMessages(this.#impl, messages);
        this.#impl.peekTree()?.reset();
      },
    );
  }

  /**
   * The result of a tool call the client answers by hand (a tool without `execute`, or one the
   * agent named as pending). `error` sends a failure. Applied when the active run ends, if one is.
   */
  addToolResult(result: ToolResultInput): Promise<TurnResult> {
    const { toolCallId, outcome } = toToolOutcome(result, (id) => this.#impl.call(id)?.name.peek());
    return this.#slot.turn(false, (engine) => engine.addToolResult(toolCallId, outcome));
  }

  /**
   * Answers a call in `awaiting-approval`. A client tool then runs, or is answered with a
   * rejection the agent sees; an approval the agent asked for with an interrupt resumes the agent
   * with `{ approved, reason }`. Either way the conversation goes on.
   */
  respondToApproval(toolCallId: string, response: ApprovalResponse): Promise<TurnResult> {
    const clean = toApprovalResponse(response);
    // Only the engine's runs ask for approvals: without it, no call is waiting for one.
    if (this.#slot.current?.isAwaitingApproval(toolCallId) !== true) {
      throw new ChatInputError("NOT_AWAITING_APPROVAL", DEV ? `respondToApproval: tool call '${toolCallId}' is not awaiting approval.` : "", "toolCallId", toolCallId);
    }
    return this.#slot.turn(false, (engine) => engine.respondToApproval(toolCallId, clean));
  }

  /**
   * Answers a pending interrupt. The agent is resumed once every pending interrupt has an answer
   * (AG-UI resumes them all in one run).
   */
  resume(interruptId: string, payload?: unknown): Promise<TurnResult> {
    return this.#answerInterrupt(interruptId, "resolved", payload);
  }

  /**
   * Declines a pending interrupt: the agent gets `resume: [{ interruptId, status: "cancelled",
   * payload? }]` (once every pending interrupt has an answer, as with `resume`). The only answer
   * an expired interrupt accepts. `payload` may say why, if the agent reads it.
   */
  cancelInterrupt(interruptId: string, payload?: unknown): Promise<TurnResult> {
    return this.#answerInterrupt(interruptId, "cancelled", payload);
  }

  #answerInterrupt(interruptId: string, status: ResumeEntry["status"], payload: unknown): Promise<TurnResult> {
    const engine = this.#slot.current;
    // Before the engine: a turn waiting for it counts as the active run (only an interrupted thread's interrupts answer then).
    const answerable = (id: string): boolean =>
      engine?.canAnswerInterrupt(id) ?? ((this.#slot.starting.peek() === 0 || this.#impl.status.peek() === "interrupted") && !this.#answered.has(id));
    const entry = interruptAnswer(this.#impl, interruptId, status, payload, answerable);
    if (engine === undefined) this.#answered.add(interruptId);
    return this.#slot.turn(false, (ready) => ready.answerInterrupt(entry));
  }

  /** Stop, clear, setMessages: on the engine, or on the thread, which then runs nothing, so only the error of a failed load ends. */
  #halting(use: (engine: ChatEngine) => void, direct?: () => void): void {
    this.#answered.clear();
    this.#slot.act(use, () => {
      direct?.();
      this.#slot.clearError();
    });
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
    this.#slot.act(
      (engine) => engine.editState(accepted),
      () => writeState(this.#impl, resolveStateUpdate(this.#impl, accepted)),
    );
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
      throw new ChatInputError("AGENT_CANNOT_CONNECT", DEV ? "connect: this chat's agent cannot connect (give HttpAgent a `connectUrl`, or use an agent that implements AG-UI connect)." : "", "agent");
    }
    return this.#slot.turn(true, (engine) => engine.connect());
  }

  /**
   * Runs the agent with no new message, `forwardedProps` merged over the chat's for this run only:
   * how a generative-UI action goes back to the agent (an A2UI button: `a2uiActionProps(action)`,
   * which `@ag-ui/a2ui-middleware` turns into the messages the model reads). Queued behind a turn
   * under way, like `sendMessage`; resolves when the turn has settled, continuations included.
   */
  runAgent(options: { readonly forwardedProps: Readonly<Record<string, unknown>> }): Promise<TurnResult> {
    return this.#slot.turn(true, (engine) => engine.runAgent(options.forwardedProps));
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
    return (this.#slot.current?.toolsOf(toolCallId) ?? this.#settings.tools).byName.get(name)?.tool;
  }

  /**
   * Moves to another thread: the turn under way stops, the conversation is emptied, and the
   * stored `threadId` (with `persistence`) is loaded. Resolves when it is.
   */
  switchThread(threadId: string): Promise<void> {
    if (typeof threadId !== "string" || threadId === "") throw new ChatInputError("INVALID_ARGUMENT", DEV ? "switchThread needs a non-empty thread id." : "", "threadId");
    if (this.#options.thread !== undefined) {
      throw new ChatInputError("THREAD_NOT_OWNED", DEV ? "switchThread: this chat runs on the `thread` it was given; make a chat for the other thread instead." : "", "threadId");
    }
    if (this.#slot.disposed || threadId === this.threadId) return this.ready;
    const engine = this.#slot.current;
    this.#answered.clear();
    this.ready =
      engine !== undefined
        ? engine.key.switchTo(threadId)
        : new Promise((resolve) => {
            this.#slot.act(
              (ready) => resolve(ready.key.switchTo(threadId)),
              () => {
                // Nothing runs and nothing is stored without the engine: the thread is emptied and renamed.
                this.#impl.reset();
                this.#impl.threadId.value = threadId;
                this.#threadId = threadId;
                this.#provisional = false;
                this.#slot.clearError();
                resolve();
              },
            );
          });
    return this.ready;
  }

  /**
   * The threads in this chat's storage, newest first: `{ id, title, updatedAt, meta? }`, titled by
   * their first user message. Read from storage (other tabs' threads too). Throws
   * `ChatInputError` (`NO_THREAD_INDEX`) without persistence or with `persistence.index: false`.
   */
  listThreads(): Promise<readonly ThreadSummary[]> {
    const engine = this.#slot.current;
    if (engine !== undefined) return engine.key.index("listThreads").list();
    if (this.#options.persistence === undefined) throw noThreadIndex("listThreads");
    return this.#slot.when(true, (ready) => ready.key.index("listThreads").list(), []);
  }

  /**
   * Deletes a stored thread: its record and its index entry. The open thread is cleared as by
   * `clear()` (a run under way stops, and none of its late events come back); another thread's
   * queued writes are dropped. Resolves when storage has been updated. Throws like `listThreads`.
   */
  removeThread(threadId: string): Promise<void> {
    const engine = this.#slot.current;
    if (engine !== undefined) engine.key.index("removeThread");
    else if (this.#options.persistence === undefined) throw noThreadIndex("removeThread");
    if (typeof threadId !== "string" || threadId === "") throw new ChatInputError("INVALID_ARGUMENT", DEV ? "removeThread needs a non-empty thread id." : "", "threadId");
    // A custom storage plug-in without the engine yet: asked once the engine (and so its storage) is there.
    if (engine === undefined) return this.#slot.when(true, (ready) => (ready.key.index("removeThread"), this.removeThread(threadId)), undefined);
    if (threadId !== this.threadId) return engine.parts.storage.remove(threadId);
    this.clear();
    return this.whenSaved();
  }

  /** Resolves when every storage write so far has landed (say, before the page unloads). */
  whenSaved(): Promise<void> {
    const engine = this.#slot.current;
    if (engine !== undefined) return engine.whenSaved();
    // Without the engine nothing has been stored; a custom storage plug-in is asked once it is there.
    return this.#options.persistence === undefined ? Promise.resolve() : this.#slot.when(false, (ready) => ready.whenSaved(), undefined).catch(() => undefined);
  }

  /**
   * Stops everything, writes what is pending, leaves the other tabs, and refuses further work. A
   * run under way is left, not stopped (`RunLoop.leave()`): its connection closes, but a server that
   * logs it keeps producing it and the stored resume point stays, so a chat opened on the thread
   * later rejoins it, as after a reload. Call `stop()` first to end it on the server.
   */
  dispose(): void {
    if (this.#slot.disposed) return;
    this.#outgoing.cancel("disposed");
    const engine = this.#slot.current;
    if (engine !== undefined) engine.dispose();
    else this.#slot.dispose();
  }
}
