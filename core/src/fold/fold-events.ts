import type { AGUIEvent, Interrupt, Message } from "@ag-ui/core";
import { ThreadlineError, warnToConsole, type ThreadlineWarning } from "../errors.js";
import { createPipeline, type PipelineOptions } from "../pipeline/index.js";
import { ThreadImpl } from "../model/thread.js";
import { foldEvent } from "./fold-event.js";
import { UntouchedHistory } from "./untouched-history.js";

export interface FoldEventsInit {
  readonly messages?: readonly Message[];
  /** Default `{}`, as @ag-ui/client. */
  readonly state?: unknown;
}

export interface FoldEventsResult {
  readonly messages: Message[];
  readonly state: unknown;
  readonly pendingInterrupts: readonly Interrupt[];
  /**
   * Why folding stopped early: a `ProtocolError` (the stream broke a rule, or ended
   * without a terminal event), or a `FoldError`. Everything before it is in the result.
   */
  readonly error?: ThreadlineError;
}

/**
 * Pure and synchronous: raw events (untrusted, any AG-UI version) → validation, THINKING
 * translation, chunk expansion, order verification → fold → AG-UI messages and state, exactly as
 * @ag-ui/client would hold them. Never throws.
 *
 * Prior messages no event reaches are returned as they were given (the same objects), and cost
 * no node: see UntouchedHistory. The first event that could reach one makes the call fold again
 * from the start with the whole history as nodes, so the result is the same either way.
 */
export function foldEvents(
  events: Iterable<unknown>,
  init: FoldEventsInit = {},
  options: PipelineOptions = {},
): FoldEventsResult {
  const history = init.messages ?? [];
  const untouched = history.length === 0 ? undefined : UntouchedHistory.of(history);
  const source = new ReplayableEvents(events);
  if (untouched !== undefined) {
    let warned = 0;
    const onWarning = options.onWarning ?? warnToConsole;
    const counting: PipelineOptions = {
      ...options,
      onWarning: (warning: ThreadlineWarning) => {
        warned++;
        onWarning(warning);
      },
    };
    const lazy = fold(source, { state: init.state }, counting, untouched);
    if (lazy !== REACHED) {
      const messages = new Array<Message>(history.length + lazy.messages.length);
      for (let i = 0; i < history.length; i++) messages[i] = history[i]!;
      for (let i = 0; i < lazy.messages.length; i++) messages[history.length + i] = lazy.messages[i]!;
      return { ...lazy, messages };
    }
    // The warnings already delivered come again, in the same order, from the replayed prefix.
    source.rewind();
    let skip = warned;
    const replay: PipelineOptions = {
      ...options,
      onWarning: (warning: ThreadlineWarning) => {
        if (skip > 0) skip--;
        else onWarning(warning);
      },
    };
    return fold(source, init, replay, undefined) as FoldEventsResult;
  }
  return fold(source, init, options, undefined) as FoldEventsResult;
}

/** Thrown out of the sink when an event reaches the history: the lazy attempt is abandoned. */
const REACHED: unique symbol = Symbol("history reached");

function fold(
  source: ReplayableEvents,
  init: FoldEventsInit,
  options: PipelineOptions,
  untouched: UntouchedHistory | undefined,
): FoldEventsResult | typeof REACHED {
  const thread = new ThreadImpl({
    messages: init.messages,
    state: init.state,
    onWarning: options.onWarning,
  });
  const sink =
    untouched === undefined
      ? (event: AGUIEvent) => foldEvent(thread, event)
      : (event: AGUIEvent) => {
          if (untouched.reaches(event) || (event.type === "CUSTOM" && thread.hub.claimOf(event.name) !== undefined)) throw REACHED;
          foldEvent(thread, untouched.withoutHeld(event));
        };
  const pipeline = createPipeline(sink, options);
  let error: ThreadlineError | undefined;
  try {
    for (let raw = source.next(); raw !== DONE; raw = source.next()) pipeline.push(raw);
    pipeline.end();
  } catch (thrown) {
    if (thrown === REACHED) return REACHED;
    source.close();
    error = ThreadlineError.from(thrown, "foldEvents");
    thread.fail(error);
  }
  const result = {
    messages: thread.toMessages(),
    state: thread.state.peek(),
    pendingInterrupts: thread.pendingInterrupts.peek(),
  };
  return error === undefined ? result : { ...result, error };
}

const DONE: unique symbol = Symbol("done");

/**
 * The caller's events, read once, and kept so a second fold can read them again from the start
 * (the iterable may be a generator). An iterator that throws is part of the stream: the throw is
 * kept and thrown again at the same place on the second reading.
 */
class ReplayableEvents {
  private readonly seen: unknown[] = [];
  private at = 0;
  private iterator: Iterator<unknown> | undefined;
  private failure: { error: unknown } | undefined;
  private done = false;

  constructor(private readonly events: Iterable<unknown>) {}

  next(): unknown {
    if (this.at < this.seen.length) return this.seen[this.at++];
    if (this.failure !== undefined) throw this.failure.error;
    if (this.done) return DONE;
    try {
      this.iterator ??= this.events[Symbol.iterator]();
      const step = this.iterator.next();
      if (step.done === true) {
        this.done = true;
        return DONE;
      }
      this.seen.push(step.value);
      this.at++;
      return step.value;
    } catch (error) {
      this.failure = { error };
      throw error;
    }
  }

  rewind(): void {
    this.at = 0;
  }

  /** Folding stopped early: a generator gets to run its `finally`, as a `for…of` would let it. */
  close(): void {
    if (this.failure === undefined && !this.done) this.iterator?.return?.();
  }
}
