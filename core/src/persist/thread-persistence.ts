import { DEV } from "esm-env";
import type { ReadonlySignal } from "@preact/signals-core";
import { describeValue } from "../describe-value.js";
import { isPromiseLike, mapMaybePromise, type MaybePromise, type PersistenceAdapter } from "./adapter.js";
import { PersistenceError, removeFailure, writeFailure } from "./errors.js";
import { FailureReport } from "./failure-report.js";
import { scheduleTickFor, type SaveCoalescing, type ScheduleTick } from "./save-ticker.js";
import {
  encodeStoredThread,
  isEmptySnapshot,
  type MigrateStoredThread,
  type StoredThread,
  type ThreadContent,
} from "./stored-thread.js";
import { materialiseSnapshotSource, readSnapshotSource, type SnapshotSource } from "./snapshot-source.js";
import { readStoredThread, type ReadOutcome } from "./stored-thread-reader.js";
import { WriteQueue } from "./write-queue.js";

export interface ThreadPersistenceOptions {
  adapter: PersistenceAdapter<unknown>;
  /** Upgrades records of other format versions; see `MigrateStoredThread`. */
  migrate?: MigrateStoredThread;
  /** How `scheduleSave` coalesces while a run streams. Default `"frame"`. */
  coalesce?: SaveCoalescing;
  /** Called for every storage failure, after `persistenceError` is set. A throw here is ignored. */
  onError?: (error: PersistenceError) => void;
  /** Clock for `savedAt` and set-aside keys. Default `Date.now`. */
  now?: () => number;
  /** Replaces the frame/interval scheduling of `scheduleSave` (tests, custom schedulers). */
  scheduleTick?: ScheduleTick;
}

export type HydrationOutcome =
  | { readonly status: "applied"; readonly record: StoredThread; readonly migrated: boolean }
  /** Nothing stored under that thread id. */
  | { readonly status: "empty" }
  /** The read finished after another `hydrate`/`switchThread`, or after the thread was saved or cleared locally: not applied. */
  | { readonly status: "stale" }
  /** The read failed, or the record was unreadable and set aside (also reported through `onError`). */
  | { readonly status: "unreadable"; readonly error: PersistenceError };

/** A `hydrate` in flight. It is current while it is the latest one and its thread was not touched locally. */
interface HydrationToken {
  readonly threadId: string;
  touched: boolean;
}

/** What a cleared thread is stored as: nothing (an empty snapshot removes the record). */
const CLEARED: ThreadContent = Object.freeze({ messages: Object.freeze([]) });

/** A write in the queue that has not started: a newer save for the same thread replaces its source. */
interface QueuedWrite {
  source: SnapshotSource;
  readonly generation: number;
}

/**
 * Stores threads through one adapter with one ordered queue. Writes run strictly in order; a write
 * queued before `clear(threadId)` is dropped (per-thread generation counter); streaming saves are
 * coalesced; hydration results are applied only if still wanted. Storage failures are reported, never
 * thrown, and a failed write is retried with fresh data on the next write or `flush()`.
 */
export class ThreadPersistence {
  /** The latest storage failure not yet recovered from (a later successful write clears it). */
  readonly persistenceError: ReadonlySignal<PersistenceError | null>;

