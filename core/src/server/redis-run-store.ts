import { AgentHandlerError, RunStoreError } from "./errors.js";
import { MemoryRun } from "./memory-run-store.js";
import { connectionOf, duplicateOf, type RedisClientLike, type RedisConnection } from "./redis-client.js";
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

export interface RedisRunStoreOptions extends RunStoreOptions {
  /** Prepended to every key. Default `"threadline:"`. */
  keyPrefix?: string;
  /** How long one blocking read waits before it checks that the run is still alive (ms). Default 2,000. */
  blockMs?: number;
}

/** A run's record as stored (JSON under `<prefix>run:<id>`). */
interface StoredRecord extends RunRecord {
  readonly lastSeq?: number;
  readonly expiresAt?: number;
}

type StreamEntry = [id: string, fields: string[]];

// Stream ids: the start marker is 0-1, event seq n is 1-n, the end marker is 2-0. The stream
// exists from the run's creation, so every XADD uses NOMKSTREAM: after a Redis restart (data
// gone) a late write creates nothing and is seen to fail, instead of leaving a partial log.
const START_ID = "0-1";
const END_ID = "2-0";
const eventId = (seq: number): string => `1-${seq}`;

/** Most events one append script carries. */
const APPEND_BATCH = 512;
/** XADDs the (id, data) pairs in ARGV[2..]; 0 when the stream is gone (NOMKSTREAM). */
const APPEND_SCRIPT = `for i = 2, #ARGV, 2 do
  if not redis.call('XADD', KEYS[1], 'NOMKSTREAM', 'MAXLEN', '~', ARGV[1], ARGV[i], 'd', ARGV[i + 1]) then return 0 end
end
return 1`;

/**
 * Runs in Redis Streams, shared by every server instance on the same Redis: XADD (batched per tick
 * into one script, never awaited per event, trimmed to `maxEvents` with MAXLEN ~) to log, XREAD BLOCK to follow a run
 * produced by another instance. Runs produced by this instance are also followed from memory.
 * Pass a connected node-redis or ioredis client; blocking reads use duplicates of it.
 */
export function redisRunStore(client: RedisClientLike, options: RedisRunStoreOptions = {}): RunStore {
  return new RedisRunStore(client, options);
}

class RedisRunStore implements RunStore {
  readonly #redis: RedisConnection;
  readonly #prefix: string;
  readonly #retention: RunRetention;
  readonly #blockMs: number;
  /** Runs this instance writes: local followers read them here, without a round trip. */
  readonly #local = new Map<string, MemoryRun>();
  readonly #idle: RedisConnection[] = [];
  readonly #busy = new Set<RedisConnection>();
  #closed = false;

  readonly #client: RedisClientLike;
  constructor(
    client: RedisClientLike,
    options: RedisRunStoreOptions,
  ) {
    this.#client = client;
    this.#redis = connectionOf(client);
    this.#prefix = options.keyPrefix ?? "threadline:";
    this.#retention = runRetention(options);
    this.#blockMs = options.blockMs ?? 2_000;
  }

