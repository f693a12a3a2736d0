import { DEV } from "esm-env";
import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { AGUIEventOf, EventType } from "@ag-ui/core";
import type { StageErrorCode, WarningHandler } from "../../errors.js";
import { ownJson } from "../../json/json-value.js";
import type { SubagentLanesPlugin, ThreadLanes } from "./lanes.js";
import type { MessageNodeImpl } from "../messages/message-nodes.js";
import type { MessageNode, SubagentFailure, SubagentLane, SubagentSnapshot, SubagentStatus } from "../types.js";

const EMPTY: readonly never[] = Object.freeze([]);

type Started = AGUIEventOf<EventType.SUBAGENT_STARTED>;
type Finished = AGUIEventOf<EventType.SUBAGENT_FINISHED>;
type Failed = AGUIEventOf<EventType.SUBAGENT_ERROR>;

/** One subagent invocation (one `subagentRunId`): what SUBAGENT_* said about it, and its messages. */
export class SubagentLaneImpl implements SubagentLane {
  readonly name: Signal<string | undefined> = signal(undefined);
  readonly description: Signal<string | undefined> = signal(undefined);
  readonly parentSubagentRunId: Signal<string | undefined> = signal(undefined);
  readonly parentToolCallId: Signal<string | undefined> = signal(undefined);
  readonly parentMessageId: Signal<string | undefined> = signal(undefined);
  readonly status: Signal<SubagentStatus> = signal("unknown");
  readonly error: Signal<SubagentFailure | undefined> = signal(undefined);
  readonly result: Signal<unknown> = signal(undefined);
  readonly interruptIds: Signal<readonly string[]> = signal(EMPTY);
  readonly list: Signal<readonly MessageNodeImpl[]> = signal(EMPTY);
  readonly children: Signal<readonly SubagentLaneImpl[]> = signal(EMPTY);

  constructor(readonly id: string) {}

  get messages(): ReadonlySignal<readonly MessageNode[]> {
    return this.list as unknown as ReadonlySignal<readonly MessageNode[]>;
  }

  get lanes(): ReadonlySignal<readonly SubagentLane[]> {
    return this.children;
  }

  snapshot(): SubagentSnapshot {
    const snapshot: Record<string, unknown> = { id: this.id, status: this.status.peek() };
    const fields = {
      name: this.name.peek(),
      description: this.description.peek(),
      parentSubagentRunId: this.parentSubagentRunId.peek(),
      parentToolCallId: this.parentToolCallId.peek(),
      parentMessageId: this.parentMessageId.peek(),
      error: this.error.peek(),
      result: this.result.peek(),
    };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) snapshot[key] = value;
    if (this.interruptIds.peek().length > 0) snapshot.interruptIds = this.interruptIds.peek();
    snapshot.messageIds = this.list.peek().map((node) => node.id);
    return snapshot as unknown as SubagentSnapshot;
  }
}

/**
 * Follows subagents as lanes (`thread.subagents`, `subagentsOf(toolCallId)`, `useSubagent`):
 * `createThread({ subagents: subagentLanes() })` or `new ChatClient({ agent, subagents:
 * subagentLanes() })`. Without it subagent messages still fold, into the main list only.
 */
export function subagentLanes(): SubagentLanesPlugin {
  return { open: (warn) => new SubagentLanes(warn) };
}

/**
 * The thread's subagent lanes, indexed so that each event costs O(1) in the thread's length: id →
 * lane, tool call id → the lanes it spawned, and the lanes no other lane spawned (`roots`). A lane's
 * message list is written when one of its messages is added or removed, never per delta.
 *
 * A lane comes into being with SUBAGENT_STARTED, or — status `unknown` — when a message names a
 * `subagentRunId` no SUBAGENT_STARTED announced: restored history or streamed content, silently
 * (AG-UI 1.1 lets a producer tag work it cannot report the lifecycle of). A later SUBAGENT_STARTED
 * fills such a lane in. Only a `parentSubagentRunId` no start announced is `SUBAGENT_UNANNOUNCED`.
 */
export class SubagentLanes implements ThreadLanes {
  readonly roots: Signal<readonly SubagentLaneImpl[]> = signal(EMPTY);
  readonly #byId = new Map<string, SubagentLaneImpl>();
  readonly #byToolCall = new Map<string, Signal<readonly SubagentLaneImpl[]>>();
  /** Lanes between their start and their end: the ones a run's abnormal end cuts off. */
  readonly #running = new Set<SubagentLaneImpl>();

  readonly #warn: WarningHandler;
  constructor(warn: WarningHandler) {
    this.#warn = warn;
  }

  lane(id: string): SubagentLaneImpl | undefined {
    return this.#byId.get(id);
  }

  /** Every lane, in the order they came into being. */
  all(): IterableIterator<SubagentLaneImpl> {
    return this.#byId.values();
  }

  /** The lanes tool call `toolCallId` spawned; the same signal for the same id, made on first ask. */
  spawnedBy(toolCallId: string): ReadonlySignal<readonly SubagentLane[]> {
    return this.#toolCallList(toolCallId);
  }

