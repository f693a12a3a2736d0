import { DEV } from "esm-env";
import { ThreadlineError } from "../errors.js";
import type { RunAgentInput } from "../protocol/events.js";
import { MiddlewareError } from "./errors.js";
import { Stream, type EventStream, type EventTransform } from "./event-stream.js";

/**
 * Middleware wraps a run (seed 001 §2.4): it sees the input on its way to the agent and the events
 * on their way back, and may change, drop or add either — or not call the agent at all.
 *
 * Why this shape: the reference hands middleware an rxjs Observable. Here `next(input)` returns an
 * `EventStream` that delivers synchronously into a sink, so wrapping costs a function call per
 * event per layer — no rxjs, no promise, no allocation on the event path — while the whole-run
 * power stays: a middleware decides whether and with what input to call `next`, and may return
 * any stream (`createEventStream`) instead.
 *
 * Two forms:
 * - a function `(input, next) => next(input).map(...)` — full control;
 * - an object with optional hooks, for the common per-event case: `prepareInput(input)` (return
 *   the input to send), `onRunStart(input)` (per-run setup), `onEvent(event, emit)` and
 *   `onRunEnd(emit)` (see `EventTransform`). Hooks are called as methods, so `this` works.
 *
 * The first middleware in the list is the outermost: it sees the input first and the events last.
 * Middleware runs on `connect()` too (spec 1.1 requires the same processing on every path; the
 * 1.0.0 reference skips it there).
 */
export type MiddlewareFunction = (input: RunAgentInput, next: (input: RunAgentInput) => EventStream) => EventStream;

export interface MiddlewareObject extends EventTransform {
  /** Used in error messages. */
  readonly name?: string;
  /** The input to send on (the given one is frozen: return a changed copy). */
  prepareInput?(input: RunAgentInput): RunAgentInput;
  /** Called when the run's stream opens, before its first event. */
  onRunStart?(input: RunAgentInput): void;
}

export type Middleware = MiddlewareFunction | MiddlewareObject;

/** Builds `input → stream` for a chain, around the innermost `source` (the agent itself). */
export function composeMiddleware(
  chain: readonly Middleware[],
  source: (input: RunAgentInput) => EventStream,
): (input: RunAgentInput) => EventStream {
  let next = source;
  for (let i = chain.length - 1; i >= 0; i--) {
    const middleware = chain[i] as Middleware;
    const label = labelOf(middleware, i);
    const inner = next;
    // Streams handed to this middleware carry its label, so the code it maps them with is blamed
    // on it when it throws.
    const nextForThis = (input: RunAgentInput): EventStream => {
      const stream = inner(input);
      return new Stream((sink) => stream.open(sink), label);
    };
    next = (input) => invoke(middleware, label, input, nextForThis);
  }
  return next;
}

function invoke(
  middleware: Middleware,
  label: string,
  input: RunAgentInput,
  next: (input: RunAgentInput) => EventStream,
): EventStream {
  if (typeof middleware === "function") {
    const stream = attempt(label, "its function", () => middleware(input, next));
    if (typeof (stream as Partial<EventStream> | null)?.open !== "function") {
      throw new MiddlewareError(label, "its function", new TypeError(DEV ? "it must return an EventStream (next(input), or createEventStream(...))" : ""));
    }
    return guarded(stream, label);
  }
  const sent =
    middleware.prepareInput === undefined ? input : attempt(label, "prepareInput", () => middleware.prepareInput?.(input));
  if (typeof sent !== "object" || sent === null) {
    throw new MiddlewareError(label, "prepareInput", new TypeError(DEV ? "it must return a RunAgentInput object" : ""));
  }
  return new Stream((sink) => {
    if (middleware.onRunStart !== undefined) attempt(label, "onRunStart", () => middleware.onRunStart?.(sent));
    const inner = next(sent);
    return (middleware.onEvent === undefined && middleware.onRunEnd === undefined ? inner : inner.transform(middleware)).open(sink);
  }, label);
}

/** A stream the middleware built: a failure of its own `open` is the middleware's. */
function guarded(stream: EventStream, label: string): EventStream {
  return new Stream(
    (sink) =>
      stream.open(sink).catch((error: unknown) => {
        throw error instanceof ThreadlineError ? error : new MiddlewareError(label, "its stream", error);
      }),
    label,
  );
}

function attempt<T>(label: string, where: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw error instanceof ThreadlineError ? error : new MiddlewareError(label, where, error);
  }
}

function labelOf(middleware: Middleware, index: number): string {
  const name = typeof middleware === "function" ? middleware.name : middleware.name;
  return name ? `'${name}'` : `#${index}`;
}
