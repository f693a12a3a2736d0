// A real redis-server for tests: Debian's binary on a free 127.0.0.1 port, no persistence,
// stopped by the test that started it (and restartable, for the "Redis went away" cases).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";

export interface RedisProcess {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
  /** Stops and starts it again on the same port: every key is gone (no persistence). */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open and nothing answers — a wedged Redis. */
  freeze(): void;
  /** Lets a frozen process go on (SIGCONT). */
  thaw(): void;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startRedis(): Promise<RedisProcess> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`redis-server is not at ${REDIS_SERVER}: run 'node scripts/ensure-redis.mjs' (installs Debian's redis-server) or set REDIS_SERVER_PATH.`);
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async (): Promise<void> => {
    const proc = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes", "--loglevel", "warning"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    child = proc;
    const exited = new Promise<never>((_, reject) => proc.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`))));
    exited.catch(() => undefined);
    await Promise.race([waitForPort(port), exited]);
  };
  const stop = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGKILL");
    });
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    restart: async () => {
      await stop();
      await launch();
    },
    freeze: () => void child?.kill("SIGSTOP"),
    thaw: () => void child?.kill("SIGCONT"),
  };
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.write("PING\r\n");
        socket.once("data", (data) => {
          socket.destroy();
          resolve(String(data).startsWith("+PONG"));
        });
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
