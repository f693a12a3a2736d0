import { RunStoreError } from "./errors.js";

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
  /**
   * Sends a command; rejects with `RunStoreError` when it fails or when no reply came within
   * `timeoutMs` (a wedged connection answers nothing: the caller must not wait for ever).
   */
  send(what: string, args: string[], timeoutMs: number): Promise<unknown>;
  close(): void;
}

// ioredis also has a `sendCommand`, taking its own Command objects: `call` is checked first.
function isIoRedis(client: RedisClientLike): client is IoRedisLike {
  return "call" in client && typeof client.call === "function";
}

function timed(raw: (args: string[]) => Promise<unknown>): RedisConnection["send"] {
  return (what, args, timeoutMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new RunStoreError(what, `Redis did not answer ${args[0]} within ${timeoutMs} ms`)), timeoutMs);
      (timer as { unref?: () => void }).unref?.();
      let sent: Promise<unknown>;
      try {
        sent = raw(args);
      } catch (error) {
        sent = Promise.reject(error);
      }
      sent.then(
        (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof RunStoreError ? error : new RunStoreError(what, error));
        },
      );
    });
}

/** The app's client as the store's main connection (never closed by the store). */
export function connectionOf(client: RedisClientLike): RedisConnection {
  if (isIoRedis(client)) return { send: timed(([name, ...rest]) => client.call(name!, ...rest)), close: () => undefined };
  if ("sendCommand" in client && typeof client.sendCommand === "function") {
    return { send: timed((args) => client.sendCommand(args)), close: () => undefined };
  }
  throw new TypeError("redisRunStore needs a node-redis client (sendCommand) or an ioredis client (call).");
}

/**
 * A second connection for blocking reads (XREAD BLOCK holds its connection until it returns, so it
 * cannot share the app's). Closed by the store.
 */
export async function duplicateOf(client: RedisClientLike, timeoutMs: number): Promise<RedisConnection> {
  const quiet = (copy: unknown): void =>
    // Connection errors arrive as 'error' events; unheard, they would crash the app.
    (copy as { on?: (name: string, listener: (error: unknown) => void) => void }).on?.("error", () => undefined);
  if (!isIoRedis(client)) {
    const copy = client.duplicate() as NodeRedisLike;
    quiet(copy);
    const close = (): void => {
      try {
        if (typeof copy.destroy === "function") copy.destroy();
        else void Promise.resolve(copy.disconnect?.()).catch(() => undefined);
      } catch {
        // Already closed.
      }
    };
    try {
      await timed(() => copy.connect())("open a connection for reading", ["CONNECT"], timeoutMs);
    } catch (error) {
      close();
      throw error;
    }
    return { send: timed((args) => copy.sendCommand(args)), close };
  }
  const copy = (client as IoRedisLike).duplicate();
  quiet(copy);
  return {
    send: timed(([name, ...rest]) => copy.call(name!, ...rest)),
    close: () => copy.disconnect(),
  };
}
