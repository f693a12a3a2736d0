import { computed, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { AgentCapabilities } from "@ag-ui/core";
import type { ThreadlineError, WarningHandler } from "../errors.js";
import { copyJson, deepFreeze } from "../json/json-value.js";
import type { PersistenceError } from "../persist/errors.js";
import type { ThreadSummary } from "../persist/thread-index.js";
import type { Message, ResumeEntry } from "../protocol/events.js";
import type { ApprovalResponse } from "../tools/approvals.js";
import type { ToolSet } from "../tools/definition.js";
import type { ToolOutcome } from "../tools/execution.js";
import { assembleChat, type AssemblyInput, type ChatParts } from "./assembly.js";
import type { StateUpdate } from "./state.js";
import { ChatThreadKey } from "./thread-key/thread-key.js";
import { statusNote, type StatusNote } from "./status-note.js";
import type { ChatStatus, TurnResult } from "./types.js";

/** What the chat's engine is built from: the checked options and the thread. */
export type EngineInput = AssemblyInput;

/** Builds the engine of a chat whose options `ChatClient` has checked. */
export function createChatEngine(input: EngineInput): ChatEngine {
  return new ChatEngine(assembleChat(input), input);
}

/**
 * The part of a chat that runs the agent: the run loop, the turns, the client tools, storage and
 * presence. `ChatClient` is the facade over it: it checks each call's arguments and owns the
 * signals a UI reads first, so this part can be loaded after the first paint.
 * Each method here is what the call does once it has been checked (the facade cancels messages
 * still on their way out itself, at the call).
 */
export class ChatEngine {
  readonly parts: ChatParts;
  readonly key: ChatThreadKey;
  readonly status: ReadonlySignal<ChatStatus>;
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  readonly sessionGenerating: ReadonlySignal<boolean>;
  readonly following: ReadonlySignal<boolean>;
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;
  readonly storedThreads: ReadonlySignal<readonly ThreadSummary[]>;
  /** How the last run ended, in words (`ChatClient.statusNote`): only a run ends, and runs need the engine. */
  readonly statusNote: ReadonlySignal<StatusNote | undefined>;
  readonly #warn: WarningHandler;

  constructor(parts: ChatParts, input: EngineInput) {
    this.parts = parts;
    this.#warn = input.warn;
    this.key = new ChatThreadKey(parts, input.options);
    const { loop, turns, storage, presence } = parts;
    this.status = computed(() => {
      const running = loop.status.value;
      if (running === "submitted" || running === "streaming" || running === "reconnecting") return running;
      const phase = turns.phase.value;
      return phase === "running" ? "streaming" : phase;
    });
    this.error = turns.error;
    this.sessionGenerating = computed(() => presence.value.sessionGenerating.value || this.key.serverGenerating.value);
    this.following = this.key.follow.following;
    this.persistenceError = storage.persistenceError;
    this.storedThreads = storage.storedThreads;
    this.statusNote = statusNote(parts.thread, this.status);
  }

  get disposed(): boolean {
    return this.parts.turns.disposed;
  }

  /**
   * @internal Asks the agent what it can do and writes a frozen copy of the answer into `into` (nothing when
   * it does not say, or the chat was disposed meanwhile). Sources fail softly; a custom one that
   * rejects rejects this.
   */
  async discoverCapabilities(into: Signal<AgentCapabilities | undefined>): Promise<void> {
    const found = await this.parts.loop.capabilities({ onWarning: this.#warn });
    if (found !== undefined && !this.disposed) into.value = deepFreeze(copyJson(found));
  }

  send(message: Message): Promise<TurnResult> {
    return new Promise((resolve) => this.parts.turns.request({ kind: "message", message, resolve }));
  }

  regenerate(messageId: string | undefined): Promise<TurnResult> {
    return new Promise((resolve) => {
      this.parts.turns.stopForBranch("the answer is being regenerated");
      this.parts.turns.request({ kind: "regenerate", ...(messageId === undefined ? {} : { messageId }), resolve });
    });
  }

  edit(messageId: string, message: Message): Promise<TurnResult> {
    return new Promise((resolve) => {
      this.parts.turns.stopForBranch("the message was edited");
      this.parts.turns.request({ kind: "message", message, replaces: messageId, resolve });
    });
  }

  connect(): Promise<TurnResult> {
    return new Promise((resolve) => this.parts.turns.request({ kind: "connect", resolve }));
  }

  runAgent(forwardedProps: Readonly<Record<string, unknown>>): Promise<TurnResult> {
    return new Promise((resolve) => this.parts.turns.request({ kind: "action", forwardedProps, resolve }));
  }

  switchBranch(messageId: string, index: number): void {
    const { turns, approvals, thread, storage } = this.parts;
    if (turns.disposed) return;
    if (approvals.size > 0) turns.halt("the user switched branches", "stopped");
    else turns.stopForBranch("the user switched branches");
    if (thread.tree.switchTo(messageId, index)) storage.save();
  }

  stop(): void {
    const { turns, filter, storage } = this.parts;
    if (turns.disposed) return;
    const record = turns.activeRecord();
    if (record !== undefined) filter.runSettled(record.serverRunId ?? record.runId);
    turns.halt("the user stopped the run", "stopped");
    storage.save();
  }

  clear(): void {
    const { turns, filter, storage, thread } = this.parts;
    if (turns.disposed) return;
    const record = turns.activeRecord();
    const runIds = record === undefined ? [] : record.serverRunId === undefined ? [record.runId] : [record.runId, record.serverRunId];
    filter.recordClear({ messages: thread.toMessages(), runIds });
    turns.halt("the conversation was cleared", "cleared", () => {
      thread.reset();
      turns.forgetRuns();
    });
    storage.clear();
  }

  setMessages(messages: readonly Message[]): void {
    const { turns, loop, thread, storage } = this.parts;
    if (turns.disposed) return;
    turns.halt("the messages were replaced", "stopped", () => {
      loop.setMessages(messages);
      thread.peekTree()?.reset();
      turns.forgetRuns();
    });
    storage.save();
  }

  addToolResult(toolCallId: string, outcome: ToolOutcome): Promise<TurnResult> {
    const { answers, turns } = this.parts;
    const record = answers.recordOf(toolCallId);
    return turns.act(() => answers.applyResult(toolCallId, record, outcome), { kind: "result", toolCallId, record, outcome });
  }

  /** @internal */
  isAwaitingApproval(toolCallId: string): boolean {
    return this.parts.approvals.has(toolCallId);
  }

  respondToApproval(toolCallId: string, response: ApprovalResponse): Promise<TurnResult> {
    const { answers, turns } = this.parts;
    return turns.act(() => answers.applyApproval(toolCallId, response), { kind: "approval", toolCallId, response });
  }

  /** @internal While a run is active, only interrupts its own RUN_FINISHED just raised can be answered; each once. */
  canAnswerInterrupt(interruptId: string): boolean {
    const { turns, answers, thread } = this.parts;
    const answerable = turns.activeRecord() === undefined || thread.status.peek() === "interrupted";
    return answerable && !answers.isAnswered(interruptId);
  }

  answerInterrupt(entry: ResumeEntry): Promise<TurnResult> {
    const { answers, turns } = this.parts;
    return turns.act(() => answers.answerInterrupt(entry), { kind: "interrupt", entry });
  }

  /** @internal */
  editState(update: StateUpdate): void {
    this.parts.turns.editState(update);
  }

  /** The tool set of the run `toolCallId` was made in, if the chat tracks it. */
  toolsOf(toolCallId: string): ToolSet | undefined {
    return this.parts.answers.recordOf(toolCallId)?.tools;
  }

  whenSaved(): Promise<void> {
    return this.parts.storage.whenSaved();
  }

  dispose(): void {
    const { turns, loop, storage, presence, stopWatching } = this.parts;
    if (turns.disposed) return;
    turns.dispose();
    stopWatching();
    loop.dispose();
    void storage.dispose();
    presence.peek().dispose();
  }
}
