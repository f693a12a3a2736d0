// A real AG-UI server for tests: node:http on 127.0.0.1 (a free port), answering with events
// encoded by the official @ag-ui/encoder (SSE or protobuf, as the request's Accept asks), and
// closed by the test that started it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { EventEncoder } from "@ag-ui/encoder";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { sleep } from "./wait.js";

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Settles when the response's connection closes; `finished` is false if it closed before the
   * handler ended the response (the client went away, or the handler destroyed the socket). */
  closed: Promise<{ finished: boolean }>;
}

export type Handler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  seen: SeenRequest,
) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const closed = new Promise<{ finished: boolean }>((resolve) => {
      res.on("close", () => resolve({ finished: res.writableFinished }));
    });
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const seen: SeenRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, closed };
    requests.push(seen);
    try {
      await handler(req, res, seen);
    } catch (error) {
      if (!res.headersSent) res.writeHead(599);
      res.end(String(error));
    }
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One request as an AG-UI agent sees it: the parsed RunAgentInput, and its place in line. */
export interface Exchange {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  input: RunAgentInput;
  seen: SeenRequest;
  /** Which request this is on the server, from 0. */
  index: number;
}

export type AgentHandler = (exchange: Exchange) => void | Promise<void>;

/** A server whose handler gets the parsed input of each request. */
export function agentServer(handler: AgentHandler): Promise<TestServer> {
  let count = 0;
  return startServer(async (req, res, seen) => {
    const index = count++;
    await handler({ req, res, input: JSON.parse(seen.body) as RunAgentInput, seen, index });
  });
}

export interface ServerPerTest {
  /** Starts a server for the running test; it is closed when the test ends. */
  start(handler: Handler): Promise<TestServer>;
  /** The same, with the handler given each request's RunAgentInput (see `agentServer`). */
  startAgent(handler: AgentHandler): Promise<TestServer>;
  /** The server the running test started last. */
  readonly current: TestServer;
}

/** Call once at the top of a test file: servers started through it are closed after each test. */
export function serverPerTest(): ServerPerTest {
  const open: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  const track = (server: TestServer): TestServer => {
    open.push(server);
    return server;
  };
  return {
    start: async (handler) => track(await startServer(handler)),
    startAgent: async (handler) => track(await agentServer(handler)),
    get current() {
      const server = open[open.length - 1];
      if (server === undefined) throw new Error("no test server was started in this test");
      return server;
    },
  };
}

/** Writes and waits until the bytes are handed to the socket, so separate writes stay separate. */
export function write(res: http.ServerResponse, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => res.write(data, (error) => (error ? reject(error) : resolve())));
}

/** Writes one byte at a time with a pause after each, so the client sees many tiny chunks. */
export async function drip(res: http.ServerResponse, data: string | Uint8Array, pauseMs = 1): Promise<void> {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
  for (let i = 0; i < bytes.length; i++) {
    await write(res, bytes.subarray(i, i + 1));
    await sleep(pauseMs);
  }
}

/** Starts a 200 response the way an AG-UI server does, choosing the encoding from Accept. */
export function begin(req: http.IncomingMessage, res: http.ServerResponse): EventEncoder {
  const encoder = new EventEncoder({ accept: req.headers.accept });
  res.writeHead(200, { "Content-Type": encoder.getContentType(), "Cache-Control": "no-cache" });
  res.flushHeaders();
  return encoder;
}

/** Starts a 200 response (SSE or protobuf, by the request's Accept) and returns a writer. */
export function respond(exchange: Exchange): { encoder: EventEncoder; send(event: BaseEvent | object): Promise<void> } {
  const encoder = begin(exchange.req, exchange.res);
  return {
    encoder,
    send: (event) => write(exchange.res, encoder.encodeBinary(event as BaseEvent)),
  };
}

/** SSE written by hand: one `data:` line per event, each line ended by `eol` and a blank line. */
export function sseText(events: readonly unknown[], eol = "\n"): string {
  return events.map((event) => `data: ${JSON.stringify(event)}${eol}${eol}`).join("");
}
