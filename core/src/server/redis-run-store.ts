import { AgentHandlerError, RunStoreError } from "./errors.js";
import { MemoryRun } from "./memory-run-store.js";
import { connectionOf, duplicateOf, type RedisClientLike, type RedisConnection } from "./redis-client.js";
import { StreamReader, type StreamEntry } from "./redis-stream-reader.js";
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

export interface RedisRunStoreOptions extends RunStoreOptions {
  /** Prepended to every key. Default `"threadline:"`. */
  keyPrefix?: string;
  /** How long one blocking read waits before it checks that the runs followed are still alive (ms). Default 2,000. */
  blockMs?: number;
  /** How long any Redis command may take before the store gives up on it (503 to the client, ms). Default 5,000. */
  commandTimeoutMs?: number;
  /**
   * Characters of a run's newest events this instance keeps in memory while it produces the run,
   * for followers on this instance (older ones are read from Redis). Default 1 MiB.
   */
  localBytes?: number;
}

/** A run's record as stored (JSON under `<prefix>r:<id>`). */
interface StoredRecord extends RunRecord {
  readonly lastSeq?: number;
  readonly expiresAt?: number;
  /** The instance producing it: where a stop is sent. */
  readonly producer?: string;
}

// Stream ids: the start marker is 0-1, event seq n is 1-n, the end marker is 2-0. The stream
// exists from the run's creation, so every XADD uses NOMKSTREAM: after a Redis restart (data
// gone) a late write creates nothing and is seen to fail, instead of leaving a partial log.
const START_ID = "0-1";
const END_ID = "2-0";
const eventId = (seq: number): string => `1-${seq}`;

/** Most events one append script carries. */
const APPEND_BATCH = 512;
/** Entries one catch-up read brings. */
const RANGE_COUNT = 64;
/** XADDs the (id, data) pairs in ARGV[2..]; 0 when the stream is gone (NOMKSTREAM). */
const APPEND_SCRIPT = `for i = 2, #ARGV, 2 do
  if not redis.call('XADD', KEYS[1], 'NOMKSTREAM', 'MAXLEN', '~', ARGV[1], ARGV[i], 'd', ARGV[i + 1]) then return 0 end
end
return 1`;
/** Binds KEYS[1] (a thread's owner key) to ARGV[1] unless another owner holds it; returns the holder. */
const CLAIM_SCRIPT = `local held = redis.call('GET', KEYS[1])
if held == false or held == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
return held`;

/**
 * Runs in Redis Streams, shared by every server instance on the same Redis: XADD (batched per tick
 * into one script, never awaited per event, trimmed to `maxEvents` with MAXLEN ~) to log; one
 * blocking reader per instance to follow runs produced elsewhere (`StreamReader`); the newest events
 * of runs produced here also followed from memory. A stop reaches the producing instance through
 * its control stream. Every key is `<prefix><kind>:<id>`, the kind a letter before the id, so no
 * id can name another kind's key. Pass a connected node-redis or ioredis client; blocking reads
 * use one duplicate of it.
 */
export function redisRunStore(client: RedisClientLike, options: RedisRunStoreOptions = {}): RunStore {
  return new RedisRunStore(client, options);
}

class RedisRunStore implements RunStore {
  readonly #redis: RedisConnection;
  readonly #prefix: string;
  readonly #retention: RunRetention;
  readonly #blockMs: number;
  readonly #timeoutMs: number;
  readonly #localBytes: number;
  /** Runs this instance writes: local followers read their newest events here, without a round trip. */
  readonly #local = new Map<string, MemoryRun>();
  readonly #instance = globalThis.crypto.randomUUID();
  readonly #reader: StreamReader;

