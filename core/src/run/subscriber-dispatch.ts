import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import type { ThreadlineError } from "../errors.js";
import { deepFreeze, ownJson } from "../json/json-value.js";
import type { ThreadImpl } from "../model/thread.js";
import type { AGUIEvent, Message, RunAgentInput } from "../protocol/events.js";
import { SubscriberError } from "./loop-errors.js";
import type { RunResult } from "./result.js";
import {
  eventHookName,
  type EventView,
  type FailedView,
  type FinalizedView,
  type HookMutation,
  type LifecycleHook,
  type RunSubscriber,
  type RunView,
} from "./subscriber.js";
import { replaceState } from "./replace-state.js";
import { checkMessages, replaceMessages } from "./thread-writes.js";

const UNSET = Symbol("unset");

/**
 * Frozen copies of the thread for hooks, built only when a hook reads them. The reference
 * deep-clones the whole thread per subscriber per event (ag-ui#883, #1644); here a hook that does
 * not read `messages` or `state` costs nothing, and one that does costs one copy per change, shared
 * by every hook: the messages copy is reused across events until the thread's `messagesRevision`
 * (or its list) moves, the state copy until the state changes.
 */
class Snapshots {
  #stateSource: unknown = UNSET;
  #stateCopy: unknown;
  #messagesRevision = -1;
  #messagesList: unknown = UNSET;
  #messagesCopy: readonly Message[] = [];

  readonly #thread: ThreadImpl;
  constructor(thread: ThreadImpl) {
    this.#thread = thread;
  }

  /** The model keeps its state unfrozen (fast patching), so hooks get a frozen copy. */
  state(): unknown {
    const current = this.#thread.state.peek();
    if (current !== this.#stateSource) {
      this.#stateSource = current;
      this.#stateCopy = ownJson(current);
    }
    return this.#stateCopy;
  }

  messages(): readonly Message[] {
    const { messagesRevision } = this.#thread;
    const list = this.#thread.list.peek();
    if (messagesRevision !== this.#messagesRevision || list !== this.#messagesList) {
      this.#messagesRevision = messagesRevision;
      this.#messagesList = list;
      this.#messagesCopy = ownJson(this.#thread.toMessages());
    }
    return this.#messagesCopy;
  }
}

/** What hooks receive; a mutation earlier in the chain is what later hooks see. */
class View implements RunView {
  #built: readonly Message[] | undefined;
  mutatedMessages: readonly Message[] | undefined = undefined;
  mutatedState: unknown = UNSET;

  readonly #snapshots: Snapshots;
  constructor(
    readonly input: RunAgentInput,
    snapshots: Snapshots,
    readonly thread: ThreadImpl,
  ) {
    this.#snapshots = snapshots;
  }

  get messages(): readonly Message[] {
    if (this.mutatedMessages !== undefined) return this.mutatedMessages;
    return (this.#built ??= this.#snapshots.messages());
  }

  get state(): unknown {
    return this.mutatedState === UNSET ? this.#snapshots.state() : this.mutatedState;
  }
}

class EventViewImpl extends View implements EventView {
  constructor(input: RunAgentInput, snapshots: Snapshots, thread: ThreadImpl, readonly event: AGUIEvent) {
    super(input, snapshots, thread);
  }
}

class FailedViewImpl extends View implements FailedView {
  constructor(input: RunAgentInput, snapshots: Snapshots, thread: ThreadImpl, readonly error: ThreadlineError) {
    super(input, snapshots, thread);
  }
}

class FinalizedViewImpl extends View implements FinalizedView {
  constructor(input: RunAgentInput, snapshots: Snapshots, thread: ThreadImpl, readonly result: RunResult) {
    super(input, snapshots, thread);
  }
}

type Hook = (this: RunSubscriber, view: View) => unknown;

/**
 * Calls one run's subscribers (the list in force when the run started). With no subscriber, or
 * none with a hook for an event, an event costs one loop over the list and nothing is frozen.
 */
export class SubscriberDispatch {
  readonly #snapshots: Snapshots;

  readonly #subscribers: readonly RunSubscriber[];
  readonly #thread: ThreadImpl;
  readonly #report: (error: SubscriberError) => void;
  constructor(
    subscribers: readonly RunSubscriber[],
    thread: ThreadImpl,
    public input: RunAgentInput,
    report: (error: SubscriberError) => void,
  ) {
    this.#subscribers = subscribers;
    this.#thread = thread;
    this.#report = report;
    this.#snapshots = new Snapshots(thread);
  }

