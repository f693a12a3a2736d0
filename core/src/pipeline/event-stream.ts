import { ThreadlineError, type WarningHandler } from "../errors.js";
import type { IncomingEvent } from "../protocol/legacy-events.js";
import type { RunEnd } from "../transport/source.js";
import { MiddlewareError } from "./errors.js";

/**
 * An event as middleware sees it: what the source decoded, before validation, chunk expansion and
 * order checks (spec 1.1 processing order: producer → middleware → enforcement → chunks → verify).
 * Only `type` is guaranteed to be a string; every other field is as the agent sent it, and the
 * pipeline judges whatever middleware passes on. `*_CHUNK` and legacy `THINKING_*` events appear
 * as sent.
 */
export type MiddlewareEvent = IncomingEvent;

export type Emit = (event: MiddlewareEvent) => void;

/** Where a stream delivers its events. Like the transport's `EventSink`, but typed. */
export interface StreamSink {
  readonly signal: AbortSignal;
  onEvent(event: MiddlewareEvent): void;
  onWarning?: WarningHandler;
}

/**
 * Per-event hooks over a stream. `onEvent` passes on whatever it `emit`s: the event itself, a
 * changed copy, nothing (a filter) or several (an injection); absent, events pass unchanged.
 * `onRunEnd` runs once when the inner stream completed cleanly (not aborted, not failed), and may
 * still emit before the pipeline checks that the run ended properly.
 */
export interface EventTransform {
  onEvent?(event: MiddlewareEvent, emit: Emit): void;
  onRunEnd?(emit: Emit): void;
}

/**
 * One run's events, not flowing yet: `open(sink)` starts them and resolves how the stream ended.
 * Delivery is synchronous (no promise per event), so `map` and `transform` cost one function
 * call per event per layer. Open a stream once.
 */
export interface EventStream {
  open(sink: StreamSink): Promise<RunEnd>;
  /** Each event replaced by what `fn` returns: an event, several, or `null`/`undefined` to drop it. */
  map(fn: (event: MiddlewareEvent) => MiddlewareEvent | readonly MiddlewareEvent[] | null | undefined): EventStream;
  transform(transform: EventTransform): EventStream;
}

/**
 * A stream from scratch (a middleware that answers from a cache, replays a recording, or never
 * calls the agent). `open` must deliver to `sink.onEvent` and settle when done; it should stop
 * when `sink.signal` aborts.
 */
export function createEventStream(open: (sink: StreamSink) => Promise<RunEnd>): EventStream {
  return new Stream(open, undefined);
}

/**
 * `label` names the middleware that maps or transforms this stream, so an exception its code
 * throws is reported as that middleware's (`MiddlewareError`), while an exception thrown further
 * down (a protocol violation found by the pipeline) passes through untouched.
 */
export class Stream implements EventStream {
  readonly #start: (sink: StreamSink) => Promise<RunEnd>;
  constructor(
    start: (sink: StreamSink) => Promise<RunEnd>,
    readonly label: string | undefined,
  ) {
    this.#start = start;
  }

  open(sink: StreamSink): Promise<RunEnd> {
    try {
      return this.#start(sink);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  map(fn: (event: MiddlewareEvent) => MiddlewareEvent | readonly MiddlewareEvent[] | null | undefined): EventStream {
    return this.transform({
      onEvent(event, emit) {
        const out = fn(event);
        if (out === null || out === undefined) return;
        if (Array.isArray(out)) for (const one of out as readonly MiddlewareEvent[]) emit(one);
        else emit(out as MiddlewareEvent);
      },
    });
  }

  transform(transform: EventTransform): EventStream {
    const label = this.label ?? "(unnamed stream)";
    return new Stream((sink) => {
      // Set when an error comes from downstream through `emit`, so it is not blamed on this layer.
      let passing: unknown = NOT_SET;
      const emit: Emit = (event) => {
        try {
          sink.onEvent(event);
        } catch (error) {
          passing = error;
          throw error;
        }
      };
      const blame = (error: unknown, where: string): unknown =>
        error === passing || error instanceof ThreadlineError ? error : new MiddlewareError(label, where, error);
      const onEvent =
        transform.onEvent === undefined
          ? emit
          : (event: MiddlewareEvent): void => {
              try {
                transform.onEvent?.(event, emit);
              } catch (error) {
                throw blame(error, "onEvent");
              }
            };
      return this.open({ signal: sink.signal, onWarning: sink.onWarning, onEvent }).then((end) => {
        if (end === "completed" && transform.onRunEnd !== undefined) {
          try {
            transform.onRunEnd(emit);
          } catch (error) {
            throw blame(error, "onRunEnd");
          }
        }
        return end;
      });
    }, this.label);
  }
}

const NOT_SET = Symbol("not set");
