import { DEV } from "esm-env";
import { ThreadlineError, type ThreadlineWarning } from "../errors.js";
import { foldEvent } from "../fold/fold-event.js";
import { makeThread } from "../fold/make-thread.js";
import type { GenerativeUiPlugin } from "../model/components/plugin.js";
import type { ThreadImpl } from "../model/thread.js";
import type { Thread } from "../model/types.js";
import type { AGUIEvent } from "../protocol/events.js";
import { createPipeline, type Pipeline } from "../pipeline/index.js";

/** How a sandbox thread is made: the options that change what the fold builds from the same events. */
export interface SandboxOptions {
  /** Generative UI (`generativeUi({ registry, tambo })`), as on the recorded thread. */
  readonly components?: GenerativeUiPlugin;
}

/** The sandbox options that rebuild `thread` faithfully: its generative-UI plug-in. */
export function sandboxOptionsOf(thread: ThreadImpl): SandboxOptions {
  const components = thread.componentsPlugin;
  return components === undefined ? {} : { components };
}

/**
 * Events folded into a fresh thread that nothing else holds: the same pipeline (validation, chunk
 * expansion, order checks) and the same fold as a live run, so a prefix of a recording gives the
 * thread exactly as it was after that prefix. It never throws: a stream that breaks a rule stops
 * the replay there (`error`), with everything before it folded. Warnings are kept, not printed.
 */
export class Replay {
  readonly thread: Thread;
  readonly warnings: ThreadlineWarning[] = [];
  readonly #impl: ThreadImpl;
  readonly #push: (event: unknown) => void;
  readonly #pipeline: Pipeline | undefined;
  #folded = 0;
  #failure: ThreadlineError | undefined;

  /**
   * `verified`: the events already came out of a pipeline (a recorder's own, folded once live), so
   * they go straight to the fold. Anything from outside (a fixture) goes through the pipeline.
   */
  constructor(options: SandboxOptions = {}, verified = false) {
    const onWarning = (warning: ThreadlineWarning): void => {
      this.warnings.push(warning);
    };
    this.#impl = makeThread({ ...options, onWarning });
    this.thread = this.#impl;
    if (verified) {
      this.#pipeline = undefined;
      this.#push = (event) => foldEvent(this.#impl, event as AGUIEvent);
    } else {
      const pipeline = createPipeline((event) => foldEvent(this.#impl, event), { onWarning });
      this.#pipeline = pipeline;
      this.#push = (event) => pipeline.push(event);
    }
  }

  /** How many events have been pushed (including one that failed). */
  get count(): number {
    return this.#folded;
  }

  /** Why the replay stopped, if it did. */
  get error(): ThreadlineError | undefined {
    return this.#failure;
  }

  /** Folds more events, in order; after a failure the rest are ignored. */
  fold(events: Iterable<unknown>): this {
    for (const event of events) {
      if (this.#failure !== undefined) break;
      this.#folded++;
      this.#guard(() => this.#push(event));
    }
    return this;
  }

  /** The stream ended: a run left open fails the replay (`TRUNCATED_RUN`), as in a live run. */
  finish(): this {
    const pipeline = this.#pipeline;
    if (this.#failure === undefined && pipeline !== undefined) this.#guard(() => pipeline.end());
    return this;
  }

  #guard(step: () => void): void {
    try {
      step();
    } catch (thrown) {
      this.#failure =
        thrown instanceof ThreadlineError
          ? thrown
          : new ThreadlineError("INTERNAL_ERROR", DEV ? `The replay failed unexpectedly: ${String(thrown)}` : "", { cause: thrown });
      this.#impl.fail(this.#failure);
    }
  }
}

/** Time travel: the thread after the first `n` events, in a fresh sandbox (the stream left open). */
export function threadAt(events: readonly unknown[], n: number, options?: SandboxOptions): Replay {
  return new Replay(options).fold(events.slice(0, Math.max(0, Math.min(n, events.length))));
}

/** Replays a whole recording (or fixture) into a sandbox thread, as a finished stream. */
export function replayEvents(events: Iterable<unknown>, options?: SandboxOptions): Replay {
  return new Replay(options).fold(events).finish();
}

/**
 * Scrubbing: the thread at event `n`, folding forward from the last position when `n` moves
 * forward (O(the events in between)) and starting a fresh sandbox only when it moves back. A
 * replay stopped by a broken event stays stopped there for every later `n`.
 */
export class TimeTravel {
  #replay: Replay | undefined;

  readonly #options: SandboxOptions;
  constructor(options: SandboxOptions = {}) {
    this.#options = options;
  }

  at(events: readonly unknown[], n: number): Replay {
    const target = Math.max(0, Math.min(n, events.length));
    if (this.#replay === undefined || this.#replay.count > target) {
      this.#replay = new Replay(this.#options);
    }
    if (this.#replay.count < target) this.#replay.fold(events.slice(this.#replay.count, target));
    return this.#replay;
  }

  /** The recording changed under the cursor (cleared, evicted, imported): start afresh next time. */
  reset(): void {
    this.#replay = undefined;
  }
}
