// The run stores every server suite runs against: the memory store, and Redis Streams through
// node-redis and through ioredis on a real redis-server (each store on a key prefix of its own,
// unless the options name one) (started by `runStores()`'s beforeAll on a
// free 127.0.0.1 port, stopped with every client by its afterAll).
import { createClient } from "redis";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { memoryRunStore, redisRunStore, type MemoryRunStoreOptions, type RedisRunStoreOptions, type RunStore } from "../../src/server/index.js";
import { startRedis, type RedisProcess } from "./redis-server.js";

export type StoreOptions = MemoryRunStoreOptions & RedisRunStoreOptions;
export type StoreMaker = (options?: StoreOptions) => Promise<RunStore>;

export interface StoreKinds {
  /** [name, maker] rows for `describe.each`. */
  readonly makers: [string, StoreMaker][];
  /** The redis-server (set once beforeAll ran). */
  redis(): RedisProcess;
  /** A raw node-redis client on the same server (closed by afterAll), for looking at keys and clients. */
  inspect(): Promise<ReturnType<typeof createClient>>;
}

/** Registers the suite's beforeAll/afterAll and hands out the store makers. */
export function runStores(): StoreKinds {
  let redis: RedisProcess | undefined;
  const open: { close(): Promise<unknown> | unknown }[] = [];
  let keySpace = 0;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
    await redis?.stop();
  });
  const server = (): RedisProcess => {
    if (!redis) throw new Error("the redis-server is not started yet (call makers inside a test)");
    return redis;
  };
  const nodeRedis = async () => {
    const client = createClient({ url: server().url });
    client.on("error", () => undefined);
    await client.connect();
    open.push({ close: () => client.destroy() });
    return client;
  };
  const keep = (store: RunStore): RunStore => (open.push(store), store);
  return {
    makers: [
      ["memory", async (options = {}) => keep(memoryRunStore(options))],
      ["redis (node-redis)", async (options = {}) => keep(redisRunStore(await nodeRedis(), { blockMs: 200, keyPrefix: `t${keySpace++}:`, ...options }))],
      [
        "redis (ioredis)",
        async (options = {}) => {
          const client = new Redis(server().port, "127.0.0.1", { lazyConnect: false, maxRetriesPerRequest: 1 });
          client.on("error", () => undefined);
          open.push({ close: () => client.disconnect() });
          return keep(redisRunStore(client, { blockMs: 200, keyPrefix: `t${keySpace++}:`, ...options }));
        },
      ],
    ],
    redis: server,
    inspect: nodeRedis,
  };
}
