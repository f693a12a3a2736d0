import { EventType, type BaseEvent, type Message } from "../../protocol/events.js";

/** What was on screen when the user cleared the conversation. */
export interface ClearedConversation {
  /** The thread's messages at the moment of clearing (its AG-UI projection). */
  readonly messages?: readonly Message[];
  /**
   * Runs to treat as cleared besides the ones this filter saw start and not end: e.g. a run the
   * client has requested whose RUN_STARTED has not arrived yet.
   */
  readonly runIds?: Iterable<string>;
  /** Extra ids known to belong to the cleared conversation (say, a message still being built). */
  readonly messageIds?: Iterable<string>;
  readonly toolCallIds?: Iterable<string>;
}

/** The id-bearing fields an event may carry. Read loosely: adapters may add `runId` to any event. */
interface EventIds {
  readonly runId?: unknown;
  readonly messageId?: unknown;
  readonly toolCallId?: unknown;
  readonly parentMessageId?: unknown;
  readonly entityId?: unknown;
}

/**
 * After `clear()` while a run streams, events of the cleared run keep arriving. This filter says
 * which ones are stale, so they are neither folded back into the thread nor persisted.
 *
 * An event is stale when
 * 1. its run is cleared: its own `runId`, else the `sourceRunId` the caller knows (the run of the
 *    stream it arrived on), else the run that most recently started and has not ended;
 * 2. or it names a cleared tool call (`toolCallId`), a cleared parent message (`parentMessageId`)
 *    or a cleared message (`messageId`; `entityId` of REASONING_ENCRYPTED_VALUE).
 * Every id a stale event carries becomes cleared too, so a later event of the same message or tool
 * call is caught even when it carries no run id and arrives after a fresh run started. A fresh run
 * started after the clear has new ids and is never matched.
 *
 * AG-UI puts `runId` only on RUN_STARTED / RUN_FINISHED, so for everything else the attribution in
 * rule 1 matters: pass `sourceRunId` whenever the stream is known, because the "latest active run"
 * fallback cannot tell a cleared run's new message from a fresh run's when both stream at once.
 *
 * Call `isStale` exactly once per incoming event, in arrival order, before folding, including for
 * events of fresh runs (it follows RUN_STARTED / RUN_FINISHED / RUN_ERROR to know which runs are
 * active). Cost per event: a few property reads and Set lookups (none for an event inside a run
 * while nothing is cleared); nothing is allocated.
 */
export class ClearedRunFilter {
  /** The run the last stale event was attributed to, if it belonged to a cleared run. */
  lastStaleRunId: string | undefined = undefined;

  private readonly active = new Set<string>();
  private readonly clearedRuns = new Set<string>();
  private readonly clearedMessages = new Set<string>();
  private readonly clearedToolCalls = new Set<string>();
  /** The run a runless event is attributed to when the caller names none. */
  private latestRun: string | undefined = undefined;

  /** Runs seen started and not yet ended (fresh and cleared alike). */
  get activeRunIds(): ReadonlySet<string> {
    return this.active;
  }

  /** True once anything has been cleared and not `reset()`. */
  get hasCleared(): boolean {
    return this.clearedRuns.size > 0 || this.clearedMessages.size > 0 || this.clearedToolCalls.size > 0;
  }

  /** Record what a `clear()` removed. Every run active right now is cleared with it. */
  recordClear(cleared: ClearedConversation = {}): void {
    for (const runId of this.active) remember(this.clearedRuns, runId);
    if (cleared.runIds) for (const runId of cleared.runIds) remember(this.clearedRuns, runId);
    if (cleared.messageIds) for (const id of cleared.messageIds) remember(this.clearedMessages, id);
    if (cleared.toolCallIds) for (const id of cleared.toolCallIds) remember(this.clearedToolCalls, id);
    for (const message of cleared.messages ?? []) {
      remember(this.clearedMessages, message.id);
      if (message.role === "assistant") {
        for (const toolCall of message.toolCalls ?? []) remember(this.clearedToolCalls, toolCall.id);
      } else if (message.role === "tool") {
        remember(this.clearedToolCalls, message.toolCallId);
      }
    }
  }