  #runKey(runId: string): string {
    return `${this.#prefix}run:${runId}`;
  }
  #eventsKey(runId: string): string {
    return `${this.#prefix}run:${runId}:events`;
  }
  #threadKey(threadId: string): string {
    return `${this.#prefix}thread:${threadId}`;
  }

  async create(init: NewRun): Promise<RunWriter | undefined> {
    const record: StoredRecord = { ...init, status: "running" };
    // The record outlives the events by one TTL, so a late resume hears "expired", not "unknown".
    const keepMs = Math.max(1, init.deadline - Date.now()) + this.#retention.ttlMs + this.#retention.tombstoneMs;
    const eventsMs = Math.max(1, init.deadline - Date.now()) + this.#retention.ttlMs;
    const runKey = this.#runKey(init.runId);
    const eventsKey = this.#eventsKey(init.runId);
    const created = await this.#send("create a run", ["SET", runKey, JSON.stringify(record), "NX", "PX", String(keepMs)]);
    if (created === null) return undefined;
    await Promise.all([
      this.#send("create a run", ["XADD", eventsKey, START_ID, "start", "1"]),
      this.#send("create a run", ["PEXPIRE", eventsKey, String(eventsMs)]),
      this.#send("create a run", ["ZADD", this.#threadKey(init.threadId), String(init.startedAt), init.runId]),
      this.#send("create a run", ["PEXPIRE", this.#threadKey(init.threadId), String(keepMs)]),
    ]);

    const run = new MemoryRun(init, this.#retention.maxEvents);
    this.#local.set(init.runId, run);
    let failure: Error | undefined;
    const listeners: ((error: Error) => void)[] = [];
    const fail = (error: unknown): void => {
      if (failure) return;
      failure = error instanceof Error ? error : new Error(String(error));
      for (const listener of listeners) listener(failure);
    };
    const checkWritten = (reply: unknown): void => {
      if (reply === null || reply === 0) fail(new RunStoreError("append an event", "the run's stream is gone (Redis restarted or flushed?)"));
    };
    const maxLen = String(this.#retention.maxEvents);
    // Appends made in one tick go out together as one script of XADDs (one command per batch,
    // not per event); commands on a connection run in order, so the log keeps the seq order.
    let batch: string[] = [];
    let flushing: Promise<void> = Promise.resolve();
    const flush = (): void => {
      const args = batch;
      batch = [];
      if (failure || args.length === 0) return;
      flushing = this.#redis
        .send(["EVAL", APPEND_SCRIPT, "1", eventsKey, maxLen, ...args])
        .then(checkWritten, (error: unknown) => fail(new RunStoreError("append an event", error)));
    };
    return {
      append: (data) => {
        const seq = run.append(data);
        // After a failure the run is being closed: its last events reach local followers only.
        if (!failure) {
          if (batch.length === 0) queueMicrotask(flush);
          batch.push(eventId(seq), data);
          if (batch.length >= 2 * APPEND_BATCH) flush();
        }
        return seq;
      },
      end: async () => {
        const endedAt = Date.now();
        run.end(endedAt);
        this.#local.delete(init.runId);
        flush();
        await flushing;
        if (failure) throw failure;
        const ended: StoredRecord = { ...record, status: "ended", endedAt, lastSeq: run.last, expiresAt: endedAt + this.#retention.ttlMs };
        const [marker, saved] = await Promise.all([
          this.#send("end a run", ["XADD", eventsKey, "NOMKSTREAM", END_ID, "end", "1"]),
          this.#send("end a run", ["SET", runKey, JSON.stringify(ended), "XX", "PX", String(this.#retention.ttlMs + this.#retention.tombstoneMs)]),
          this.#send("end a run", ["PEXPIRE", eventsKey, String(this.#retention.ttlMs)]),
        ]);
        if (marker === null || saved === null) throw new RunStoreError("end a run", "the run's log is gone (Redis restarted or flushed?)");
      },
      onFailure: (listener) => {
        listeners.push(listener);
        if (failure) listener(failure);
      },
    };
  }

  async get(runId: string): Promise<RunLookup> {
    const record = await this.#record(runId);
    if (!record) return { kind: "missing" };
    const now = Date.now();
    if (record.status === "ended" && record.expiresAt !== undefined && now >= record.expiresAt) return { kind: "expired", run: plain(record) };
    const local = this.#local.get(runId);
    if (local) return { kind: "found", run: local.record, lastSeq: local.last, firstSeq: local.first };
    const key = this.#eventsKey(runId);
    const [head, tail] = (await Promise.all([
      this.#send("read a run", ["XRANGE", key, eventId(0), "+", "COUNT", "1"]),
      this.#send("read a run", ["XREVRANGE", key, "+", "-", "COUNT", "2"]),
    ])) as [StreamEntry[] | null, StreamEntry[] | null];
    const lastEvent = (tail ?? []).map(([id]) => seqOf(id)).find((seq) => seq !== undefined) ?? 0;
    const lastSeq = record.status === "ended" ? (record.lastSeq ?? lastEvent) : lastEvent;
    const firstSeq = seqOf(head?.[0]?.[0] ?? "") ?? lastSeq + 1;
    return { kind: "found", run: plain(record), lastSeq, firstSeq };
  }

  async runsOf(threadId: string): Promise<RunRecord[]> {
    const key = this.#threadKey(threadId);
    const ids = ((await this.#send("list a thread's runs", ["ZRANGE", key, "0", "-1"])) as string[] | null) ?? [];
    if (ids.length === 0) return [];
    const raw = (await this.#send("list a thread's runs", ["MGET", ...ids.map((id) => this.#runKey(id))])) as (string | null)[];
    const now = Date.now();
    const runs: RunRecord[] = [];
    const gone: string[] = [];
    ids.forEach((id, index) => {
      const record = parseRecord(raw[index] ?? null);
      if (!record) gone.push(id);
      else if (!(record.status === "ended" && record.expiresAt !== undefined && now >= record.expiresAt)) {
        runs.push(this.#local.get(id)?.record ?? plain(record));
      }
    });
    if (gone.length > 0) void this.#redis.send(["ZREM", key, ...gone]).catch(() => undefined);
    return runs.sort((a, b) => a.startedAt - b.startedAt);
  }

  follow(runId: string, afterSeq: number, signal: AbortSignal): AsyncIterable<readonly LoggedEvent[]> {
    const local = this.#local.get(runId);
    if (local) return local.follow(afterSeq, signal);
    return this.#followRemote(runId, afterSeq, signal);
  }

  async *#followRemote(runId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<readonly LoggedEvent[]> {
    const key = this.#eventsKey(runId);
    let cursor = afterSeq;
    let first = true;
    while (!signal.aborted && !this.#closed) {
      const reply = await this.#blockingRead(key, eventId(cursor), signal);
      if (signal.aborted) return;
      if (reply === null) {
        // Nothing for a while: is the run still there and alive?
        const record = await this.#record(runId);
        if (!record) throw new AgentHandlerError("RUN_NOT_FOUND", `Run '${runId}' left the run log while it was being followed.`);
        if (record.status === "running" && Date.now() > record.deadline + this.#blockMs) return;
        continue;
      }
      const batch: LoggedEvent[] = [];
      let ended = false;
      for (const [id, fields] of reply) {
        if (id === END_ID) {
          ended = true;
          break;
        }
        const seq = seqOf(id);
        if (seq === undefined) continue;
        if (first && seq > cursor + 1) {
          throw new AgentHandlerError("EVENTS_TRIMMED", `Run '${runId}' no longer holds event ${cursor + 1} (it keeps the last ${this.#retention.maxEvents}).`);
        }
        first = false;
        batch.push({ seq, data: fields[1] ?? "" });
        cursor = seq;
      }
      first = false;
      if (batch.length > 0) yield batch;
      if (ended) return;
    }
  }

  /** XREAD BLOCK on a connection of its own; `null` when the wait timed out. */
  async #blockingRead(key: string, after: string, signal: AbortSignal): Promise<StreamEntry[] | null> {
    let connection: RedisConnection;
    try {
      connection = this.#idle.pop() ?? (await duplicateOf(this.#client));
    } catch (error) {
      throw new RunStoreError("open a connection for reading", error);
    }
    this.#busy.add(connection);
    // A blocked read cannot be cancelled: an abort drops its connection instead.
    const onAbort = (): void => {
      this.#busy.delete(connection);
      connection.close();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const reply = (await connection.send(["XREAD", "COUNT", "1024", "BLOCK", String(this.#blockMs), "STREAMS", key, after])) as
        | [string, StreamEntry[]][]
        | null;
      return reply?.[0]?.[1] ?? null;
    } catch (error) {
      if (signal.aborted) return null;
      this.#busy.delete(connection);
      connection.close();
      throw new RunStoreError("read a run", error);
    } finally {
      signal.removeEventListener("abort", onAbort);
      if (this.#busy.delete(connection)) {
        if (this.#idle.length < 4 && !this.#closed) this.#idle.push(connection);
        else connection.close();
      }
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const connection of [...this.#idle, ...this.#busy]) connection.close();
    this.#idle.length = 0;
    this.#busy.clear();
  }

  async #record(runId: string): Promise<StoredRecord | undefined> {
    return parseRecord((await this.#send("read a run", ["GET", this.#runKey(runId)])) as string | null);
  }

  async #send(what: string, args: string[]): Promise<unknown> {
    try {
      return await this.#redis.send(args);
    } catch (error) {
      throw new RunStoreError(what, error);
    }
  }
}

function seqOf(id: string): number | undefined {
  if (!id.startsWith("1-")) return undefined;
  return Number(id.slice(2));
}

function parseRecord(raw: string | null): StoredRecord | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as StoredRecord;
  } catch {
    return undefined;
  }
}

/** The public record, without the store's bookkeeping fields. */
function plain(record: StoredRecord): RunRecord {
  const { lastSeq: _lastSeq, expiresAt: _expiresAt, ...run } = record;
  return run;
}
