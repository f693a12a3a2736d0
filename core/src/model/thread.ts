import { DEV } from "esm-env";
import { batch, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { Interrupt, Message } from "@ag-ui/core";
import { describeValue } from "../describe-value.js";
import { ThreadlineError, warnToConsole, type WarningHandler } from "../errors.js";
import { ModelError } from "./errors.js";
import { copyJson } from "../json/json-value.js";
import { messageListProblem } from "../protocol/message-list.js";
import type { AwaitingInput, ComponentNode } from "./components/types.js";
import { EventHub } from "./event-hub.js";
import { ThreadComponents, type GenerativeUiPlugin } from "./components/plugin.js";
import { MessageIndex } from "./messages/message-index.js";
import { nodeFromMessage, type MessageNodeImpl, type ToolMessageNodeImpl } from "./messages/message-nodes.js";
import { linearHistory, type BranchingPlugin, type ThreadBranches } from "./branches/branching.js";
import { createSelector } from "./state/select.js";
import { StateDocument } from "./state/state-document.js";
import { untrackedLanes, type SubagentLanesPlugin, type ThreadLanes } from "./subagents/lanes.js";
import { threadSnapshot } from "./snapshot.js";
import { TokenLedger } from "./token-usage.js";
import type { PartialArgsPlugin, ToolArgsParserFactory } from "./tool-calls/tool-args.js";
import type { ToolCallNodeImpl } from "./tool-calls/tool-call-node.js";
import type { LocalPreviews } from "./messages/attachments.js";
import type {
  ActiveStep,
  Branches,
  CustomFold,
  CustomListener,
  ThreadEventListener,
  MessageNode,
  RawListener,
  RunOutcome,
  RunUsage,
  SubagentLane,
  Thread,
  ThreadSnapshot,
  ThreadStatus,
  TokenTotals,
  ToolCallNode,
} from "./types.js";

export interface ThreadOptions {
  readonly threadId?: string;
  /** Messages the thread starts with (copied; duplicates of an id are dropped with a warning). */
  readonly messages?: readonly Message[];
  /** State the thread starts with (copied). Default `{}`, as @ag-ui/client. */
  readonly state?: unknown;
  readonly onWarning?: WarningHandler;
  /**
   * Tool-call arguments parsed while they stream (`partialArgs`, `argumentStatus`):
   * `partialArgsParser({ tools })`. Without it (and for tools it does not cover) they are empty
   * until TOOL_CALL_END, except for the tools `components` renders, which it parses itself.
   */
  readonly partialArgs?: PartialArgsPlugin;
  /**
   * Generative UI: `generativeUi({ registry, tambo })`. Renderable tool calls from the registry
   * and the Tambo fold (component parts, `awaitingInput`, `parentMessageId`). Without it a thread
   * has activity components only; the first Tambo event is warned about (`GENERATIVE_UI_MISSING`)
   * and, like any unclaimed CUSTOM event, only reaches listeners.
   */
  readonly components?: GenerativeUiPlugin;
  /**
   * Subagent lanes (`subagents`, `subagent(id)`, `subagentsOf`): `subagentLanes()`. Without it
   * subagent messages fold into the main list only, and the first is warned about
   * (`SUBAGENT_LANES_MISSING`).
   */
  readonly subagents?: SubagentLanesPlugin;
  /**
   * Keep edits and regenerations as branches (`branches`, `switchBranch`): `messageBranches()`.
   * Without it the history is one path: an edit or a regeneration replaces what followed.
   */
  readonly branching?: BranchingPlugin;
}

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * What the fold remembers of the run under way (core/src/fold/run-bookkeeping.ts), kept on the
 * thread for it. The model knows one thing about it: a run that ends abnormally asks it to cut
 * off the messages and tool calls still streaming.
 */
export interface RunBookkeeping {
  cutOff(): void;
}

/**
 * The thread: the signals of the public `Thread`, plus the indices that keep every streamed event
 * O(1) in the thread's length (id → message node, id → tool call, tool call id → its result). The
 * fold (core/src/fold) is the only writer during a run; the chat client writes tool-call states
 * through the calls' transitions. The run's status, error, outcome and interrupts are written
 * only by the run's transitions (see `runSignals`).
 */
export class ThreadImpl implements Thread {
  /**
   * @internal Vue's raw marker: a `ref`, `reactive` or Pinia store holding this object hands it
   * back as it is, since a deep proxy as `this` fails every `#` member's brand check.
   */
  get __v_skip(): true {
    return true;
  }

  readonly threadId: Signal<string | undefined>;
  readonly list: Signal<readonly MessageNodeImpl[]> = signal(EMPTY);
  /** The state, built on read from `stateDoc` (which the fold writes). */
  readonly state: ReadonlySignal<unknown>;
  /** @internal */
  readonly stateDoc: StateDocument;
  readonly activeSteps: Signal<readonly ActiveStep[]> = signal(EMPTY);
  readonly tokens = new TokenLedger();
  readonly lanes: ThreadLanes;

  readonly warn: WarningHandler;
  /** @internal The parser of one tool call: the `partialArgs` plug-in's, else generative UI's, else none. */
  readonly parsers: ToolArgsParserFactory;
  readonly hub: EventHub;
  readonly select: (pointer: string) => ReadonlySignal<unknown>;
  /** @internal */
  readonly genui: ThreadComponents;
  /** @internal The generative-UI plug-in the thread was made with (a replay sandbox is made with it too). */
  readonly componentsPlugin: GenerativeUiPlugin | undefined;

  /** The fold's, made by it on first use; dropped with the conversation (`reset`). */
  bookkeeping: RunBookkeeping | undefined = undefined;
  /**
   * @internal Moves on with every write that can change what `toMessages()` returns: each folded event that
   * can touch messages (foldEvent) and each structural write (below, and streamed-nodes.ts; `setList` also follows the
   * in-place `assign`s of setMessages and hook mutations). During a run the fold is the only other
   * writer of messages. Lets a reader keep one projection until it is stale: a plain number, so
   * keeping it costs one increment per event whether or not anyone reads.
   */
  messagesRevision = 0;

  /**
   * @internal The run's id, status, error, outcome and pending interrupts, read-only outside (the getters
   * below). Written only by the run's transitions: `fail`, `cutOffRun` and `reset` here, `startRun`
   * and `endRun` in run-lifecycle.ts, which only the fold and the run loop load.
   */
  readonly runSignals = {
    id: signal<string | undefined>(undefined),
    status: signal<ThreadStatus>("idle"),
    error: signal<ThreadlineError | undefined>(undefined),
    outcome: signal<RunOutcome | undefined>(undefined),
    pendingInterrupts: signal<readonly Interrupt[]>(EMPTY),
  };
  readonly #byId = new MessageIndex<MessageNodeImpl>();
  /**
   * @internal Local previews of user messages not in the thread yet, given to each when it is indexed
   * (the attachments plug-in's `showPreviews`, chat/attachments/outgoing.ts).
   */
  waitingPreviews: Map<string, LocalPreviews> | undefined = undefined;
  #tree: ThreadBranches | undefined;
  readonly #branching: BranchingPlugin | undefined;
  readonly #callsById = new Map<string, ToolCallNodeImpl>();
  readonly #resultsByCallId = new Map<string, ToolMessageNodeImpl>();

  constructor(options: ThreadOptions = {}) {
    this.warn = options.onWarning ?? warnToConsole;
    const partialArgs = checkPlugin(options.partialArgs, "partialArgs", DEV ? "partialArgsParser()" : "");
    this.parsers = (toolName) => partialArgs?.open(toolName) ?? this.genui.argsParser(toolName);
    this.hub = new EventHub(this.warn);
    this.lanes = openLanes(options.subagents, this.warn);
    this.#branching = checkPlugin(options.branching, "branching", DEV ? "messageBranches()" : "");
    this.threadId = signal(options.threadId);
    this.stateDoc = new StateDocument(copyJson(options.state === undefined ? {} : options.state));
    this.state = this.stateDoc.value;
    this.select = createSelector(this.stateDoc);
    refuseRemoved(options);
    this.componentsPlugin = checkPlugin(options.components, "components", DEV ? "generativeUi({ registry })" : "");
    this.genui = this.componentsPlugin === undefined ? new ThreadComponents(this) : this.componentsPlugin.open(this);
    if (options.messages !== undefined) {
      // Checked before any node is made, so a bad entry is named instead of failing inside a node.
      const problem = messageListProblem(options.messages);
      if (problem !== undefined) throw new ModelError("INVALID_THREAD_OPTION", DEV ? `The thread's initial ${problem}.` : "", { where: problem });
    }
    if (options.messages !== undefined && options.messages.length > 0) {
      this.appendWhole(options.messages, DEV ? "initial messages" : "");
    }
  }

  get runId(): ReadonlySignal<string | undefined> {
    return this.runSignals.id;
  }

  get status(): ReadonlySignal<ThreadStatus> {
    return this.runSignals.status;
  }

  get error(): ReadonlySignal<ThreadlineError | undefined> {
    return this.runSignals.error;
  }

  get outcome(): ReadonlySignal<RunOutcome | undefined> {
    return this.runSignals.outcome;
  }

  get pendingInterrupts(): ReadonlySignal<readonly Interrupt[]> {
    return this.runSignals.pendingInterrupts;
  }

  get runUsage(): ReadonlySignal<readonly RunUsage[]> {
    return this.tokens.runs;
  }

  get usage(): ReadonlySignal<TokenTotals> {
    return this.tokens.total;
  }

  get subagents(): ReadonlySignal<readonly SubagentLane[]> {
    return this.lanes.roots;
  }

  subagent(id: string): SubagentLane | undefined {
    return this.lanes.lane(id);
  }

  subagentsOf(toolCallId: string): ReadonlySignal<readonly SubagentLane[]> {
    return this.lanes.spawnedBy(toolCallId);
  }

  get messages(): ReadonlySignal<readonly MessageNode[]> {
    return this.list as unknown as ReadonlySignal<readonly MessageNode[]>;
  }

  message(id: string): MessageNode | undefined {
    return this.#byId.get(id) as MessageNode | undefined;
  }

  /** The conversation's history (a tree with the branching plug-in, one path without); made on first use. */
  get tree(): ThreadBranches {
    return (this.#tree ??= this.#branching === undefined ? linearHistory(this) : this.#branching.open(this));
  }

  /** @internal Whether the history keeps branches (the branching plug-in), not one path (`linearHistory`). */
  get keepsBranches(): boolean {
    return this.#branching !== undefined;
  }

  /** @internal The history if it was made (nothing forked, nothing stored otherwise). */
  peekTree(): ThreadBranches | undefined {
    return this.#tree;
  }

  branches(messageId: string): Branches | undefined {
    // Read the list first, so a reader follows the path even before any fork exists.
    this.list.value;
    return this.tree.branches(messageId, this.#byId.get(messageId));
  }

  toolCall(id: string): ToolCallNode | undefined {
    return this.#callsById.get(id);
  }

  get awaitingInput(): ReadonlySignal<AwaitingInput | undefined> {
    return this.genui.awaitingInput;
  }

  component(id: string): ComponentNode | undefined {
    const tambo = this.genui.component(id);
    if (tambo !== undefined) return tambo;
    const call = this.#callsById.get(id);
    if (call !== undefined) return this.genui.toolCallComponent(call);
    const node = this.#byId.get(id);
    return node?.role === "activity" ? node.component : undefined;
  }

  node(id: string): MessageNodeImpl | undefined {
    return this.#byId.get(id);
  }

  call(id: string): ToolCallNodeImpl | undefined {
    return this.#callsById.get(id);
  }

  toMessages(): Message[] {
    return this.list.peek().map((node) => node.toMessage());
  }

  snapshot(): ThreadSnapshot {
    return threadSnapshot(this);
  }

  onCustom(name: string, listener: CustomListener): () => void {
    return this.hub.onCustom(name, listener);
  }

  onRaw(listener: RawListener): () => void {
    return this.hub.onRaw(listener);
  }

  onEvent(listener: ThreadEventListener): () => void {
    return this.hub.onEvent(listener);
  }

  claimCustom(name: string, fold: CustomFold): () => void {
    return this.hub.claimCustom(name, fold);
  }

  // ---- structural writes: each writes the list signal once (the fold's own: streamed-nodes.ts) ----

  /** @internal */
  setList(nodes: readonly MessageNodeImpl[]): void {
    this.messagesRevision++;
    const old = this.list.peek();
    if (nodes.length !== old.length || nodes.some((node, i) => node !== old[i])) {
      this.list.value = Object.freeze(nodes.slice());
    }
    this.#reindex();
  }

  /**
   * @internal The path from `position` on becomes `tail` (a branch switch or fork): one write of the list,
   * and the indices are updated for the messages that left and came, not rebuilt — O(tail) index
   * work plus one copy of the list.
   */
  replaceTail(position: number, tail: readonly MessageNodeImpl[]): void {
    this.messagesRevision++;
    const old = this.list.peek();
    // An indexed copy: slicing or spreading a frozen array is several times slower in V8.
    const next = new Array<MessageNodeImpl>(position + tail.length);
    for (let i = 0; i < position; i++) next[i] = old[i]!;
    for (let i = 0; i < tail.length; i++) next[position + i] = tail[i]!;
    batch(() => {
      this.list.value = Object.freeze(next);
      for (let i = position; i < old.length; i++) this.#unindex(old[i]!);
      for (const node of tail) this.indexNode(node);
      this.genui.prune((messageId) => this.#byId.has(messageId));
    });
  }

  /**
   * @internal Whole messages whose ids are not present yet, appended in order (RUN_STARTED input, init).
   * `source` names them in the development build's duplicate-id warning (callers up front write `DEV ? "…" : ""`).
   */
  appendWhole(messages: readonly Message[], source: string): void {
    const added: MessageNodeImpl[] = [];
    // Each new node is indexed by id at once, so one lookup finds an id already present; the ids
    // this call added are told from the thread's own only once such an id comes (a thread that
    // starts with these messages never builds the set).
    let mine: Set<string> | undefined;
    // Room is made at the first id not held, for the rest: a list that repeats the thread (a
    // RUN_STARTED input echoing the history) must not double the table it is already in.
    let reserved = false;
    try {
      // Indexed: once per message of a history, often before the engine has compiled this.
      for (let i = 0; i < messages.length; i++) {
        const message = messages[i]!;
        const id = message.id;
        if (this.#byId.has(id)) {
          mine ??= new Set(added.map((node) => node.id));
          if (mine.has(id)) this.warn({ code: "DUPLICATE_MESSAGE_ID", message: DEV ? `${source}: message id '${id}' appears twice; the first is kept.` : "", event: message });
          continue;
        }
        if (!reserved) {
          reserved = true;
          this.#byId.reserve(messages.length - i);
        }
        const node = nodeFromMessage(message);
        this.#byId.add(node);
        mine?.add(id);
        added.push(node);
      }
    } catch (error) {
      // Nothing changes when a message cannot be taken.
      for (const node of added) this.#byId.remove(node);
      throw error;
    }
    if (added.length === 0) return;
    this.messagesRevision++;
    const held = this.list.peek();
    // `added` is this method's own array: a thread that starts with these messages takes it as is.
    this.list.value = Object.freeze(held.length === 0 ? added : held.concat(added));
    for (const node of added) this.indexNode(node);
  }

  /** @internal */
  registerToolCall(call: ToolCallNodeImpl): void {
    if (this.#callsById.has(call.id)) return;
    this.#callsById.set(call.id, call);
    const result = this.#resultsByCallId.get(call.id);
    if (result !== undefined) call.linkResult(result, result.peekError());
    this.genui.toolCallAdded(call);
  }

  /** The client rejected the stream: the run failed with `error`; everything folded stays. */
  fail(error: unknown): void {
    const reason =
      error instanceof ThreadlineError
        ? error
        : new ModelError("RUN_REJECTED", DEV ? `The run was rejected: ${describeValue(error)}` : "", { cause: error });
    this.cutOffRun("failed", reason);
  }

  /**
   * @internal The run ended abnormally: `failed` with `error` (RUN_ERROR, or the client rejected the stream),
   * or `cancelled` with no error (the client stopped listening: its error and pending interrupts
   * stay). Open steps close, and what was still open is cut off: messages stop streaming,
   * unfinished tool calls and subagents fail; everything folded stays. Ordering is not checked
   * here: see `startRun` (run-lifecycle.ts).
   */
  cutOffRun(status: "failed" | "cancelled", error?: ThreadlineError): void {
    const run = this.runSignals;
    batch(() => {
      this.activeSteps.value = EMPTY;
      run.status.value = status;
      if (error !== undefined) run.error.value = error;
      run.outcome.value = undefined;
      this.bookkeeping?.cutOff();
      this.lanes.cutOff();
      this.genui.runFailed();
    });
  }

  /**
   * An empty conversation on the same thread (`clear()`, a thread switch): no messages, the
   * default state `{}`, no run, no pending interrupts, no token usage, no subagents. Only when no
   * run is active.
   */
  reset(): void {
    const run = this.runSignals;
    batch(() => {
      this.setList(EMPTY);
      this.#tree?.reset();
      this.stateDoc.replace({});
      this.bookkeeping = undefined;
      run.pendingInterrupts.value = EMPTY;
      this.activeSteps.value = EMPTY;
      run.id.value = undefined;
      run.outcome.value = undefined;
      this.tokens.reset();
      this.lanes.reset();
      run.error.value = undefined;
      run.status.value = "idle";
    });
  }

  /** @internal A node joined the list: it is indexed by id, with its tool calls, result link, lane and previews. */
  indexNode(node: MessageNodeImpl): void {
    this.#byId.add(node);
    this.lanes.messageAdded(node);
    const waiting = this.waitingPreviews;
    if (waiting !== undefined && node.role === "user") {
      const previews = waiting.get(node.id);
      if (previews !== undefined) {
        node.setPreviews(previews);
        waiting.delete(node.id);
      }
    }
    if (node.role === "assistant") {
      for (const call of node.toolCallNodes()) this.registerToolCall(call);
    } else if (node.role === "tool" && !this.#resultsByCallId.has(node.toolCallId)) {
      this.#resultsByCallId.set(node.toolCallId, node);
      this.#callsById.get(node.toolCallId)?.linkResult(node, node.peekError());
    }
  }

  /** Drops a message that left the path from the indices (only entries that point to it). */
  #unindex(node: MessageNodeImpl): void {
    this.#byId.remove(node);
    this.lanes.messageRemoved(node);
    if (node.role === "assistant") {
      for (const call of node.toolCallNodes()) {
        if (this.#callsById.get(call.id) === call) this.#callsById.delete(call.id);
      }
    } else if (node.role === "tool" && this.#resultsByCallId.get(node.toolCallId) === node) {
      this.#resultsByCallId.delete(node.toolCallId);
      // A call left on the path (rare: its answer came after the fork) has no result any more.
      this.#callsById.get(node.toolCallId)?.linkResult(undefined, undefined);
    }
  }

  #reindex(): void {
    this.#byId.clear();
    this.#callsById.clear();
    this.#resultsByCallId.clear();
    for (const node of this.list.peek()) {
      this.#byId.add(node);
      if (node.role === "tool" && !this.#resultsByCallId.has(node.toolCallId)) {
        this.#resultsByCallId.set(node.toolCallId, node);
      }
    }
    for (const node of this.list.peek()) {
      if (node.role !== "assistant") continue;
      for (const call of node.toolCallNodes()) {
        if (this.#callsById.has(call.id)) continue;
        this.#callsById.set(call.id, call);
        const result = this.#resultsByCallId.get(call.id);
        call.linkResult(result, result?.peekError());
        this.genui.toolCallAdded(call);
      }
    }
    this.genui.prune((messageId) => this.#byId.has(messageId));
    this.lanes.rebuild(this.list.peek());
  }

  /** @internal Whether calls of `toolName` get a parser, so that `partialArgs` streams (one is made and dropped). */
  parsesArgsOf(toolName: string): boolean {
    return this.parsers(toolName) !== undefined;
  }
}

function openLanes(plugin: SubagentLanesPlugin | undefined, warn: WarningHandler): ThreadLanes {
  const checked = checkPlugin(plugin, "subagents", DEV ? "subagentLanes()" : "");
  return checked === undefined ? untrackedLanes(warn) : checked.open(warn);
}

/** A thread option that takes a plug-in: undefined, or an object with `open`; else `INVALID_THREAD_OPTION`. */
/** `maker` is DEV's (callers write `DEV ? "…" : ""`): a production build's message names the option alone. */
function checkPlugin<T extends { readonly open: unknown }>(plugin: T | undefined, name: string, maker: string): T | undefined {
  if (plugin === undefined) return undefined;
  if (typeof plugin !== "object" || plugin === null || typeof plugin.open !== "function") {
    throw new ModelError("INVALID_THREAD_OPTION", DEV ? `\`${name}\` must be ${maker} (from @threadline/core), or absent.` : "", { where: name });
  }
  return plugin;
}

/**
 * `tamboEvents` was an option of threads, thread stores and RunLoop until generative UI became a
 * plug-in; it is refused, not ignored, so an app relying on it learns what to give instead.
 */
export function refuseRemoved(options: object): void {
  if ((options as { readonly tamboEvents?: unknown }).tamboEvents !== undefined) {
    throw new ModelError("INVALID_THREAD_OPTION", DEV ? "`tamboEvents` is gone: Tambo events fold with `components: generativeUi({ registry })` (`tambo: false` to leave them to listeners)." : "", { where: "tamboEvents" });
  }
}