  /**
   * Whether `event` belongs to a cleared conversation. `sourceRunId`: the run whose stream
   * delivered the event, when the caller knows it (recommended).
   */
  isStale(event: BaseEvent, sourceRunId?: string): boolean {
    this.lastStaleRunId = undefined;
    const type = event.type;
    // Nothing cleared (most chats, all of the time): only the run boundaries need following, and a
    // token costs three comparisons and three size reads.
    if (type !== EventType.RUN_STARTED && type !== EventType.RUN_FINISHED && type !== EventType.RUN_ERROR && !this.hasCleared) return false;
    const ids = event as BaseEvent & EventIds;
    const ownRunId = typeof ids.runId === "string" ? ids.runId : undefined;
    let runId: string | undefined;
    if (type === EventType.RUN_STARTED) {
      runId = ownRunId ?? sourceRunId;
      if (runId !== undefined) {
        this.active.add(runId);
        this.latestRun = runId;
      }
    } else {
      runId = ownRunId ?? sourceRunId ?? this.latestRun;
    }

    let stale = runId !== undefined && this.clearedRuns.has(runId);
    if (stale) this.lastStaleRunId = runId;
    else if (this.clearedMessages.size > 0 || this.clearedToolCalls.size > 0) stale = this.namesClearedId(ids, type);
    if (stale) this.markIds(ids, type);

    if ((type === EventType.RUN_FINISHED || type === EventType.RUN_ERROR) && runId !== undefined) this.runSettled(runId);
    return stale;
  }

  /**
   * A run ended without a terminal event reaching `isStale` (the client aborted its stream). A
   * cleared run stays cleared; only the "latest active run" fallback moves on.
   */
  runSettled(runId: string): void {
    this.active.delete(runId);
    if (this.latestRun !== runId) return;
    // Fall back to the most recently started run still active (a Set iterates in insertion order).
    this.latestRun = undefined;
    for (const other of this.active) this.latestRun = other;
  }

  /** Forget everything (the client moved to another thread). */
  reset(): void {
    this.active.clear();
    this.clearedRuns.clear();
    this.clearedMessages.clear();
    this.clearedToolCalls.clear();
    this.latestRun = undefined;
    this.lastStaleRunId = undefined;
  }

  private namesClearedId(ids: EventIds, type: EventType): boolean {
    const { toolCallId, parentMessageId, messageId } = ids;
    if (typeof toolCallId === "string" && this.clearedToolCalls.has(toolCallId)) return true;
    if (typeof parentMessageId === "string" && this.clearedMessages.has(parentMessageId)) return true;
    if (typeof messageId === "string" && this.clearedMessages.has(messageId)) return true;
    if (type === EventType.REASONING_ENCRYPTED_VALUE && typeof ids.entityId === "string") {
      return this.clearedMessages.has(ids.entityId) || this.clearedToolCalls.has(ids.entityId);
    }
    return false;
  }

  /** Suppression spreads along ids: whatever a stale event names is stale from now on. */
  private markIds(ids: EventIds, type: EventType): void {
    if (typeof ids.messageId === "string") remember(this.clearedMessages, ids.messageId);
    if (typeof ids.parentMessageId === "string") remember(this.clearedMessages, ids.parentMessageId);
    if (typeof ids.toolCallId === "string") remember(this.clearedToolCalls, ids.toolCallId);
    if (type === EventType.REASONING_ENCRYPTED_VALUE && typeof ids.entityId === "string") {
      // The subtype says which kind of id it is; marking both sets is harmless and simpler.
      remember(this.clearedMessages, ids.entityId);
      remember(this.clearedToolCalls, ids.entityId);
    }
  }
}

/**
 * How many cleared ids of each kind are remembered. Late events come from runs that were going on
 * at the clear, so the latest ids are the ones that matter; without a bound, a chat cleared every
 * few turns for a day grows by every message it ever had (the soak script found it).
 */
const REMEMBERED_IDS = 4096;

/** Adds `id`, forgetting the oldest one past the bound (a Set iterates in insertion order). */
function remember(ids: Set<string>, id: string): void {
  ids.add(id);
  if (ids.size > REMEMBERED_IDS) ids.delete(ids.values().next().value as string);
}
