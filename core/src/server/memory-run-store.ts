import { AgentHandlerError, RunStoreError } from "./errors.js";
import {
  FOLLOW_BATCH_BYTES,
  type LoggedEvent,
  type NewRun,
  type RunLookup,
  type RunRecord,
  type RunRetention,
  type RunStore,
  type RunStoreOptions,
  type RunWriter,
  runRetention,
} from "./run-store.js";

/** One run held in memory: its events from `firstSeq` on, and who waits for the next one. */
export class MemoryRun {
  record: RunRecord;
  /** `events[i]` has seq `firstSeq + i`. */
  #events: string[] = [];
  #firstSeq = 1;
  #lastSeq = 0;
  /** Characters of the events held (a JSON string's length: its bytes, give or take non-ASCII). */
  #size = 0;
  readonly #waiters = new Set<() => void>();
  /** Who hears a client's stop (the producer's writer). */
  readonly stops: (() => void)[] = [];
  expired = false;

  constructor(
    init: NewRun,
    private readonly maxEvents: number,
    /** Told every change of the size held, so a store can keep a total. */
    private readonly account: (delta: number) => void = () => undefined,
  ) {
    this.record = { ...init, status: "running" };
  }

  get last(): number {
    return this.#lastSeq;
  }

  get first(): number {
    return this.#firstSeq;
  }

  get size(): number {
    return this.#size;
  }

