/**
 * Reconnecting to a run after a dropped connection. A server announces that it can (it numbers
 * its events `id: <runId>:<seq>` and answers `Last-Event-ID`) with this response header; against
 * any other server nothing here applies.
 */
export const RESUME_HEADER = "x-threadline-resume";
export const RESUME_PROTOCOL = "1";
/** The run a resumable response streams (a connect names the run it replays). */
export const RUN_ID_HEADER = "x-threadline-run-id";

export interface ReconnectOptions {
  /** Reconnects tried in a row without an event arriving before the run fails. Default 5. */
  attempts?: number;
  /** The first wait (ms); it doubles with each attempt. Default 250. */
  baseDelayMs?: number;
  /** The longest wait (ms). Default 5,000. */
  maxDelayMs?: number;
  /** Source of jitter in [0, 1) (tests pass a seeded one). Default Math.random. */
  random?: () => number;
}

/** What a sink is told when a dropped connection is being retried. */
export interface ReconnectAttempt {
  /** 1 for the first retry since events last arrived. */
  readonly attempt: number;
  readonly attempts: number;
  /** How long the wait before this attempt is (ms). */
  readonly delayMs: number;
  /** The SSE id of the last event received: the resume point. */
  readonly lastEventId: string;
  /** Why the connection is being retried. */
  readonly cause: unknown;
}

export class Backoff {
  readonly attempts: number;
  readonly #base: number;
  readonly #max: number;
  readonly #random: () => number;
  #tried = 0;

  constructor(options: ReconnectOptions) {
    this.attempts = options.attempts ?? 5;
    this.#base = options.baseDelayMs ?? 250;
    this.#max = options.maxDelayMs ?? 5_000;
    this.#random = options.random ?? Math.random;
  }

  /** Events arrived: the budget is whole again. */
  reset(): void {
    this.#tried = 0;
  }

  /** The next attempt's number and wait, or `undefined` when the budget is spent. */
  next(): { attempt: number; delayMs: number } | undefined {
    if (this.#tried >= this.attempts) return undefined;
    this.#tried++;
    const ceiling = Math.min(this.#max, this.#base * 2 ** (this.#tried - 1));
    // "Equal jitter": half the wait is fixed, half random, so retries of many clients spread out.
    return { attempt: this.#tried, delayMs: Math.round(ceiling / 2 + (ceiling / 2) * this.#random()) };
  }
}

/**
 * Waits `ms`, or less when `signal` aborts (then resolves true) or `hurry` is called (the page
 * woke: the wait ends now).
 */
export function pause(ms: number, signal: AbortSignal, hurry?: (end: () => void) => () => void): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      forget?.();
      resolve(signal.aborted);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    const forget = hurry?.(done);
  });
}
