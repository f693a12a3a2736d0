import { DEV } from "esm-env";
import { SourceFailedError } from "./errors.js";
import type { AgentSource, EventSink, RunEnd } from "./source.js";

/**
 * A source that replays given events: an array or any iterable (delivered synchronously, all in
 * one go) or an async iterable (delivered as it yields). Each `run` iterates `events` afresh, so
 * an array replays every time while a one-shot generator is spent after the first run.
 */
export function fromEvents(events: Iterable<unknown> | AsyncIterable<unknown>): AgentSource {
  return {
    run: (_input, sink) =>
      isAsyncIterable(events)
        ? replayAsync(events[Symbol.asyncIterator](), sink)
        : replay(events, sink),
  };
}

async function replay(events: Iterable<unknown>, sink: EventSink): Promise<RunEnd> {
  const { signal } = sink;
  let sinkFailure: { error: unknown } | undefined;
  try {
    // Leaving the loop early (abort, throwing sink) calls the iterator's `return()`.
    for (const event of events) {
      if (signal.aborted) break;
      try {
        sink.onEvent(event);
      } catch (error) {
        sinkFailure = { error };
        break;
      }
    }
  } catch (error) {
    throw new SourceFailedError(DEV ? "The event iterable" : "", error);
  }
  if (sinkFailure) throw sinkFailure.error;
  return signal.aborted ? "aborted" : "completed";
}

async function replayAsync(iterator: AsyncIterator<unknown>, sink: EventSink): Promise<RunEnd> {
  const { signal } = sink;
  if (signal.aborted) return "aborted";
  // An abort must end the run even while the iterable is waiting for its next event, so each
  // wait can be woken by the abort. The waker is replaced per wait rather than racing every
  // next() against one long-lived abort promise: each race would leave a reaction on that
  // promise, kept alive until the run ends (memory growing with the stream's length).
  let wake: ((step: "aborted") => void) | undefined;
  const onAbort = (): void => wake?.("aborted");
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      // Aborted between waits (by the sink itself, say): no wait is there to be woken.
      if (signal.aborted) {
        close(iterator);
        return "aborted";
      }
      let step: IteratorResult<unknown> | "aborted";
      try {
        step = await new Promise<IteratorResult<unknown> | "aborted">((resolve, reject) => {
          wake = resolve;
          iterator.next().then(resolve, reject);
        });
      } catch (error) {
        if (signal.aborted) return "aborted";
        throw new SourceFailedError(DEV ? "The async event iterable" : "", error);
      } finally {
        wake = undefined;
      }
      if (step === "aborted" || signal.aborted) {
        close(iterator);
        return "aborted";
      }
      if (step.done) return "completed";
      try {
        sink.onEvent(step.value);
      } catch (error) {
        close(iterator);
        throw error;
      }
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** Lets the iterable run its `finally` blocks; not awaited, and its failure is not ours. */
function close(iterator: AsyncIterator<unknown>): void {
  if (typeof iterator.return !== "function") return;
  try {
    Promise.resolve(iterator.return()).catch(() => undefined);
  } catch {
    // A synchronous throw from return() is equally not ours.
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function"
  );
}
