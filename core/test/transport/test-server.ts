// A real node:http server on 127.0.0.1 (free port) for transport tests, plus small helpers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { EventEncoder } from "@ag-ui/encoder";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { EventSink } from "../../src/transport/index.js";

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

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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

export const input: RunAgentInput = {
  threadId: "thread-1",
  runId: "run-1",
  messages: [{ id: "u1", role: "user", content: "Hello" }],
  tools: [],
  context: [],
  state: { count: 1 },
  forwardedProps: {},
};

/** A complete, well-ordered run of events, as an agent would stream it. */
export function runEvents(text: string[] = ["Hel", "lo ", "wörld 😀"]): BaseEvent[] {
  return [
    { type: "RUN_STARTED", threadId: "thread-1", runId: "run-1" },
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    ...text.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta })),
    { type: "TEXT_MESSAGE_END", messageId: "m1" },
    { type: "RUN_FINISHED", threadId: "thread-1", runId: "run-1" },
  ] as BaseEvent[];
}

export interface Collector {
  sink: EventSink;
  events: unknown[];
  warnings: string[];
  controller: AbortController;
}

/** A sink that records what it receives; `onEvent` can add behaviour per event. */
export function collect(onEvent?: (event: unknown, index: number) => void): Collector {
  const controller = new AbortController();
  const events: unknown[] = [];
  const warnings: string[] = [];
  return {
    controller,
    events,
    warnings,
    sink: {
      signal: controller.signal,
      onEvent(event) {
        events.push(event);
        onEvent?.(event, events.length - 1);
      },
      onWarning: (warning) => warnings.push(warning.code),
    },
  };
}

/** Resolves with what the promise rejected with; fails if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
}
