import { DEV } from "esm-env";
import type { AGUIEvent, AGUIEventOf, EventType, Message, RunAgentInput } from "../protocol/events.js";
import { copyJson, jsonEqual } from "../json/json-value.js";
import type { MessageNode, Thread } from "../model/types.js";
import { DevtoolsError } from "./errors.js";
import { Replay, sandboxOptionsOf, type SandboxOptions } from "./replay.js";
import { threadOf, type InspectTarget } from "./target.js";

/**
 * Who an entry comes from. `agent`: folded from the agent's stream. `client`: a write the client
 * made outside the stream (messages added or replaced, state set between runs, a run it stopped),
 * written down as the event that has the same effect, so the recording replays to the live thread.
 * `recorder`: made by the recorder itself (the history folded away from a full buffer, a cut-off run).
 */
export type EventOrigin = "agent" | "client" | "recorder";

export interface RecordedEvent {
  /** The event as it replays: what was folded, or (origin other than `agent`) what stands for a write. */
  readonly event: AGUIEvent;
  /** Milliseconds since recording began (the recorder's clock). */
  readonly at: number;
  /** The run the event belongs to. */
  readonly runId: string;
  readonly origin: EventOrigin;
  /** Why an entry is not the agent's event as it came (the client's write it stands for…). */
  readonly note?: string;
}

export interface RecorderOptions {
  /**
   * Most entries kept (default 5,000; one more once the baseline's state snapshot heads the
   * buffer). Past it, the oldest whole runs are folded into a baseline and dropped, so the
   * recording still replays from the start of the thread. A run longer than this on its own is
   * cut: its later events are not kept (see `dropped`).
   */
  readonly maxEvents?: number;
  /** The clock for `at`, in milliseconds. Default `performance.now`. */
  readonly now?: () => number;
  /** How replays of this recording build their thread. Default: as the recorded thread was made. */
  readonly sandbox?: SandboxOptions;
}

export const DEFAULT_MAX_EVENTS = 5000;

/**
 * Records what a thread folds, for the inspector: every event after it is folded (the thread's own
 * `onEvent`, so nothing runs in the run path and nothing is kept before `recordEvents` is called),
 * plus the client's writes between runs as events. `events()` is a stream `fromEvents` and
 * `foldEvents` replay to the thread as it was. The per-event cost is one timestamp and one push.
 */
export class EventRecorder {
  readonly thread: Thread;
  readonly sandbox: SandboxOptions;
  readonly #list: RecordedEvent[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #max: number;
  readonly #now: () => number;
  readonly #origin: number;
  readonly #stops: (() => void)[] = [];
  /** Runs folded out of the buffer, as a thread (with its own pipeline, so it stays verified). */
  #baseline: Replay | undefined;
  #evictedCount = 0;
  #droppedCount = 0;
  /** Between a recorded RUN_STARTED and its end. */
  #open = false;
  #runId = "";
  #threadId: string | undefined;
  #runLength = 0;
  /** Where the open (or last) run's RUN_STARTED sits in the buffer. */
  #runStart = 0;
  #cut = false;
  /** The last run ended with RUN_FINISHED: a RUN_ERROR may still follow it (AG-UI allows that). */
  #finished = false;
  /** The live message list and state as the recording last left them (at a run's end). */
  #lastList: readonly MessageNode[] = [];
  #lastState: unknown = UNSET;
  /**
   * Entries eviction wrote into the buffer's new head: a RUN_STARTED merged with the baseline's
   * messages (mapped to the event it replaced) and the baseline's state snapshot (mapped to
   * undefined). When they are evicted in turn, the baseline folds the original instead, as it
   * already holds the rest.
   */
  readonly #madeByEviction = new WeakMap<RecordedEvent, AGUIEvent | undefined>();
  /** Runs were evicted since the head was last given the baseline (done on read: see settleHead). */
  #headStale = false;

