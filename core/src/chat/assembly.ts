import { signal, type Signal } from "@preact/signals-core";
import type { ThreadlineError, WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import { ClearedRunFilter } from "./incoming/cleared-run-filter.js";
import { presencePlugin, type ChatPresence } from "./presence/generation.js";
import { localGeneration } from "./presence/local-generation.js";
import type { Context } from "../protocol/events.js";
import { Approvals } from "../tools/approvals.js";
import { storagePlugin, type ChatStorage, type ChatStorageHost } from "./storage/storage.js";
import { NO_STORAGE } from "./storage/no-storage.js";
import { ChatTurns } from "./turns/turns.js";
import { ChatThreadId } from "./thread-key/thread-id.js";
import type { ChatClientOptions } from "./types.js";
import type { ToolSet } from "../tools/definition.js";
import { incomingGuard } from "./incoming/incoming-guard.js";
import { RunLoop } from "../run/loop.js";
import type { ToolAnswers } from "../tools/answers.js";
import type { ToolRunner } from "../tools/execution.js";
import type { ToolArgumentReading } from "../tools/argument-reading.js";
import type { AgUiAgentLike } from "../transport/from-agent.js";
import { fromAgentOnFirstUse } from "../transport/from-agent-load.js";
import type { AgentSource } from "../transport/source.js";
import type { ChatQueue } from "./queue/queue-plugin.js";

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
  /** The `queue` plug-in's send queue, opened by the engine once its thread key is made. */
  queue: ChatQueue | undefined;
  readonly report: (error: ThreadlineError) => void;
}

export interface AssemblyInput {
  readonly options: ChatClientOptions;
  readonly thread: ThreadImpl;
  readonly threadId: string;
  /** `threadId` is a new conversation's, until the agent's first RUN_STARTED names the thread. */
  readonly provisional: boolean;
  /** The `agent` option, checked: an AG-UI agent object is wrapped here (`fromAgent`, loaded on its first call). */
  readonly agent: CheckedAgent;
  /** The `toolArguments` option, checked. */
  readonly toolArguments: ToolArgumentReading;
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
  const source = input.agent.agUi ? fromAgentOnFirstUse(input.agent.agent as AgUiAgentLike) : (input.agent.agent as AgentSource);
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
    // The response named the run: its resume point is stored at once, before any event.
    onResumable: () => storage.save(),
    onStopFailed: (error) => turns.showFailure(error, true),
  });
  const storage = openStorage(options, { thread, key: threadId, report, warn, resumePoint: () => loop.resumePoint(), queue: () => parts.queue?.stored() });
  const id = new ChatThreadId(
    { thread, storage, presence, openPresence: (next) => openPresence(options, next, warn), moved: (renamed) => parts.queue?.moved(renamed) },
    threadId,
    input.provisional,
  );
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
    toolArguments: input.toolArguments,
    // First after the fold: the chat re-keys the thread on its first RUN_STARTED.
    runStarted: (event) => id.named(event),
  });
  const { runner, answers } = turns;
  const stopWatching = turns.watch.attach();
  const parts: ChatParts = { thread, threadId: id, loop, turns, runner, approvals, answers, storage, filter, presence, createId, stopWatching, queue: undefined, report };
  return parts;
}

/** The presence of `threadId`: the `presence` plug-in's, or this tab's runs only. */
export function openPresence(options: ChatClientOptions, threadId: string, warn: WarningHandler): ChatPresence {
  return (presencePlugin(options.presence) ?? localGeneration).open(threadId, warn);
}

/** The `persistence` plug-in's storage for the chat, or none. */
function openStorage(options: ChatClientOptions, host: ChatStorageHost): ChatStorage {
  return storagePlugin(options.persistence)?.open(host) ?? NO_STORAGE;
}

/** The `agent` option, checked (see `checkAgent`): a source, or an AG-UI agent object to wrap. */
export interface CheckedAgent {
  readonly agent: ChatClientOptions["agent"];
  readonly agUi: boolean;
}