  constructor(client: RedisClientLike, options: RedisRunStoreOptions) {
    this.#redis = connectionOf(client);
    this.#prefix = options.keyPrefix ?? "threadline:";
    this.#retention = runRetention(options);
    this.#blockMs = options.blockMs ?? 2_000;
    this.#timeoutMs = options.commandTimeoutMs ?? 5_000;
    this.#localBytes = options.localBytes ?? 1024 * 1024;
    this.#reader = new StreamReader({
      connect: () => duplicateOf(client, this.#timeoutMs),
      main: this.#redis,
      controlKey: this.#key("c", this.#instance),
      blockMs: this.#blockMs,
      timeoutMs: this.#timeoutMs,
      producing: () => this.#local.size > 0,
      onControl: (fields) => {
        if (fields[0] === "stop") this.#stopLocal(fields[1] ?? "");
      },
    });
  }

  #key(kind: "r" | "e" | "t" | "o" | "c", id: string): string {
    return `${this.#prefix}${kind}:${id}`;
  }

  #send(what: string, args: string[]): Promise<unknown> {
    return this.#redis.send(what, args, this.#timeoutMs);
  }

  async claimThread(threadId: string, owner: string): Promise<string> {
    const holder = await this.#send("bind a thread to its owner", [
      "EVAL",
      CLAIM_SCRIPT,
      "1",
      this.#key("o", threadId),
      owner,
      String(this.#retention.ownerTtlMs),
    ]);
    if (typeof holder !== "string") throw new RunStoreError("bind a thread to its owner", `unexpected reply ${String(holder)}`);
    return holder;
  }

  async create(init: NewRun): Promise<RunWriter | undefined> {
    const record: StoredRecord = { ...init, status: "running", producer: this.#instance };
    // The record outlives the events by one TTL, so a late resume hears "expired", not "unknown".
    const keepMs = Math.max(1, init.deadline - Date.now()) + this.#retention.ttlMs + this.#retention.tombstoneMs;
    const eventsMs = Math.max(1, init.deadline - Date.now()) + this.#retention.ttlMs;
    const runKey = this.#key("r", init.runId);
    const eventsKey = this.#key("e", init.runId);
    const threadKey = this.#key("t", init.threadId);
    const created = await this.#send("create a run", ["SET", runKey, JSON.stringify(record), "NX", "PX", String(keepMs)]);
    if (created === null) return undefined;
    await Promise.all([
      this.#send("create a run", ["XADD", eventsKey, START_ID, "start", "1"]),
      this.#send("create a run", ["PEXPIRE", eventsKey, String(eventsMs)]),
      this.#send("create a run", ["ZADD", threadKey, String(init.startedAt), init.runId]),
      this.#send("create a run", ["PEXPIRE", threadKey, String(keepMs)]),
    ]);

    const run = new MemoryRun(init, this.#retention.maxEvents);
    this.#local.set(init.runId, run);
    // The reader must now hear stops sent to this instance.
    this.#reader.poke();
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
      flushing = this.#send("append an event", ["EVAL", APPEND_SCRIPT, "1", eventsKey, maxLen, ...args]).then(checkWritten, fail);
    };
    return {
      append: (data) => {
        const seq = run.append(data);
        // Only the newest events stay in memory; a follower behind them reads Redis.
        // (Half is dropped at once, so the copy is made once per half, not once per event.)
        if (run.size > this.#localBytes) run.keepWithin(this.#localBytes / 2);
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
        flush();
        await flushing;
        this.#local.delete(init.runId);
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
      onStop: (listener) => run.stops.push(listener),
    };
  }

  async get(runId: string): Promise<RunLookup> {
    const record = await this.#record(runId);
    if (!record) return { kind: "missing" };
    const now = Date.now();
    if (record.status === "ended" && record.expiresAt !== undefined && now >= record.expiresAt) return { kind: "expired", run: plain(record) };
    const local = this.#local.get(runId);
    const key = this.#key("e", runId);
    const [head, tail] = (await Promise.all([
      this.#send("read a run", ["XRANGE", key, eventId(0), "+", "COUNT", "1"]),
      local ? Promise.resolve(null) : this.#send("read a run", ["XREVRANGE", key, "+", "-", "COUNT", "2"]),
    ])) as [StreamEntry[] | null, StreamEntry[] | null];
    const lastEvent = local?.last ?? (tail ?? []).map(([id]) => seqOf(id)).find((seq) => seq !== undefined) ?? 0;
    const lastSeq = record.status === "ended" ? (record.lastSeq ?? lastEvent) : lastEvent;
    const firstSeq = seqOf(head?.[0]?.[0] ?? "") ?? (local ? Math.min(local.first, lastSeq + 1) : lastSeq + 1);
    return { kind: "found", run: local?.record ?? plain(record), lastSeq, firstSeq };
  }

  async runsOf(threadId: string): Promise<RunRecord[]> {
    const key = this.#key("t", threadId);
    const ids = ((await this.#send("list a thread's runs", ["ZRANGE", key, "0", "-1"])) as string[] | null) ?? [];
    if (ids.length === 0) return [];
    const raw = (await this.#send("list a thread's runs", ["MGET", ...ids.map((id) => this.#key("r", id))])) as (string | null)[];
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
    if (gone.length > 0) void this.#send("list a thread's runs", ["ZREM", key, ...gone]).catch(() => undefined);
    return runs.sort((a, b) => a.startedAt - b.startedAt);
  }

  follow(runId: string, afterSeq: number, signal: AbortSignal): AsyncIterable<readonly LoggedEvent[]> {
    return this.#follow(runId, afterSeq, signal);
  }

  /**
   * A run's events: from memory while this instance produces it and holds them, from Redis
   * otherwise (catching up with XRANGE, then waiting on the shared reader for each new entry).
   */
  async *#follow(runId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<readonly LoggedEvent[]> {
    const key = this.#key("e", runId);
    let cursor = afterSeq;
    let first = true;
    let live = false;
    let checkedAt = Date.now();
    while (!signal.aborted) {
      const local = this.#local.get(runId);
      if (local !== undefined && cursor + 1 >= local.first) {
        // Held here: the rest comes from memory (it ends when the run does), unless memory lets go
        // of events this follower has not read yet (it reads slowly): then from Redis again.
        try {
          for await (const batch of local.follow(cursor, signal)) {
            cursor = batch[batch.length - 1]!.seq;
            yield batch;
          }
          return;
        } catch (error) {
          if (!(error instanceof AgentHandlerError && error.code === "EVENTS_TRIMMED")) throw error;
          live = false;
          continue;
        }
      }
      // Behind what memory holds, or produced elsewhere: Redis. New entries come from the shared
      // reader; catching up (or after a wait that found nothing) is a plain range read.
      let entries: StreamEntry[] | null;
      if (live) {
        entries = await this.#reader.wait(key, eventId(cursor), signal);
        if (signal.aborted) return;
        if (entries === null) {
          live = false;
          if (Date.now() - checkedAt >= 5 * this.#blockMs) {
            checkedAt = Date.now();
            const record = await this.#record(runId);
            if (!record) throw new AgentHandlerError("RUN_NOT_FOUND", `Run '${runId}' left the run log while it was being followed.`);
            if (record.expiresAt !== undefined && Date.now() >= record.expiresAt) {
              throw new AgentHandlerError("RUN_EXPIRED", `Run '${runId}' passed its retention while it was being followed.`);
            }
            if (record.status === "running" && Date.now() > record.deadline + this.#blockMs) return;
          }
          continue;
        }
      } else {
        entries = (await this.#send("read a run", ["XRANGE", key, eventId(cursor + 1), "+", "COUNT", String(RANGE_COUNT)])) as StreamEntry[];
        if (entries.length < RANGE_COUNT) live = true;
        if (entries.length === 0) continue;
      }
      const events: LoggedEvent[] = [];
      let ended = false;
      for (const [id, fields] of entries) {
        if (id === END_ID) {
          ended = true;
          break;
        }
        const seq = seqOf(id);
        if (seq === undefined || seq <= cursor) continue;
        if (first && seq > cursor + 1) {
          throw new AgentHandlerError("EVENTS_TRIMMED", `Run '${runId}' no longer holds event ${cursor + 1} (it keeps the last ${this.#retention.maxEvents}).`);
        }
        first = false;
        events.push({ seq, data: fields[1] ?? "" });
        cursor = seq;
      }
      first = false;
      yield* inBatches(events);
      if (ended) return;
    }
  }

  async stop(runId: string): Promise<void> {
    if (this.#stopLocal(runId)) return;
    const record = await this.#record(runId);
    if (record?.status !== "running" || record.producer === undefined) return;
    const control = this.#key("c", record.producer);
    await Promise.all([
      this.#send("stop a run", ["XADD", control, "MAXLEN", "~", "1000", "*", "stop", runId]),
      this.#send("stop a run", ["PEXPIRE", control, String(Math.max(60_000, this.#retention.ttlMs))]),
    ]);
  }

  /** Stops a run produced here; false when this instance does not produce it. */
  #stopLocal(runId: string): boolean {
    const run = this.#local.get(runId);
    if (!run) return false;
    for (const listener of run.stops) listener();
    return true;
  }

  async close(): Promise<void> {
    this.#reader.close();
  }

  async #record(runId: string): Promise<StoredRecord | undefined> {
    return parseRecord((await this.#send("read a run", ["GET", this.#key("r", runId)])) as string | null);
  }
}

/** `events` in batches of at most FOLLOW_BATCH_BYTES (a larger single event alone). */
function* inBatches(events: LoggedEvent[]): Generator<readonly LoggedEvent[]> {
  let batch: LoggedEvent[] = [];
  let size = 0;
  for (const event of events) {
    if (batch.length > 0 && size + event.data.length > FOLLOW_BATCH_BYTES) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(event);
    size += event.data.length;
  }
  if (batch.length > 0) yield batch;
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
  const { lastSeq: _lastSeq, expiresAt: _expiresAt, producer: _producer, ...run } = record;
  return run;
}
