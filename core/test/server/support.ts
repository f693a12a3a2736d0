// Parts for the server tests: a scripted AG-UI agent (run(input) returning an rxjs Observable,
// like every @ag-ui/client agent), the handler on a real node:http server, and a TCP proxy that
// cuts connections where a test says.
import http from "node:http";
import net from "node:net";
import { Observable } from "rxjs";
import type { AgUiAgentLike } from "../../src/transport/from-agent.js";
import type { RunAgentInput } from "../../src/protocol/events.js";
import { toNodeListener, type AgentHandler } from "../../src/server/index.js";

/** A text answer with multi-byte characters in every delta (2-, 3- and 4-byte UTF-8). */
export function answerEvents(input: RunAgentInput, deltas = 24): Record<string, unknown>[] {
  const messageId = `m-${input.runId}`;
  const events: Record<string, unknown>[] = [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
  ];
  for (let i = 0; i < deltas; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: `tök${i} 世界😀 ` });
  events.push({ type: "TEXT_MESSAGE_END", messageId }, { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  return events;
}

export interface ScriptedAgent extends AgUiAgentLike {
  /** Runs started, and how many were unsubscribed before they completed. */
  readonly runs: RunAgentInput[];
  cancelled: number;
}

/**
 * Emits `script(input)` one event per `gapMs` (0: one per macrotask). `hold(i)`, when given, may
 * return a promise the agent waits on before event i (a test's gate).
 */
export function scriptedAgent(
  script: (input: RunAgentInput) => Record<string, unknown>[] = (input) => answerEvents(input),
  options: { gapMs?: number; hold?: (index: number, input: RunAgentInput) => Promise<void> | undefined; failAt?: number } = {},
): ScriptedAgent {
  const agent: ScriptedAgent = {
    runs: [],
    cancelled: 0,
    run(input) {
      agent.runs.push(input);
      return new Observable<unknown>((observer) => {
        const events = script(input);
        let stopped = false;
        void (async () => {
          for (let i = 0; i < events.length; i++) {
            if (options.failAt === i) {
              stopped = true;
              observer.error(new Error("the model provider went away"));
              return;
            }
            const gate = options.hold?.(i, input);
            if (gate) await gate;
            await new Promise((resolve) => (options.gapMs ? setTimeout(resolve, options.gapMs) : setImmediate(resolve)));
            if (stopped) return;
            observer.next(events[i]);
          }
          stopped = true;
          observer.complete();
        })();
        return () => {
          if (!stopped) agent.cancelled++;
          stopped = true;
        };
      }) as unknown as ReturnType<AgUiAgentLike["run"]>;
    },
  };
  return agent;
}

export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

export async function serve(handler: AgentHandler, path = "/agent"): Promise<Served> {
  const server = http.createServer(toNodeListener(handler));
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Decides, per proxied connection, after how many response bytes it is cut (`undefined` or a
 * negative number: not yet).
 * `seen` is everything the server sent on that connection so far, so a rule can cut inside a
 * given pattern (an event, a multi-byte character).
 */
export type CutRule = (connection: number, seen: Buffer) => number | undefined;

export interface DropProxy {
  readonly url: (path: string) => string;
  readonly connections: number;
  readonly cuts: number;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to `target` (host:port) that destroys a connection where `cut` says. */
export async function dropProxy(targetPort: number | (() => number), cut: CutRule): Promise<DropProxy> {
  let connections = 0;
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const index = connections++;
    const port = typeof targetPort === "function" ? targetPort() : targetPort;
    const upstream = net.connect(port, "127.0.0.1");
    sockets.add(client).add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
    };
    // A cut closes the client's side with FIN after the bytes before it (a RST would make the
    // kernel discard bytes the client has not read yet), and drops the server's side.
    const cutHere = (): void => {
      upstream.destroy();
      client.end(() => client.destroy());
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", () => {
      if (!done) drop();
    });
    client.pipe(upstream);
    let seen = Buffer.alloc(0);
    let done = false;
    upstream.on("data", (data: Buffer) => {
      if (done) return;
      const before = seen.length;
      seen = Buffer.concat([seen, data]);
      const at = cut(index, seen);
      if (at !== undefined && at >= 0 && at < seen.length) {
        done = true;
        cuts++;
        if (at > before) client.write(data.subarray(0, at - before));
        cutHere();
        return;
      }
      client.write(data);
    });
    upstream.on("end", () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    get connections() {
      return connections;
    },
    get cuts() {
      return cuts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Reads an SSE response into `{ id, data }` frames (test-side, deliberately independent of core's decoder). */
export async function readFrames(response: Response): Promise<{ id: string | undefined; data: unknown }[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "" && !block.startsWith(":"))
    .map((block) => {
      const lines = block.split("\n");
      const id = lines.find((line) => line.startsWith("id: "))?.slice(4);
      const data = lines.find((line) => line.startsWith("data: "))!.slice(6);
      return { id, data: JSON.parse(data) as unknown };
    });
}