  constructor(target: InspectTarget, options: RecorderOptions = {}) {
    const max = options.maxEvents ?? DEFAULT_MAX_EVENTS;
    if (!Number.isInteger(max) || max < 2) {
      throw new DevtoolsError("INSPECTOR_OPTION_INVALID", DEV ? `maxEvents must be an integer of at least 2, got ${String(max)}.` : "", { received: max });
    }
    this.#max = max;
    const impl = threadOf(target);
    this.thread = impl;
    this.sandbox = options.sandbox ?? sandboxOptionsOf(impl);
    this.#now = options.now ?? (() => performance.now());
    this.#origin = this.#now();
    this.#stops.push(impl.onEvent((event) => this.#record(event)));
    // A run the client ends (stop, a rejected stream) has no terminal event: the status says so.
    this.#stops.push(impl.status.subscribe((status) => {
      if (this.#open && (status === "cancelled" || status === "failed")) queueMicrotask(() => this.#endedByClient());
    }));
  }

  /** The recorded entries, oldest first (a live view: copy it to keep it). */
  get entries(): readonly RecordedEvent[] {
    this.#settleHead();
    return this.#list;
  }

  /** Entries folded into the baseline to keep the buffer within `maxEvents`. */
  get evicted(): number {
    return this.#evictedCount;
  }

  /** Events of runs too long for the buffer that were not kept. */
  get dropped(): number {
    return this.#droppedCount;
  }

  get recording(): boolean {
    return this.#stops.length > 0;
  }

  /** The recording as a replayable stream (what a fixture holds). */
  events(): AGUIEvent[] {
    this.#settleHead();
    return this.#list.map((entry) => entry.event);
  }

  /** Called after each entry (and on clear); keep it cheap — the inspector only marks itself dirty. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Forgets everything recorded; recording goes on from the next run. */
  clear(): void {
    this.#list.length = 0;
    this.#baseline = undefined;
    this.#headStale = false;
    this.#evictedCount = 0;
    this.#droppedCount = 0;
    this.#open = false;
    this.#finished = false;
    this.#runStart = 0;
    this.#threadId = undefined;
    this.#lastList = [];
    this.#lastState = UNSET;
    this.#notify();
  }

  /** Stops listening to the thread; what was recorded stays. */
  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  #record(event: AGUIEvent): void {
    if (event.type === "RUN_STARTED") return this.#runStarted(event);
    if (!this.#open) {
      if (event.type === "RUN_ERROR" && this.#finished) {
        this.#push(event, "agent");
        this.#closeRun();
      }
      // Otherwise attached in the middle of a run: its beginning is missing, so it starts at the next run.
      return;
    }
    if (this.#cut) {
      this.#droppedCount++;
      if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") this.#closeRun();
      return;
    }
    if (this.#runLength >= this.#max - 1) {
      // The buffer cannot hold this run: it ends here in the recording, and says why.
      this.#cut = true;
      this.#droppedCount++;
      const error: AGUIEventOf<EventType.RUN_ERROR> = {
        type: "RUN_ERROR" as EventType.RUN_ERROR,
        message: DEV ? `The inspector kept the first ${this.#max - 1} events of this run (maxEvents); the rest were not recorded.` : "",
        code: "RECORDING_TRUNCATED",
      };
      this.#push(error, "recorder", "the run outgrew maxEvents");
      return;
    }
    this.#push(event, "agent");
    if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") this.#closeRun(event.type === "RUN_FINISHED");
  }

  #runStarted(event: AGUIEventOf<EventType.RUN_STARTED>): void {
    // A run still open in the recording ended without a terminal event the recorder heard.
    if (this.#open) this.#endedByClient(true);
    if (this.#threadId !== undefined && event.threadId !== this.#threadId) this.clear();
    this.#threadId = event.threadId;
    this.#open = true;
    this.#finished = false;
    this.#cut = false;
    this.#runLength = 0;
    this.#runId = event.runId;
    this.#runStart = this.#list.length;

    this.#clientMessages(event);
    const state = this.thread.state.peek();
    const changed = this.#lastState === UNSET ? !jsonEqual(state, {}) : state !== this.#lastState;
    if (changed) {
      const snapshot: AGUIEventOf<EventType.STATE_SNAPSHOT> = {
        type: "STATE_SNAPSHOT" as EventType.STATE_SNAPSHOT,
        snapshot: copyJson(state),
      };
      this.#push(snapshot, "client", "the client set the state before the run");
    }
  }

  /**
   * Writes what the client did to the messages since the recording last saw the thread (at the
   * last run's end) as events with the same effect, right at the new run's start. Once per run,
   * O(thread), like the run's own input:
   * - messages it added (the user's message) travel in RUN_STARTED's `input.messages`, which the
   *   fold appends;
   * - tool results it inserted after their call become TOOL_CALL_RESULT, which the fold puts in the
   *   same place;
   * - messages it removed (regenerate, setMessages, clear) are dropped by a MESSAGES_SNAPSHOT of
   *   the rest; a result carrying an `error` (which TOOL_CALL_RESULT cannot) gets a last
   *   MESSAGES_SNAPSHOT that updates every message in place.
   */
  #clientMessages(event: AGUIEventOf<EventType.RUN_STARTED>): void {
    const live = this.thread.messages.peek();
    // The list is immutable: the same array means nothing was written since the last run ended.
    if (live === this.#lastList) return this.#push(event, "agent");
    const previous = new Set(this.#lastList);
    const current = new Set(live);
    const removed = this.#lastList.some((node) => !current.has(node));
    const added = live.filter((node) => !previous.has(node));
    if (added.length === 0 && !removed) return this.#push(event, "agent");
    const messages = this.thread.toMessages();
    const results = new Set<string>();
    let erred = false;
    for (const node of added) {
      if (node.role === "tool" && this.thread.toolCall(node.toolCallId) !== undefined) {
        results.add(node.id);
        if (node.error.peek() !== undefined) erred = true;
      }
    }
    const addedIds = new Set(added.map((node) => node.id));
    const appended = messages.filter((message) => addedIds.has(message.id) && !results.has(message.id));
    if (appended.length > 0) {
      const input = { ...(event.input ?? { threadId: event.threadId, runId: event.runId }), messages: appended } as RunAgentInput;
      this.#push({ ...event, input }, "agent", "input.messages: the messages the client added before the run");
    } else {
      this.#push(event, "agent");
    }
    if (removed) {
      const rest: AGUIEventOf<EventType.MESSAGES_SNAPSHOT> = {
        type: "MESSAGES_SNAPSHOT" as EventType.MESSAGES_SNAPSHOT,
        messages: messages.filter((message) => !results.has(message.id)),
      };
      this.#push(rest, "client", "the client removed messages before the run");
    }
    for (const message of messages) {
      if (!results.has(message.id) || message.role !== "tool") continue;
      const result: AGUIEventOf<EventType.TOOL_CALL_RESULT> = {
        type: "TOOL_CALL_RESULT" as EventType.TOOL_CALL_RESULT,
        messageId: message.id,
        toolCallId: message.toolCallId,
        content: message.content,
        role: "tool",
      };
      this.#push(result, "client", "the client's result for a tool call");
    }
    if (erred) {
      const all: AGUIEventOf<EventType.MESSAGES_SNAPSHOT> = { type: "MESSAGES_SNAPSHOT" as EventType.MESSAGES_SNAPSHOT, messages };
      this.#push(all, "client", "tool results the client marked as errors");
    }
  }

  /**
   * The open run ended without a terminal event: the client stopped it, or rejected its stream.
   * Checked a microtask after the status says so (the fold's own RUN_FINISHED / RUN_ERROR, heard
   * after the status changes, closes the run first); `force` when the next run is already here.
   */
  #endedByClient(force = false): void {
    if (!this.#open) return;
    const status = this.thread.status.peek();
    if (status === "running" && !force) return;
    const error = this.thread.error.peek();
    if (!this.#cut) {
      const event: AGUIEventOf<EventType.RUN_ERROR> = {
        type: "RUN_ERROR" as EventType.RUN_ERROR,
        message: status === "failed" && error !== undefined ? error.message : "The client stopped the run.",
        code: status === "failed" && error !== undefined ? error.code : "RUN_STOPPED_BY_CLIENT",
      };
      this.#push(event, "client", status === "failed" ? "the client rejected the run" : "the client stopped the run");
    }
    this.#closeRun();
  }

  #closeRun(finished = false): void {
    this.#open = false;
    this.#finished = finished;
    this.#cut = false;
    this.#lastList = this.thread.messages.peek();
    this.#lastState = this.thread.state.peek();
    this.#notify();
  }

  #push(event: AGUIEvent, origin: EventOrigin, note?: string): void {
    const entry: RecordedEvent =
      note === undefined
        ? { event, at: this.#now() - this.#origin, runId: this.#runId, origin }
        : { event, at: this.#now() - this.#origin, runId: this.#runId, origin, note };
    this.#list.push(entry);
    this.#runLength++;
    if (this.#list.length > this.#max) this.#evict();
    this.#notify();
  }

  /**
   * Folds the oldest whole runs (never the open one) into the baseline, down to three quarters of
   * `maxEvents` where it can, so evictions come in batches: O(the evicted events).
   */
  #evict(): void {
    let cut = 0;
    while (cut < this.#runStart && this.#list.length - cut > this.#max * 0.75) {
      let end = cut + 1;
      while (end < this.#runStart && this.#list[end]!.event.type !== "RUN_STARTED") end++;
      cut = end;
    }
    if (cut === 0) return;
    // A head not yet settled is evicted as the original events it holds: nothing to undo.
    this.#baseline ??= new Replay(this.sandbox, true);
    const gone = this.#list.splice(0, cut);
    const folded: AGUIEvent[] = [];
    for (const entry of gone) {
      if (!this.#madeByEviction.has(entry)) folded.push(entry.event);
      else {
        const original = this.#madeByEviction.get(entry);
        if (original !== undefined) folded.push(original);
      }
    }
    this.#baseline.fold(folded);
    this.#evictedCount += gone.length;
    this.#runStart -= cut;
    this.#headStale = true;
  }

  /**
   * Gives the buffer's first run what eviction folded away: its RUN_STARTED carries the baseline's
   * messages and a state snapshot follows it. O(thread), so it waits until the recording is read
   * (a redraw, an export) instead of running on the event that caused the eviction.
   */
  #settleHead(): void {
    if (!this.#headStale || this.#baseline === undefined) return;
    this.#headStale = false;
    const first = this.#list[0];
    if (first === undefined || first.event.type !== "RUN_STARTED") return;
    const base = this.#baseline.thread;
    const messages: Message[] = base.toMessages();
    const ownInput = first.event.input;
    const input = { ...(ownInput ?? { threadId: first.event.threadId, runId: first.event.runId }), messages: [...messages, ...(ownInput?.messages ?? [])] } as RunAgentInput;
    const state: AGUIEventOf<EventType.STATE_SNAPSHOT> = { type: "STATE_SNAPSHOT" as EventType.STATE_SNAPSHOT, snapshot: copyJson(base.state.peek()) };
    const merged: RecordedEvent = { ...first, event: { ...first.event, input }, note: `input.messages: ${messages.length} earlier messages folded out of the buffer` };
    const snapshot: RecordedEvent = { event: state, at: first.at, runId: first.runId, origin: "recorder", note: "the state the earlier runs left" };
    this.#madeByEviction.set(merged, first.event);
    this.#madeByEviction.set(snapshot, undefined);
    this.#list.splice(0, 1, merged, snapshot);
    if (this.#runStart > 0) this.#runStart++;
  }

  #notify(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch {
        // A failing view must not break recording (nor the thread's other listeners).
      }
    }
  }
}

const UNSET = Symbol("unset");

/** Starts recording what `target` (a `Thread`, or a `ChatClient`'s thread) folds. */
export function recordEvents(target: InspectTarget, options?: RecorderOptions): EventRecorder {
  return new EventRecorder(target, options);
}
