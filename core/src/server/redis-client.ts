import { DEV } from "esm-env";
/**
 * The two Redis clients people use, seen through the one thing the store needs: send a command,
 * get its reply. node-redis (v4+) has `sendCommand(args)`, ioredis has `call(name, ...args)`;
 * both pipeline commands sent without awaiting each one. Core depends on neither.
 */
export interface NodeRedisLike {
  sendCommand(args: string[]): Promise<unknown>;
  duplicate(): NodeRedisLike;
  connect(): Promise<unknown>;
  destroy?(): void;
  disconnect?(): Promise<void> | void;
}

export interface IoRedisLike {
  call(command: string, ...args: string[]): Promise<unknown>;
  duplicate(): IoRedisLike;
  disconnect(): void;
}

export type RedisClientLike = NodeRedisLike | IoRedisLike;

/** One connection the store talks through. */
export interface RedisConnection {
  send(args: string[]): Promise<unknown>;
  close(): void;
}

// ioredis also has a `sendCommand`, taking its own Command objects: `call` is checked first.
function isIoRedis(client: RedisClientLike): client is IoRedisLike {
  return "call" in client && typeof client.call === "function";
}

export function connectionOf(client: RedisClientLike): RedisConnection {
  if (isIoRedis(client)) return { send: ([name, ...rest]) => client.call(name!, ...rest), close: () => undefined };
  if ("sendCommand" in client && typeof client.sendCommand === "function") {
    return { send: (args) => client.sendCommand(args), close: () => undefined };
  }
  throw new TypeError(DEV ? "redisRunStore needs a node-redis client (sendCommand) or an ioredis client (call)." : "");
}

/**
 * A second connection for blocking reads (XREAD BLOCK holds its connection until it returns, so it
 * cannot share the app's). Closed by the store.
 */
export async function duplicateOf(client: RedisClientLike): Promise<RedisConnection> {
  if (!isIoRedis(client)) {
    const copy = client.duplicate() as NodeRedisLike;
    // node-redis reports connection errors as 'error' events; unheard, they would crash the app.
    (copy as { on?: (name: string, listener: (error: unknown) => void) => void }).on?.("error", () => undefined);
    await copy.connect();
    return {
      send: (args) => copy.sendCommand(args),
      close: () => {
        try {
          if (typeof copy.destroy === "function") copy.destroy();
          else void Promise.resolve(copy.disconnect?.()).catch(() => undefined);
        } catch {
          // Already closed.
        }
      },
    };
  }
  const copy = (client as IoRedisLike).duplicate();
  (copy as { on?: (name: string, listener: (error: unknown) => void) => void }).on?.("error", () => undefined);
  return {
    send: ([name, ...rest]) => copy.call(name!, ...rest),
    close: () => copy.disconnect(),
  };
}
