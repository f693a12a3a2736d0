import { signal, type Signal } from "@preact/signals-core";
import type { ThreadlineError, WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import { ClearedRunFilter } from "./incoming/cleared-run-filter.js";
import { localGeneration, type ChatPresence } from "./presence/generation.js";
import type { Context } from "../protocol/events.js";
import { Approvals } from "../tools/approvals.js";
import { NO_STORAGE, type ChatStorage, type ChatStorageHost } from "./storage/storage.js";
import { ChatTurns } from "./turns/turns.js";
import { ChatThreadId } from "./thread-key/thread-id.js";
import type { ChatClientOptions } from "./types.js";
import type { ToolSet } from "../tools/definition.js";
import { incomingGuard } from "./incoming/incoming-guard.js";
import { RunLoop } from "../run/loop.js";
import type { ToolAnswers } from "../tools/answers.js";
import { ChatInputError } from "../tools/errors.js";
import { pluginOption } from "./plugin-option.js";
import type { ToolRunner } from "../tools/execution.js";
import { ARGUMENTS_AS_SENT, isToolArgumentReading, type ToolArgumentReading } from "../tools/argument-reading.js";
import { fromAgent, type AgUiAgentLike } from "../transport/from-agent.js";
import type { AgentSource } from "../transport/source.js";

/** What `updateOptions` changes; read when each run starts. */
export interface ChatSettings {
  tools: ToolSet;
  context: readonly Context[] | undefined;
  forwardedProps: unknown;
  maxSteps: number;
}

/** The chat client's working parts. */
export interface ChatParts {
  readonly thread: ThreadImpl;
  /** The thread's id (the storage key), provisional until the agent names the thread. */
  readonly threadId: ChatThreadId;
  readonly loop: RunLoop;
  readonly turns: ChatTurns;
  readonly runner: ToolRunner;
  readonly approvals: Approvals;
  readonly answers: ToolAnswers;
  readonly storage: ChatStorage;
  readonly filter: ClearedRunFilter;
  /** Replaced on a thread switch (its channel is named after the thread). */
  readonly presence: Signal<ChatPresence>;
  readonly createId: () => string;
  readonly stopWatching: () => void;
}

export interface AssemblyInput {
  readonly options: ChatClientOptions;
  readonly thread: ThreadImpl;
  readonly threadId: string;
  /** `threadId` is a new conversation's, until the agent's first RUN_STARTED names the thread. */
  readonly provisional: boolean;
  readonly settings: ChatSettings;
  readonly warn: WarningHandler;
  readonly createId: () => string;
  readonly report: (error: ThreadlineError) => void;
}

/**
 * Wires the parts. Data flows: source → `incomingGuard` (cleared-run filter, generation
 * presence) → user middleware → pipeline → subscribers → fold into `thread` → `ToolCallWatch`
 * (re-keying on the chat's first RUN_STARTED, client tool calls, coalesced saves) →
 * `ToolRunner` / `Approvals` → `ToolAnswers` → `ChatTurns`, which decides the next run. The
 * guard is ordinary middleware, the innermost, so it sees events as the source sent them; the
 * watch is the only listener after the fold. Each part is built after what it needs;
 * `ChatTurns` makes the runner, the answers and the watch itself, since they report back to it.
 */
export function assembleChat(input: AssemblyInput): ChatParts {
  const { options, thread, threadId, settings, warn, createId, report } = input;
  const source = toAgentSource(options.agent);
  const filter = new ClearedRunFilter();
  const presence = signal<ChatPresence>(openPresence(options, threadId, warn));
  const loop = new RunLoop({
    source,
    thread,
    middleware: [...(options.middleware ?? []), incomingGuard(filter, () => presence.peek())],
    subscribers: options.subscribers,
    legacy: options.legacy,
    validation: options.validation,
    schemas: options.schemas,
    terminalGraceMs: options.terminalGraceMs,
    createId,
    now: options.now,
    onWarning: warn,
    onError: report,
  });
  const storage = openStorage(options, { thread, key: threadId, report, warn, resumePoint: () => loop.resumePoint() });
  const id = new ChatThreadId({ thread, storage, presence, openPresence: (next) => openPresence(options, next, warn) }, threadId, input.provisional);
  const approvals = new Approvals(thread);
  const turns = new ChatTurns({
    thread,
    loop,
    approvals,
    storage,
    filter,
    resetPresence: () => presence.peek().reset(),
    createId,
    report,
    warn,
    beforeRun: () => id.beforeRun(),
    settings: () => settings,
    toolArguments: toolArgumentReading(options),
    // First after the fold: the chat re-keys the thread on its first RUN_STARTED.
    runStarted: (event) => id.named(event),
  });
  const { runner, answers } = turns;
  const stopWatching = turns.watch.attach();
  return { thread, threadId: id, loop, turns, runner, approvals, answers, storage, filter, presence, createId, stopWatching };
}

/** The presence of `threadId`: the `presence` plug-in's, or this tab's runs only. */
export function openPresence(options: ChatClientOptions, threadId: string, warn: WarningHandler): ChatPresence {
  const plugin = options.presence;
  if (plugin === undefined || plugin === false) return localGeneration.open(threadId, warn);
  return pluginOption(plugin, "presence", "broadcastPresence(options) (cross-tab), or false / absent (this tab only).").open(threadId, warn);
}

/** The `toolArguments` plug-in, or the arguments as sent. */
function toolArgumentReading(options: ChatClientOptions): ToolArgumentReading {
  const plugin = options.toolArguments;
  if (plugin === undefined) return ARGUMENTS_AS_SENT;
  if (!isToolArgumentReading(plugin)) {
    throw new ChatInputError("INVALID_OPTION", "`toolArguments` must be strictModeUndo() (from @threadline/core), or absent (the arguments as sent).", "toolArguments");
  }
  return plugin;
}

/** The `persistence` plug-in's storage for the chat, or none. */
function openStorage(options: ChatClientOptions, host: ChatStorageHost): ChatStorage {
  const plugin = options.persistence;
  if (plugin === undefined) return NO_STORAGE;
  return pluginOption(plugin, "persistence", "chatPersistence({ adapter, … }) (from @threadline/core), not its options.").open(host);
}

/**
 * The `agent` option as a source. AG-UI agent objects (`run(input)` returning a subscribable) are
 * told from sources (`run(input, sink)` returning a promise) by `runAgent` / `abortRun`, which
 * every `@ag-ui/client` agent has, or by a `run` that declares exactly one parameter.
 */
export function toAgentSource(agent: ChatClientOptions["agent"] | undefined): AgentSource {
  const candidate = agent as { run?: unknown; runAgent?: unknown; abortRun?: unknown } | null | undefined;
  if (typeof candidate !== "object" || candidate === null || typeof candidate.run !== "function") {
    throw new ChatInputError("INVALID_OPTION", "`agent` must be an AgentSource (HttpAgent, fromEvents…) or an AG-UI agent object with a run method.", "agent");
  }
  const looksAgUi = typeof candidate.runAgent === "function" || typeof candidate.abortRun === "function" || candidate.run.length === 1;
  return looksAgUi ? fromAgent(agent as AgUiAgentLike) : (agent as AgentSource);
}