  // ---- lifecycle (the fold) ----

  started(event: Started): void {
    let lane = this.#byId.get(event.subagentRunId);
    if (lane === undefined) {
      lane = this.#create(event.subagentRunId, event.parentSubagentRunId, event);
    } else {
      const status = lane.status.peek();
      if (status === "running") {
        this.#say("SUBAGENT_RESTARTED", DEV ? `SUBAGENT_STARTED for subagent '${lane.id}', which is already running; the repeat changed nothing.` : "", event);
        return;
      }
      if (status === "succeeded" || status === "failed") {
        this.#say(
          "SUBAGENT_RESTARTED",
          DEV ? `SUBAGENT_STARTED for subagent '${lane.id}', which already ${status === "failed" ? "failed" : "finished"}: a subagentRunId names one invocation; the lane is reopened with its messages kept.` : "",
          event,
        );
      }
      // `unknown` (content came first) is filled in; `interrupted` resumes (AG-UI: a later run may continue it).
      lane.error.value = undefined;
      lane.result.value = undefined;
      lane.interruptIds.value = EMPTY;
      this.#reparent(lane, event.parentSubagentRunId, event);
    }
    lane.name.value = event.name;
    if (event.description !== undefined) lane.description.value = event.description;
    if (event.parentMessageId !== undefined) lane.parentMessageId.value = event.parentMessageId;
    const toolCallId = event.parentToolCallId;
    if (toolCallId !== undefined && lane.parentToolCallId.peek() !== toolCallId) {
      const previous = lane.parentToolCallId.peek();
      if (previous !== undefined) this.#drop(this.#toolCallList(previous), lane);
      lane.parentToolCallId.value = toolCallId;
      const list = this.#toolCallList(toolCallId);
      list.value = Object.freeze([...list.peek(), lane]);
    }
    lane.status.value = "running";
    this.#running.add(lane);
  }

  finished(event: Finished): void {
    const lane = this.#ending(event);
    if (lane === undefined) return;
    if (event.outcome?.type === "suspended") {
      lane.status.value = "interrupted";
      const ids = event.outcome.interruptIds;
      if (ids !== undefined && ids.length > 0) lane.interruptIds.value = Object.freeze([...ids]);
    } else {
      lane.status.value = "succeeded";
    }
    if (event.result !== undefined) lane.result.value = ownJson(event.result);
  }

  failed(event: Failed): void {
    const lane = this.#ending(event);
    if (lane === undefined) return;
    lane.error.value = Object.freeze(event.code === undefined ? { message: event.message } : { message: event.message, code: event.code });
    lane.status.value = "failed";
  }

  /**
   * An event attributed to `id` (its `subagentRunId`). O(1): one lookup. A name no SUBAGENT_STARTED
   * announced gets an `unknown` lane, without a warning: such attribution is legal.
   */
  attributed(id: string, event: unknown): void {
    if (this.#byId.has(id)) return;
    this.#create(id, undefined, event);
  }

  /** The run ended abnormally (RUN_ERROR, a stop, a rejected stream): running lanes are cut off. */
  cutOff(): void {
    for (const lane of this.#running) {
      lane.error.value = Object.freeze({ message: `The run ended before subagent '${lane.name.peek() ?? lane.id}' finished.`, cutOff: true });
      lane.status.value = "failed";
    }
    this.#running.clear();
  }

  /** An empty conversation: no lanes. */
  reset(): void {
    if (this.#byId.size === 0) return;
    this.#byId.clear();
    this.#running.clear();
    for (const list of this.#byToolCall.values()) list.value = EMPTY;
    this.roots.value = EMPTY;
  }

  // ---- membership (the thread's indexing) ----

  /** A message joined the thread (appended: it goes last in its lane). */
  messageAdded(node: MessageNodeImpl): void {
    const id = node.peekSubagentRunId();
    if (id === undefined) return;
    const lane = this.#byId.get(id) ?? this.#create(id, undefined, undefined);
    lane.list.value = Object.freeze([...lane.list.peek(), node]);
  }

  /** A message left the thread (a branch switch). */
  messageRemoved(node: MessageNodeImpl): void {
    const id = node.peekSubagentRunId();
    if (id === undefined) return;
    const lane = this.#byId.get(id);
    if (lane !== undefined) this.#drop(lane.list, node);
  }

  /** A message changed hands (a replacing ACTIVITY_SNAPSHOT re-attributes its activity). */
  messageMoved(node: MessageNodeImpl, from: string | undefined, thread: readonly MessageNodeImpl[]): void {
    if (from === node.peekSubagentRunId()) return;
    if (from !== undefined) {
      const old = this.#byId.get(from);
      if (old !== undefined) this.#drop(old.list, node);
    }
    this.messageAdded(node);
    this.resort(node, thread);
  }

  /** A message was inserted mid-thread: its lane's list is rebuilt in thread order (O(thread), as the insert). */
  resort(node: MessageNodeImpl, thread: readonly MessageNodeImpl[]): void {
    const id = node.peekSubagentRunId();
    const lane = id === undefined ? undefined : this.#byId.get(id);
    if (lane === undefined) return;
    lane.list.value = Object.freeze(thread.filter((each) => each.peekSubagentRunId() === id));
  }

  /**
   * The whole list was replaced (a snapshot, `setMessages`): every lane's messages are rebuilt from
   * it, and `unknown` lanes no message names any more go. O(thread), as the replacement.
   */
  rebuild(thread: readonly MessageNodeImpl[]): void {
    const lists = new Map<string, MessageNodeImpl[]>();
    for (const node of thread) {
      const id = node.peekSubagentRunId();
      if (id === undefined) continue;
      let list = lists.get(id);
      if (list === undefined) lists.set(id, (list = []));
      list.push(node);
    }
    for (const lane of [...this.#byId.values()]) {
      if (!lists.has(lane.id) && lane.status.peek() === "unknown" && lane.children.peek().length === 0) this.#remove(lane);
    }
    for (const [id, list] of lists) {
      const lane = this.#byId.get(id) ?? this.#create(id, undefined, undefined);
      const old = lane.list.peek();
      if (old.length !== list.length || list.some((node, i) => node !== old[i])) lane.list.value = Object.freeze(list);
    }
    for (const lane of this.#byId.values()) {
      if (!lists.has(lane.id) && lane.list.peek().length > 0) lane.list.value = EMPTY;
    }
  }

  /** Lanes as plain data, in the order they came into being. */
  snapshot(): SubagentSnapshot[] {
    return [...this.#byId.values()].map((lane) => lane.snapshot());
  }

  // ---- internals ----

  #create(id: string, parentId: string | undefined, event: unknown): SubagentLaneImpl {
    const lane = new SubagentLaneImpl(id);
    this.#byId.set(id, lane);
    this.#attach(lane, parentId, event);
    return lane;
  }

  /** Under its parent lane (an unannounced parent becomes an `unknown` lane), else at the root. */
  #attach(lane: SubagentLaneImpl, parentId: string | undefined, event: unknown): void {
    lane.parentSubagentRunId.value = parentId;
    if (parentId === undefined) {
      this.roots.value = Object.freeze([...this.roots.peek(), lane]);
      return;
    }
    if (!this.#byId.has(parentId)) {
      this.#say("SUBAGENT_UNANNOUNCED", DEV ? `${eventType(event)} names parent subagent '${parentId}', which no SUBAGENT_STARTED announced; it gets an 'unknown' lane.` : "", event);
      this.#create(parentId, undefined, event);
    }
    const parent = this.#byId.get(parentId)!;
    parent.children.value = Object.freeze([...parent.children.peek(), lane]);
  }

  #reparent(lane: SubagentLaneImpl, parentId: string | undefined, event: Started): void {
    const current = lane.parentSubagentRunId.peek();
    if (parentId === undefined || parentId === current || parentId === lane.id) return;
    this.#detach(lane);
    this.#attach(lane, parentId, event);
  }

  #detach(lane: SubagentLaneImpl): void {
    const parentId = lane.parentSubagentRunId.peek();
    const parent = parentId === undefined ? undefined : this.#byId.get(parentId);
    this.#drop(parent === undefined ? this.roots : parent.children, lane);
  }

  #remove(lane: SubagentLaneImpl): void {
    this.#detach(lane);
    this.#byId.delete(lane.id);
    this.#running.delete(lane);
  }

  /** The lane a SUBAGENT_FINISHED / SUBAGENT_ERROR ends; undefined (warned) when none is running. */
  #ending(event: Finished | Failed): SubagentLaneImpl | undefined {
    const lane = this.#byId.get(event.subagentRunId);
    const status = lane?.status.peek();
    if (lane === undefined || (status !== "running" && status !== "unknown")) {
      this.#say(
        "SUBAGENT_NOT_RUNNING",
        !DEV
          ? ""
          : lane === undefined
            ? `${event.type} for subagent '${event.subagentRunId}', which was never started; the event changed nothing.`
            : `${event.type} for subagent '${event.subagentRunId}', which is ${status}, not running; its first ending stands.`,
        event,
      );
      return undefined;
    }
    this.#running.delete(lane);
    return lane;
  }

  #toolCallList(toolCallId: string): Signal<readonly SubagentLaneImpl[]> {
    let list = this.#byToolCall.get(toolCallId);
    if (list === undefined) this.#byToolCall.set(toolCallId, (list = signal(EMPTY)));
    return list;
  }

  #drop<T>(list: Signal<readonly T[]>, item: T): void {
    const items = list.peek();
    const at = items.indexOf(item);
    if (at !== -1) list.value = Object.freeze([...items.slice(0, at), ...items.slice(at + 1)]);
  }

  #say(code: StageErrorCode<"fold">, message: string, event: unknown): void {
    this.#warn(event === undefined ? { code, message } : { code, message, event });
  }
}

function eventType(event: unknown): string {
  const type = (event as { type?: unknown } | null | undefined)?.type;
  return typeof type === "string" ? type : "A message";
}
