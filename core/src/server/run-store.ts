/** One run as the log knows it. */
export interface RunRecord {
  readonly runId: string;
  readonly threadId: string;
  /** Who started it (the handler's `owner`); only that owner reads, resumes or stops it. */
  readonly owner: string;
  readonly status: "running" | "ended";
  /** Epoch milliseconds. */
  readonly startedAt: number;
  /** When the run is stopped by the run timeout if it has not ended (epoch ms). */
  readonly deadline: number;
  readonly endedAt?: number;
}

/** Events of a run after some seq, in order: `data` is the event's JSON as it was logged. */
export interface LoggedEvent {
  readonly seq: number;
  readonly data: string;
}

export type RunLookup =
  | {
      readonly kind: "found";
      readonly run: RunRecord;
      /** seq of the last logged event */
      readonly lastSeq: number;
      /** seq of the oldest event still held (1 until trimming starts; lastSeq + 1 when none is) */
      readonly firstSeq: number;
    }
  | { readonly kind: "expired"; readonly run: RunRecord }
  | { readonly kind: "missing" };

export interface NewRun {
  readonly runId: string;
  readonly threadId: string;
  readonly owner: string;
  readonly startedAt: number;
  readonly deadline: number;
}

/** What the handler writes one run through. Only one writer exists per run. */
export interface RunWriter {
  /**
   * Logs the next event and returns its seq (1, 2, …). Synchronous: a store that writes over the
   * network queues the write (pipelined) and reports a failure through `onFailure`.
   */
  append(data: string): number;
  /** The run is over: followers end once they have read everything. */
  end(): Promise<void>;
  /** Called once, when a write could not be stored; later appends reach only this process's followers. */
  onFailure(listener: (error: Error) => void): void;
  /** Called when a client asks for the run to stop, on whichever instance the request reached. */
  onStop(listener: () => void): void;
}

/**
 * Where runs are logged. `memoryRunStore()` keeps them in this process; `redisRunStore(client)`
 * shares them between server instances.
 */
export interface RunStore {
  /**
   * Binds the thread to `owner` when it has no owner yet (or its claim lapsed, `ownerTtlMs` after
   * its last run), and keeps an owner's claim alive. Returns the thread's owner: `owner` itself,
   * or the other owner that holds it.
   */
  claimThread(threadId: string, owner: string): Promise<string>;
  /** `undefined` when a run with this id is already logged. */
  create(run: NewRun): Promise<RunWriter | undefined>;
  get(runId: string): Promise<RunLookup>;
  /** The thread's runs still within retention, oldest first. */
  runsOf(threadId: string): Promise<RunRecord[]>;
  /**
   * The events after `afterSeq`, in batches of at most `FOLLOW_BATCH_BYTES` (or one event), then
   * each new one as it is logged; ends once the run has ended and everything was read, or when
   * `signal` aborts. Reads only when asked for the next batch, so a slow reader holds one batch.
   * Throws `AgentHandlerError` (`EVENTS_TRIMMED`) when events after `afterSeq` are no longer held,
   * `RunStoreError` when the store fails.
   */
  follow(runId: string, afterSeq: number, signal: AbortSignal): AsyncIterable<readonly LoggedEvent[]>;
  /** Tells the run's writer, on whichever instance produces it, that a client asked it to stop. */
  stop(runId: string): Promise<void>;
  /** Releases timers and connections the store opened (not the client it was given). */
  close(): Promise<void>;
}

/** Retention and limits shared by the stores. */
export interface RunStoreOptions {
  /** How long a run's events are kept after it ends (ms). Default 10 minutes. */
  ttlMs?: number;
  /**
   * Events kept per run; older ones are trimmed, in steps (Redis `MAXLEN ~`; in memory once twice
   * as many are held), so a resume point up to this far back is always served. Default 100,000.
   */
  maxEvents?: number;
  /**
   * How long a thread stays bound to its owner after its last run started (ms). While bound, no
   * other owner can start a run on it. Default 30 days.
   */
  ownerTtlMs?: number;
}

export const DEFAULT_TTL_MS = 10 * 60 * 1000;
export const DEFAULT_MAX_EVENTS = 100_000;
export const DEFAULT_OWNER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The most event bytes one batch of a follow carries (a larger single event comes alone). */
export const FOLLOW_BATCH_BYTES = 64 * 1024;

/** `RunStoreOptions` with the defaults in, as every store applies them. */
export interface RunRetention {
  readonly ttlMs: number;
  readonly maxEvents: number;
  readonly ownerTtlMs: number;
  /** How long an expired run is still known as expired (then it is unknown): `ttlMs`, at least a minute. */
  readonly tombstoneMs: number;
}

export function runRetention(options: RunStoreOptions): RunRetention {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  return {
    ttlMs,
    maxEvents: options.maxEvents ?? DEFAULT_MAX_EVENTS,
    ownerTtlMs: options.ownerTtlMs ?? DEFAULT_OWNER_TTL_MS,
    tombstoneMs: Math.max(ttlMs, 60_000),
  };
}
