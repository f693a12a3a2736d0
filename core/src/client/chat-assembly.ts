import { signal, type Signal } from "@preact/signals-core";
import type { ThreadlineError, WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import { ClearedRunFilter } from "../persist/cleared-run-filter.js";
import { GenerationPresence } from "../persist/generation-presence.js";
import type { AGUIEventOf, Context, EventType } from "../protocol/events.js";
import { Approvals } from "./approvals.js";
import { ChatStorage } from "./chat-persistence.js";
import { presenceOptions, toAgentSource } from "./chat-setup.js";
import { ChatTurns } from "./chat-turns.js";
import type { ChatClientOptions } from "./chat-types.js";
import type { ToolSet } from "./client-tools.js";
import { incomingGuard } from "./incoming-guard.js";
import { RunLoop } from "./run-loop.js";
import { ToolAnswers } from "./tool-answers.js";
import { ToolCallWatch } from "./tool-call-watch.js";
import { ToolRunner } from "./tool-execution.js";

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
  readonly loop: RunLoop;
  readonly turns: ChatTurns;
  readonly runner: ToolRunner;
  readonly approvals: Approvals;
  readonly answers: ToolAnswers;
  readonly storage: ChatStorage;
  readonly filter: ClearedRunFilter;
  /** Replaced on a thread switch (its channel is named after the thread). */
  readonly presence: Signal<GenerationPresence>;
  readonly createId: () => string;
  readonly stopWatching: () => void;
}

export interface AssemblyInput {
  readonly options: ChatClientOptions;
  readonly thread: ThreadImpl;
  readonly threadId: string;
  readonly settings: ChatSettings;
  readonly warn: WarningHandler;
  readonly createId: () => string;
  readonly report: (error: ThreadlineError) => void;
  /** Every RUN_STARTED folded, before the tool-call watch sees it (the chat may re-key there). */
  readonly runStarted: (event: AGUIEventOf<EventType.RUN_STARTED>) => void;
  /** See `ChatTurnsConfig.beforeRun`. */
  readonly beforeRun: () => void;
}

/**
 * Wires the parts. Data flows: source → `incomingGuard` (cleared-run filter, generation
 * presence) → user middleware → pipeline → fold into `thread` → `ToolCallWatch` (client tool
 * calls, coalesced saves) → `ToolRunner` / `Approvals` → `ToolAnswers` → `ChatTurns`, which
 * decides the next run. The guard is the innermost middleware so it sees events as the source
 * sent them.
 */
export function assembleChat(input: AssemblyInput): ChatParts {
  const { options, thread, threadId, settings, warn, createId, report } = input;
  const source = toAgentSource(options.agent);
  const filter = new ClearedRunFilter();
  const presence = signal(openPresence(options, threadId, warn));
  const loop = new RunLoop({
    source,
    thread,
    middleware: [...(options.middleware ?? []), incomingGuard(filter, () => presence.peek())],
    subscribers: options.subscribers,
    peerProtocolVersion: options.peerProtocolVersion,
    validation: options.validation,
    schemas: options.schemas,
    createId,
    now: options.now,
    onWarning: warn,
    onError: report,
  });
  const storage = new ChatStorage(thread, threadId, options.persistence, report, warn, () => loop.resumePoint());
  const approvals = new Approvals(thread);
  // `turns` is created below; the runner reports to it only after a tool ran, long after this.
  let turns!: ChatTurns;
  const runner = new ToolRunner({ thread, warn, finished: (id, record, outcome) => turns.finished(id, record, outcome) });
  const answers = new ToolAnswers({ thread, approvals, runner, createId, warn, save: () => storage.save() });
  turns = new ChatTurns({
    thread,
    loop,
    runner,
    approvals,
    answers,
    storage: () => storage,
    filter,
    resetPresence: () => presence.peek().reset(),
    createId,
    report,
    warn,
    beforeRun: input.beforeRun,
    settings: () => settings,
  });
  const watch = new ToolCallWatch({
    thread,
    runner,
    approvals,
    warn,
    current: () => turns.current,
    tracked: (id, record) => answers.tracked(id, record),
    deliver: (id, record, outcome) => turns.finished(id, record, outcome),
    folded: () => storage.scheduleSave(),
  });
  answers.watch = watch;
  // Attached before the watch: a new conversation is re-keyed before anything is saved for it.
  const offNamed = thread.onEvent((event) => {
    if (event.type === "RUN_STARTED") input.runStarted(event);
  });
  const offWatch = watch.attach();
  const stopWatching = (): void => {
    offNamed();
    offWatch();
  };
  return { thread, loop, turns, runner, approvals, answers, storage, filter, presence, createId, stopWatching };
}

export function openPresence(options: ChatClientOptions, threadId: string, warn: WarningHandler): GenerationPresence {
  return new GenerationPresence({ threadId, onWarning: warn, ...presenceOptions(options.presence, warn) });
}