  readonly #failures: FailureReport;
  readonly #adapter: PersistenceAdapter<unknown>;
  readonly #migrate: MigrateStoredThread | undefined;
  readonly #now: () => number;
  readonly #scheduleTick: ScheduleTick;
  readonly #queue = new WriteQueue((defect) =>
    this.#failures.failed(
      new PersistenceError("PERSIST_WRITE_FAILED", DEV ? `Storage operation failed: ${describeValue(defect)}.` : "", {
        key: "",
        operation: "write",
        cause: defect,
      }),
    ),
  );
  /** Bumped by `clear(threadId)`: every write captured under an older value is stale. */
  readonly #generations = new Map<string, number>();
  readonly #scheduled = new Map<string, SnapshotSource>();
  readonly #queuedWrites = new Map<string, QueuedWrite>();
  /** Threads whose last write or remove failed; redone (with a fresh snapshot) on the next write. */
  readonly #failedWrites = new Map<string, SnapshotSource>();
  #cancelTick: (() => void) | undefined;
  #hydration: HydrationToken | undefined;
  #disposed = false;

  constructor(options: ThreadPersistenceOptions) {
    this.#adapter = options.adapter;
    this.#migrate = options.migrate;
    this.#failures = new FailureReport(options.onError);
    this.#now = options.now ?? Date.now;
    this.#scheduleTick = options.scheduleTick ?? scheduleTickFor(options.coalesce ?? "frame");
    this.persistenceError = this.#failures.persistenceError;
  }

  /**
   * While a run streams: remember the latest source for `threadId` and write it at the next frame or
   * interval. Cheap enough to call on every event (one Map write). Pass a stable function to avoid
   * allocating a closure per event.
   */
  scheduleSave(threadId: string, source: SnapshotSource): void {
    if (this.#disposed) return;
    this.#touch(threadId);
    this.#scheduled.set(threadId, source);
    this.#cancelTick ??= this.#scheduleTick(this.#onTick);
  }

  /** Queue a write now (outside streaming, e.g. a user message). Resolves when the queue is idle. */
  save(threadId: string, source: SnapshotSource): Promise<void> {
    if (this.#disposed) return this.#queue.whenIdle();
    this.#touch(threadId);
    this.#scheduled.delete(threadId);
    this.#retryFailedWrites(threadId);
    this.#enqueueWrite(threadId, source);
    return this.#queue.whenIdle();
  }

  /**
   * Write everything scheduled now (the final write when a run settles, or before unload), retry
   * failed writes, and resolve when the queue is idle. Never rejects.
   */
  flush(): Promise<void> {
    this.#cancelTick?.();
    this.#cancelTick = undefined;
    this.#writeScheduled();
    return this.#queue.whenIdle();
  }

  /**
   * Forget a thread (the user cleared the conversation, or deleted it): pending and queued writes
   * for it are dropped, a hydration of it is no longer applied, and its record is removed, after
   * any write already running. Later saves of the same thread id (a fresh conversation) proceed.
   */
  clear(threadId: string): Promise<void> {
    const generation = (this.#generations.get(threadId) ?? 0) + 1;
    this.#generations.set(threadId, generation);
    this.#scheduled.delete(threadId);
    this.#queuedWrites.delete(threadId);
    this.#failedWrites.delete(threadId);
    this.#touch(threadId);
    this.#queue.enqueue(() => {
      if (this.#generationOf(threadId) !== generation) return;
      // A failed remove is retried like a failed write: else the cleared record would come
      // back on the next load.
      return this.#runAdapterCall(threadId, "remove", () => this.#adapter.removeItem(threadId), () =>
        this.#retryLater(threadId, generation, CLEARED),
      );
    });
    return this.#queue.whenIdle();
  }

  /**
   * The view moves to another thread (or to none): a hydration still in flight is no longer applied.
   * Snapshot functions still pending are called now, while the caller's model still describes the
   * thread they were scheduled for; those writes keep their place in the queue.
   */
  switchThread(): void {
    this.#hydration = undefined;
    for (const [threadId, source] of this.#scheduled) this.#scheduled.set(threadId, materialiseSnapshotSource(source));
    for (const queued of this.#queuedWrites.values()) queued.source = materialiseSnapshotSource(queued.source);
  }

  /**
   * Read `threadId` and hand the record to `apply` — only if, when the read finishes, no later
   * `hydrate`/`switchThread` happened and the thread was not saved or cleared locally meanwhile (a
   * slow initial load must not overwrite a conversation the user already started). With a
   * synchronous adapter and an idle queue, `apply` runs before `hydrate` returns. The read waits
   * behind queued writes, so it never sees older data than was written. Never rejects.
   */
  hydrate(threadId: string, apply: (record: StoredThread) => void): Promise<HydrationOutcome> {
    const token: HydrationToken = { threadId, touched: false };
    this.#hydration = token;
    // A save still waiting for its frame would otherwise land after the read: write it first.
    const scheduled = this.#scheduled.get(threadId);
    if (scheduled !== undefined) {
      this.#scheduled.delete(threadId);
      this.#enqueueWrite(threadId, scheduled);
    }
    return new Promise((resolve) => {
      this.#queue.enqueue(() =>
        mapMaybePromise(this.#read(threadId), (outcome) => {
          const current = this.#hydration === token && !token.touched && !this.#disposed;
          if (this.#hydration === token) this.#hydration = undefined;
          if (outcome.status === "unreadable") {
            this.#failures.failed(outcome.error);
            resolve(outcome);
          } else if (outcome.status === "empty") {
            resolve(outcome);
          } else if (!current) {
            resolve({ status: "stale" });
          } else {
            try {
              apply(outcome.record);
              resolve({ status: "applied", record: outcome.record, migrated: outcome.migrated });
            } catch (cause) {
              const error = new PersistenceError(
                "PERSIST_READ_FAILED",
                DEV ? `Applying stored thread "${threadId}" failed: ${describeValue(cause)}.` : "",
                { key: threadId, operation: "read", cause },
              );
              this.#failures.failed(error);
              resolve({ status: "unreadable", error });
            }
          }
        }),
      );
    });
  }

  /** Read a thread without applying anything (ordered behind queued writes). Never rejects. */
  load(threadId: string): Promise<ReadOutcome> {
    return new Promise((resolve) => {
      this.#queue.enqueue(() =>
        mapMaybePromise(this.#read(threadId), (outcome) => {
          if (outcome.status === "unreadable") this.#failures.failed(outcome.error);
          resolve(outcome);
        }),
      );
    });
  }

  /** Flush, then stop accepting saves. Resolves when everything has been written. */
  dispose(): Promise<void> {
    const flushed = this.flush();
    this.#disposed = true;
    this.#hydration = undefined;
    return flushed;
  }

  readonly #onTick = (): void => {
    this.#cancelTick = undefined;
    this.#writeScheduled();
  };

  #writeScheduled(): void {
    this.#retryFailedWrites();
    for (const [threadId, source] of this.#scheduled) this.#enqueueWrite(threadId, source);
    this.#scheduled.clear();
  }

  #touch(threadId: string): void {
    if (this.#hydration !== undefined && this.#hydration.threadId === threadId) this.#hydration.touched = true;
  }

  #generationOf(threadId: string): number {
    return this.#generations.get(threadId) ?? 0;
  }

  #read(threadId: string): MaybePromise<ReadOutcome> {
    return readStoredThread({ adapter: this.#adapter, migrate: this.#migrate, now: this.#now }, threadId);
  }

  #enqueueWrite(threadId: string, source: SnapshotSource): void {
    this.#failedWrites.delete(threadId);
    const queued = this.#queuedWrites.get(threadId);
    if (queued !== undefined) {
      // Not started yet: let it carry the newer source instead of queuing a second write.
      queued.source = source;
      return;
    }
    const write: QueuedWrite = { source, generation: this.#generationOf(threadId) };
    this.#queuedWrites.set(threadId, write);
    this.#queue.enqueue(() => this.#runWrite(threadId, write));
  }

  #runWrite(threadId: string, write: QueuedWrite): MaybePromise<void> {
    if (this.#queuedWrites.get(threadId) === write) this.#queuedWrites.delete(threadId);
    // Queued before a clear of this thread: the clear wins, whatever the write carries.
    if (write.generation !== this.#generationOf(threadId)) return;
    let snapshot: ThreadContent | null;
    try {
      snapshot = readSnapshotSource(write.source);
    } catch (error) {
      this.#failures.failed(writeFailure(threadId, error, DEV ? "the snapshot function threw" : ""));
      return;
    }
    if (snapshot === null) return;
    const source = write.source;
    const retry = (): void => this.#retryLater(threadId, write.generation, source);
    return isEmptySnapshot(snapshot)
      ? this.#runAdapterCall(threadId, "remove", () => this.#adapter.removeItem(threadId), retry)
      : this.#runAdapterCall(threadId, "write", () => this.#adapter.setItem(threadId, encodeStoredThread(threadId, snapshot, this.#now())), retry);
  }

  /** A failed operation is retried later only if nothing newer for its thread was queued or cleared meanwhile. */
  #retryLater(threadId: string, generation: number, source: SnapshotSource): void {
    if (generation === this.#generationOf(threadId) && !this.#queuedWrites.has(threadId)) {
      this.#failedWrites.set(threadId, source);
    }
  }

  #runAdapterCall(
    threadId: string,
    operation: "write" | "remove",
    call: () => void | Promise<void>,
    onFailure?: () => void,
  ): MaybePromise<void> {
    const failed = (error: unknown) => {
      onFailure?.();
      this.#failures.failed(operation === "write" ? writeFailure(threadId, error) : removeFailure(threadId, error));
    };
    const succeeded = () => {
      if (this.#failedWrites.size === 0) this.#failures.recovered();
    };
    let result: void | Promise<void>;
    try {
      result = call();
    } catch (error) {
      failed(error);
      return;
    }
    if (isPromiseLike(result)) return result.then(succeeded, failed);
    succeeded();
  }

  /** Re-queue failed writes, except for threads about to be written anyway with newer content. */
  #retryFailedWrites(except?: string): void {
    if (this.#failedWrites.size === 0) return;
    for (const [threadId, source] of [...this.#failedWrites]) {
      if (threadId !== except && !this.#scheduled.has(threadId)) this.#enqueueWrite(threadId, source);
    }
  }
}