  /** Every hook for one verified event, then their mutations. True: skip the default fold. */
  event(event: AGUIEvent): boolean {
    if (this.#subscribers.length === 0) return false;
    const specificName = eventHookName(event.type);
    let view: EventViewImpl | undefined;
    let stopped = false;
    for (const subscriber of this.#subscribers) {
      const hooks = subscriber as unknown as Record<string, Hook | undefined>;
      const generic = hooks.onEvent;
      const specific = hooks[specificName];
      if (generic === undefined && specific === undefined) continue;
      // The event is frozen in place, once, when a hook is about to see it (O(event), never O(thread)).
      view ??= new EventViewImpl(this.input, this.#snapshots, this.#thread, deepFreeze(event));
      if (generic !== undefined && this.#call(subscriber, "onEvent", generic, view, true)) {
        stopped = true;
        break;
      }
      if (specific !== undefined && this.#call(subscriber, specificName, specific, view, true)) {
        stopped = true;
        break;
      }
    }
    if (view !== undefined) this.#apply(view);
    return stopped;
  }

  /** A lifecycle hook on every subscriber; their mutations are applied. */
  lifecycle(hook: "onRunInitialized"): void;
  lifecycle(hook: "onRunFailed", error: ThreadlineError): void;
  lifecycle(hook: "onRunFinalized", result: RunResult): void;
  lifecycle(hook: LifecycleHook, extra?: ThreadlineError | RunResult): void {
    let view: View | undefined;
    for (const subscriber of this.#subscribers) {
      const fn = (subscriber as unknown as Record<string, Hook | undefined>)[hook];
      if (fn === undefined) continue;
      view ??=
        hook === "onRunFailed"
          ? new FailedViewImpl(this.input, this.#snapshots, this.#thread, extra as ThreadlineError)
          : hook === "onRunFinalized"
            ? new FinalizedViewImpl(this.input, this.#snapshots, this.#thread, extra as RunResult)
            : new View(this.input, this.#snapshots, this.#thread);
      this.#call(subscriber, hook, fn, view, false);
    }
    if (view !== undefined) this.#apply(view);
  }

  /** Calls one hook; records its mutation on the view. True when it asked to stop propagation. */
  #call(subscriber: RunSubscriber, name: string, fn: Hook, view: View, canStop: boolean): boolean {
    let result: unknown;
    try {
      result = fn.call(subscriber, view);
    } catch (error) {
      this.#report(new SubscriberError(name, DEV ? `threw: ${describeValue(error)}` : "", error));
      return false;
    }
    if (result === undefined || result === null) return false;
    if (typeof result !== "object") {
      this.#report(new SubscriberError(name, DEV ? `returned ${typeof result}; a hook returns nothing or { messages?, state?, stopPropagation? }.` : ""));
      return false;
    }
    if (typeof (result as { then?: unknown }).then === "function") {
      this.#report(new SubscriberError(name, DEV ? "returned a promise: hooks are synchronous, so what it resolves to is ignored." : ""));
      (result as PromiseLike<unknown>).then(undefined, (error: unknown) =>
        this.#report(new SubscriberError(name, DEV ? `rejected: ${describeValue(error)}` : "", error)),
      );
      return false;
    }
    const mutation = result as HookMutation;
    // A part that cannot be taken (not messages, or circular) is reported and ignored; the run goes on.
    if (mutation.messages !== undefined) {
      try {
        view.mutatedMessages = ownJson(checkMessages(mutation.messages, `${name}'s mutation`), "messages");
      } catch (error) {
        this.#report(new SubscriberError(name, DEV ? `returned a mutation whose messages were ignored: ${describeValue(error)}` : "", error));
      }
    }
    if (mutation.state !== undefined) {
      try {
        view.mutatedState = ownJson(mutation.state, "state");
      } catch (error) {
        this.#report(new SubscriberError(name, DEV ? `returned a mutation whose state was ignored: ${describeValue(error)}` : "", error));
      }
    }
    return canStop && mutation.stopPropagation === true;
  }

  #apply(view: View): void {
    if (view.mutatedMessages !== undefined) replaceMessages(this.#thread, view.mutatedMessages);
    if (view.mutatedState !== UNSET) replaceState(this.#thread, view.mutatedState);
  }
}
