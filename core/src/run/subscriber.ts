import type { ThreadlineError } from "../errors.js";
import type { Thread } from "../model/types.js";
import type { AGUIEvent, EventType, Message, RunAgentInput } from "../protocol/events.js";
import type { RunResult } from "./result.js";

/**
 * What a hook may return. `messages` replaces the thread's messages and `state` its state, before
 * the event is folded; later subscribers of the same event see the change. `stopPropagation`
 * skips the remaining subscribers and the default fold of this event (an event hook only).
 * Returning nothing changes nothing.
 */
export interface HookMutation {
  readonly messages?: readonly Message[];
  readonly state?: unknown;
  readonly stopPropagation?: boolean;
}

export type HookResult = HookMutation | void | undefined;

/**
 * What every hook receives. All of it is frozen: changing the thread goes through the returned
 * mutation. `messages` is built on first read (O(thread), once per event however many hooks read
 * it) — read the `thread`'s signals instead in hooks that run per token.
 */
export interface RunView {
  /** The run's input as sent by the loop (before middleware). */
  readonly input: RunAgentInput;
  /** The live signal graph (read-only). */
  readonly thread: Thread;
  /** The thread's messages as AG-UI messages, as they are before this event is folded. */
  readonly messages: readonly Message[];
  /** The thread's state before this event is folded. */
  readonly state: unknown;
}

export interface EventView<E extends AGUIEvent = AGUIEvent> extends RunView {
  /** The verified event, frozen. */
  readonly event: E;
}

export interface FailedView extends RunView {
  readonly error: ThreadlineError;
}

export interface FinalizedView extends RunView {
  readonly result: RunResult;
}

/** `TEXT_MESSAGE_CONTENT` → `TextMessageContent`. */
type Pascal<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Capitalize<Lowercase<Head>>}${Pascal<Tail>}`
  : Capitalize<Lowercase<S>>;

/** The hook named after an event type: `TEXT_MESSAGE_CONTENT` → `onTextMessageContent`. */
export type EventHookName<T extends string> = `on${Pascal<T>}`;

/** What subscribers see: `*_CHUNK` events arrive expanded into START / CONTENT / END. */
export type SubscribedEvent = Exclude<AGUIEvent, { type: ChunkType }>;
type ChunkType = EventType.TEXT_MESSAGE_CHUNK | EventType.TOOL_CALL_CHUNK | EventType.REASONING_MESSAGE_CHUNK;

/** One optional hook per event type, each typed by its event. */
export type EventHooks = {
  [E in SubscribedEvent as EventHookName<`${E["type"]}`>]?: (view: EventView<E>) => HookResult;
};

/**
 * Listens to runs and may change what they do. Hooks are synchronous and are called in
 * subscription order; one that throws (or returns a promise) is reported through the loop's
 * `onError` and the run carries on.
 *
 * Per event: `onEvent`, then the event's own hook (`onTextMessageContent`…), then the next
 * subscriber; then the fold. Lifecycle: `onRunInitialized` (before the request: a mutation
 * changes the messages and state that are sent), the RUN_STARTED / RUN_FINISHED / RUN_ERROR event
 * hooks, `onRunFailed` (any failed run: RUN_ERROR, HTTP, protocol…), and `onRunFinalized` for
 * every run that started, whatever its end.
 */
export interface RunSubscriber extends EventHooks {
  onRunInitialized?(view: RunView): HookResult;
  onEvent?(view: EventView): HookResult;
  onRunFailed?(view: FailedView): HookResult;
  onRunFinalized?(view: FinalizedView): HookResult;
}

export type LifecycleHook = "onRunInitialized" | "onRunFailed" | "onRunFinalized";

const hookNames = new Map<string, string>();

/** `TEXT_MESSAGE_CONTENT` → `onTextMessageContent`, computed once per type. */
export function eventHookName(type: string): string {
  let name = hookNames.get(type);
  if (name === undefined) {
    name = `on${type
      .split("_")
      .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
      .join("")}`;
    hookNames.set(type, name);
  }
  return name;
}
