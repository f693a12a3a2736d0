import { AgentHandlerError } from "./errors.js";
import {
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
  readonly #waiters = new Set<() => void>();
  expired = false;

  readonly #maxEvents: number;
  constructor(
    init: NewRun,
    maxEvents: number,
  ) {
    this.#maxEvents = maxEvents;
    this.record = { ...init, status: "running" };
  }

  get last(): number {
    return this.#lastSeq;
  }

  get first(): number {
    return this.#firstSeq;
  }

  append(data: string): number {
    const seq = ++this.#lastSeq;
    this.#events.push(data);
    // Trimmed in steps, like Redis's MAXLEN ~: once the run holds maxEvents more than it keeps,
    // the oldest go in one slice — one copy per event on average, never one per append.
    if (this.#events.length >= this.#maxEvents + Math.max(64, this.#maxEvents)) {
      const drop = this.#events.length - this.#maxEvents;
      this.#events = this.#events.slice(drop);
      this.#firstSeq += drop;
    }
    this.#wake();
    return seq;
  }

  end(at: number): void {
    if (this.record.status === "ended") return;
    this.record = { ...this.record, status: "ended", endedAt: at };
    this.#wake();
  }

  expire(): void {
    this.expired = true;
    this.#events = [];
    this.#firstSeq = this.#lastSeq + 1;
    this.#wake();
  }

  /** Events after `afterSeq` held now (at most `limit`). */
  slice(afterSeq: number, limit = Infinity): LoggedEvent[] {
    const from = afterSeq + 1;
    if (from < this.#firstSeq && from <= this.#lastSeq) {
      throw new AgentHandlerError(
        "EVENTS_TRIMMED",
        `Run '${this.record.runId}' no longer holds event ${from} (it keeps the last ${this.#maxEvents}; the oldest held is ${this.#firstSeq}).`,
      );
    }
    const out: LoggedEvent[] = [];
    const to = Math.min(this.#lastSeq, afterSeq + limit);
    for (let seq = from; seq <= to; seq++) out.push({ seq, data: this.#events[seq - this.#firstSeq]! });
    return out;
  }

  async *follow(afterSeq: number, signal: AbortSignal): AsyncGenerator<readonly LoggedEvent[]> {
    let after = afterSeq;
    for (;;) {
      if (signal.aborted || this.expired) return;
      if (after < this.#lastSeq) {
        const batch = this.slice(after, 1024);
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

/**
 * The embedded run store: one process, no dependency. A run's events are kept from its start
 * until `ttlMs` after it ended; after that a resume is told `RUN_EXPIRED` for another `ttlMs`,
 * (at least a minute), then the run is forgotten (`RUN_NOT_FOUND`).
 */
export function memoryRunStore(options: RunStoreOptions = {}): RunStore {
  return new MemoryRunStore(options);
}

class MemoryRunStore implements RunStore {
  readonly #runs = new Map<string, MemoryRun>();
  readonly #byThread = new Map<string, Set<string>>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #retention: RunRetention;

  constructor(options: RunStoreOptions) {
    this.#retention = runRetention(options);
  }

  async create(init: NewRun): Promise<RunWriter | undefined> {
    if (this.#runs.has(init.runId)) return undefined;
    const run = new MemoryRun(init, this.#retention.maxEvents);
    this.#runs.set(init.runId, run);
    let ids = this.#byThread.get(init.threadId);
    if (!ids) this.#byThread.set(init.threadId, (ids = new Set()));
    ids.add(init.runId);
    // A run that never ends (a writer that died) still leaves after its deadline plus retention.
    this.#later(init.deadline - Date.now() + this.#retention.ttlMs, () => this.#expire(run));
    return {
      append: (data) => run.append(data),
      end: async () => {
        run.end(Date.now());
        this.#later(this.#retention.ttlMs, () => this.#expire(run));
      },
      onFailure: () => undefined,
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

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #expire(run: MemoryRun): void {
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
