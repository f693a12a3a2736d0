import { DEV } from "esm-env";
import { subagentLanes } from "../model/subagents/subagent-lanes.js";
import type { AGUIEvent, Interrupt, Message } from "@ag-ui/core";
import { describeValue } from "../describe-value.js";
import { messageListProblem } from "../protocol/message-list.js";
import { FoldError } from "./errors.js";
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
  if (!Array.isArray(history)) return refusedHistory(init, DEV ? `messages must be an array of AG-UI messages, got ${describeValue(history)}` : "");
  const untouched = history.length === 0 ? undefined : UntouchedHistory.of(history);
  if (untouched === undefined) return fold(replayable(events), init, options, undefined) as FoldEventsResult;
  const source = replayable(events);
  // A second fold delivers the warnings of the replayed prefix again: those are skipped.
  let delivered = 0;
  let skip = 0;
  const onWarning = options.onWarning ?? warnToConsole;
  const counted: PipelineOptions = {
    ...options,
    onWarning: (warning: ThreadlineWarning) => {
      if (skip > 0) return void skip--;
      delivered++;
      onWarning(warning);
    },
  };
  let lazy: FoldEventsResult | typeof REACHED;
  try {
    lazy = fold(source, { state: init.state }, counted, untouched);
  } finally {
    untouched.release();
  }
  if (lazy === REACHED) {
    source.rewind();
    skip = delivered;
    return fold(source, init, counted, undefined) as FoldEventsResult;
  }
  return { ...lazy, messages: history.concat(lazy.messages) };
}

/** Nothing is folded onto a history that is not a list of AG-UI messages. */
function refusedHistory(init: FoldEventsInit, problem: string): FoldEventsResult {
  return {
    messages: [],
    state: init.state === undefined ? {} : init.state,
    pendingInterrupts: [],
    error: new FoldError("INVALID_HISTORY", DEV ? `foldEvents: init.${problem}; no event was folded.` : ""),
  };
}

/** Thrown out of the sink when an event reaches the history: the lazy attempt is abandoned. */
const REACHED: unique symbol = Symbol("history reached");

function fold(
  source: ReplayableEvents,
  init: FoldEventsInit,
  options: PipelineOptions,
  untouched: UntouchedHistory | undefined,
): FoldEventsResult | typeof REACHED {
  // The eager fold makes a node of every prior message: a history entry that is not one is named
  // in the result rather than failing inside a node (the lazy path holds no node, so it never needs this).
  const problem = untouched === undefined && init.messages !== undefined ? messageListProblem(init.messages) : undefined;
  if (problem !== undefined) return refusedHistory(init, problem);
  // With lanes, so the subagent lifecycle is checked (and warned about) as a chat with them would.
  const thread = new ThreadImpl({
    messages: init.messages,
    state: init.state,
    onWarning: options.onWarning,
    subagents: subagentLanes(),
  });
  const sink =
    untouched === undefined
      ? (event: AGUIEvent) => foldEvent(thread, event)
      : (event: AGUIEvent) => {
          if (untouched.reaches(event)) throw REACHED;
          foldEvent(thread, untouched.withoutHeld(event));
        };
  let error: ThreadlineError | undefined;
  try {
    // Inside the try: a refused option (`validation: "schema"` without `schemas`, a bad `legacy`)
    // is the result's error like any other, so foldEvents keeps its word and never throws.
    const pipeline = createPipeline(sink, options);
    for (let step = source.next(); step.done !== true; step = source.next()) pipeline.push(step.value);
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

interface ReplayableEvents {
  next(): IteratorResult<unknown>;
  rewind(): void;
  /** Folding stopped early: a generator gets to run its `finally`, as a `for…of` would let it. */
  close(): void;
}

/**
 * The caller's events, read once and kept, so a second fold can read them again from the start
 * (the iterable may be a generator). A fold that ends on an error in the iterator reads no
 * further, so only a completed prefix is ever replayed.
 */
function replayable(events: Iterable<unknown>): ReplayableEvents {
  const seen: unknown[] = [];
  let at = 0;
  let iterator: Iterator<unknown> | undefined;
  return {
    next() {
      if (at < seen.length) return { value: seen[at++] };
      const step = (iterator ??= events[Symbol.iterator]()).next();
      if (step.done !== true) at = seen.push(step.value);
      return step;
    },
    rewind: () => void (at = 0),
    close: () => void iterator?.return?.(),
  };
}