  append(data: string): number {
    const seq = ++this.#lastSeq;
    this.#events.push(data);
    this.#size += data.length;
    this.account(data.length);
    // Trimmed in steps, like Redis's MAXLEN ~: once the run holds maxEvents more than it keeps,
    // the oldest go in one slice — one copy per event on average, never one per append.
    if (this.#events.length >= this.maxEvents + Math.max(64, this.maxEvents)) {
      this.dropBefore(this.#lastSeq - this.maxEvents + 1);
    }
    this.#wake();
    return seq;
  }

  /** Forgets the events before `seq` (a follower behind them is told EVENTS_TRIMMED). */
  dropBefore(seq: number): void {
    const drop = Math.min(this.#events.length, seq - this.#firstSeq);
    if (drop <= 0) return;
    let freed = 0;
    for (let i = 0; i < drop; i++) freed += this.#events[i]!.length;
    this.#events = this.#events.slice(drop);
    this.#firstSeq += drop;
    this.#size -= freed;
    this.account(-freed);
  }

  /** Forgets the oldest events until at most `chars` are held (the newest event always stays). */
  keepWithin(chars: number): void {
    let size = this.#size;
    let seq = this.#firstSeq;
    while (size > chars && seq < this.#lastSeq) size -= this.#events[seq++ - this.#firstSeq]!.length;
    this.dropBefore(seq);
  }

  end(at: number): void {
    if (this.record.status === "ended") return;
    this.record = { ...this.record, status: "ended", endedAt: at };
    this.#wake();
  }

  expire(): void {
    if (this.expired) return;
    this.expired = true;
    this.dropBefore(this.#lastSeq + 1);
    this.#wake();
  }

  /** Events after `afterSeq` held now: at most `maxBytes` of them (always at least one). */
  slice(afterSeq: number, maxBytes = FOLLOW_BATCH_BYTES): LoggedEvent[] {
    const from = afterSeq + 1;
    if (from < this.#firstSeq && from <= this.#lastSeq) {
      throw new AgentHandlerError(
        "EVENTS_TRIMMED",
        `Run '${this.record.runId}' no longer holds event ${from} (it keeps the last ${this.maxEvents}; the oldest held is ${this.#firstSeq}).`,
      );
    }
    const out: LoggedEvent[] = [];
    let size = 0;
    for (let seq = from; seq <= this.#lastSeq; seq++) {
      const data = this.#events[seq - this.#firstSeq]!;
      if (out.length > 0 && size + data.length > maxBytes) break;
      out.push({ seq, data });
      size += data.length;
    }
    return out;
  }

  async *follow(afterSeq: number, signal: AbortSignal): AsyncGenerator<readonly LoggedEvent[]> {
    let after = afterSeq;
    for (;;) {
      if (signal.aborted || this.expired) return;
      if (after < this.#lastSeq) {
        const batch = this.slice(after);
        after = batch[batch.length - 1]!.seq;
        yield batch;
        continue;
      }
      if (this.record.status === "ended") return;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.#waiters.delete(done);
          signal.removeEventListener("abort", done);
          resolve();
        };
        this.#waiters.add(done);
        signal.addEventListener("abort", done, { once: true });
      });
    }
  }

  #wake(): void {
    if (this.#waiters.size === 0) return;
    for (const waiter of [...this.#waiters]) waiter();
  }
}

export interface MemoryRunStoreOptions extends RunStoreOptions {
  /**
   * Characters of events the store holds in all (about their bytes). Past it, the runs that ended
   * longest ago are expired early; when only running runs are left, the run writing is stopped with
   * RUN_ERROR `RUN_LOG_FAILED`. Default 256 MiB.
   */
  maxBytes?: number;
  /** Threads whose owner the store remembers; past it, the longest idle thread without runs is forgotten. Default 100,000. */
  maxThreads?: number;
  /** Runs the store remembers (running, ended or expired); past it, the oldest that are not running are forgotten. Default 100,000. */
  maxRuns?: number;
}

export const DEFAULT_MEMORY_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_MAX_THREADS = 100_000;
export const DEFAULT_MAX_RUNS = 100_000;

/**
 * The embedded run store: one process, no dependency. A run's events are kept from its start
 * until `ttlMs` after it ended; after that a resume is told `RUN_EXPIRED` for another `ttlMs`,
 * (at least a minute), then the run is forgotten (`RUN_NOT_FOUND`). Everything it holds is
 * bounded: `maxBytes` of events, `maxThreads` thread owners.
 */
export function memoryRunStore(options: MemoryRunStoreOptions = {}): RunStore {
  return new MemoryRunStore(options);
}

class MemoryRunStore implements RunStore {
  readonly #runs = new Map<string, MemoryRun>();
  readonly #byThread = new Map<string, Set<string>>();
  /** Thread → its owner, least recently claimed first (a claim moves it to the end). */
  readonly #owners = new Map<string, { owner: string; until: number }>();
  /** Ended runs still holding events, the longest ended first: what a full store expires first. */
  readonly #ended = new Set<MemoryRun>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #retention: RunRetention;
  readonly #maxBytes: number;
  readonly #maxThreads: number;
  readonly #maxRuns: number;
  #bytes = 0;

  constructor(options: MemoryRunStoreOptions) {
    this.#retention = runRetention(options);
    this.#maxBytes = options.maxBytes ?? DEFAULT_MEMORY_MAX_BYTES;
    this.#maxThreads = options.maxThreads ?? DEFAULT_MAX_THREADS;
    this.#maxRuns = options.maxRuns ?? DEFAULT_MAX_RUNS;
  }

  async claimThread(threadId: string, owner: string): Promise<string> {
    const now = Date.now();
    const held = this.#owners.get(threadId);
    if (held !== undefined && held.until > now && held.owner !== owner) return held.owner;
    this.#owners.delete(threadId);
    if (this.#owners.size >= this.#maxThreads) this.#forgetOwners(now);
    this.#owners.set(threadId, { owner, until: now + this.#retention.ownerTtlMs });
    return owner;
  }

  async create(init: NewRun): Promise<RunWriter | undefined> {
    if (this.#runs.has(init.runId)) return undefined;
    if (this.#runs.size >= this.#maxRuns) this.#forgetRuns();
    const run = new MemoryRun(init, this.#retention.maxEvents, (delta) => (this.#bytes += delta));
    this.#runs.set(init.runId, run);
    let ids = this.#byThread.get(init.threadId);
    if (!ids) this.#byThread.set(init.threadId, (ids = new Set()));
    ids.add(init.runId);
    // A run that never ends (a writer that died) still leaves after its deadline plus retention.
    this.#later(init.deadline - Date.now() + this.#retention.ttlMs, () => this.#expire(run));
    let failed: ((error: Error) => void)[] | undefined = [];
    return {
      append: (data) => {
        const seq = run.append(data);
        if (this.#bytes > this.#maxBytes) this.#makeRoom();
        if (this.#bytes > this.#maxBytes && failed !== undefined) {
          const listeners = failed;
          failed = undefined;
          const error = new RunStoreError("append an event", `the memory run store holds its limit of ${this.#maxBytes} characters (maxBytes)`);
          for (const listener of listeners) listener(error);
        }
        return seq;
      },
      end: async () => {
        run.end(Date.now());
        this.#ended.add(run);
        this.#later(this.#retention.ttlMs, () => this.#expire(run));
      },
      onFailure: (listener) => failed?.push(listener),
      onStop: (listener) => run.stops.push(listener),
    };
  }

  async get(runId: string): Promise<RunLookup> {
    const run = this.#runs.get(runId);
    if (!run) return { kind: "missing" };
    if (run.expired) return { kind: "expired", run: run.record };
    return { kind: "found", run: run.record, lastSeq: run.last, firstSeq: run.first };
  }

  async runsOf(threadId: string): Promise<RunRecord[]> {
    const ids = this.#byThread.get(threadId);
    if (!ids) return [];
    const out: RunRecord[] = [];
    for (const id of ids) {
      const run = this.#runs.get(id);
      if (run && !run.expired) out.push(run.record);
    }
    return out.sort((a, b) => a.startedAt - b.startedAt);
  }

  follow(runId: string, afterSeq: number, signal: AbortSignal): AsyncIterable<readonly LoggedEvent[]> {
    const run = this.#runs.get(runId);
    if (!run || run.expired) {
      throw new AgentHandlerError(run ? "RUN_EXPIRED" : "RUN_NOT_FOUND", `Run '${runId}' is not in the log.`);
    }
    return run.follow(afterSeq, signal);
  }

  async stop(runId: string): Promise<void> {
    const run = this.#runs.get(runId);
    if (run?.record.status !== "running") return;
    for (const listener of run.stops) listener();
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  /** Expires ended runs, the longest ended first, until the events held fit `maxBytes`. */
  #makeRoom(): void {
    for (const run of this.#ended) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#expire(run);
    }
  }

  /** Forgets the oldest runs that are not running until there is room for one more. */
  #forgetRuns(): void {
    for (const run of this.#runs.values()) {
      if (this.#runs.size < this.#maxRuns) return;
      if (run.record.status === "running") continue;
      this.#expire(run);
      this.#forget(run);
    }
    if (this.#runs.size >= this.#maxRuns) {
      throw new RunStoreError("create a run", `all of the ${this.#maxRuns} runs it remembers are running (maxRuns)`);
    }
  }

  /** Forgets expired owners, then (still full) the longest idle threads that have no runs. */
  #forgetOwners(now: number): void {
    for (const [threadId, held] of this.#owners) {
      if (held.until <= now) this.#owners.delete(threadId);
    }
    for (const threadId of this.#owners.keys()) {
      if (this.#owners.size < this.#maxThreads) return;
      if (!this.#byThread.has(threadId)) this.#owners.delete(threadId);
    }
    if (this.#owners.size >= this.#maxThreads) {
      throw new RunStoreError("bind a thread to its owner", `every one of the ${this.#maxThreads} threads it remembers has runs (maxThreads)`);
    }
  }

  #expire(run: MemoryRun): void {
    this.#ended.delete(run);
    if (run.expired) return;
    run.expire();
    // Kept as a tombstone for one more TTL, so a late resume hears "expired", not "unknown".
    this.#later(this.#retention.tombstoneMs, () => this.#forget(run));
  }

  #forget(run: MemoryRun): void {
    const { runId, threadId } = run.record;
    if (this.#runs.get(runId) !== run) return;
    this.#runs.delete(runId);
    const ids = this.#byThread.get(threadId);
    ids?.delete(runId);
    if (ids?.size === 0) this.#byThread.delete(threadId);
  }

  #later(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      task();
    }, Math.max(0, ms));
    // Retention timers never keep a process alive.
    (timer as { unref?: () => void }).unref?.();
    this.#timers.add(timer);
  }
}
