import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { EventEncoder } from "@ag-ui/encoder";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { scenarios, type ScenarioName } from "./scenarios.js";

export interface PlaygroundServer {
  url: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  port?: number;
  /** Milliseconds between events; 0 streams as fast as the socket takes them. */
  delayMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

async function handleRun(req: IncomingMessage, res: ServerResponse, options: ServerOptions) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const name = (url.searchParams.get("scenario") ?? "text") as ScenarioName;
  const scenario = scenarios[name];
  if (!scenario) {
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: `unknown scenario '${name}'` }));
    return;
  }
  const input = (await readJson(req)) as RunAgentInput;
  const encoder = new EventEncoder({ accept: req.headers.accept });
  res.writeHead(200, {
    "content-type": encoder.getContentType(),
    "cache-control": "no-cache",
    connection: "keep-alive",
    "access-control-allow-origin": "*",
  });
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  const delay = Number(url.searchParams.get("delay") ?? options.delayMs ?? 30);
  for (const event of scenario(input)) {
    if (closed) return;
    res.write(encoder.encode(event as BaseEvent));
    if (delay > 0) await sleep(delay);
  }
  res.end();
}

export function startServer(options: ServerOptions = {}): Promise<PlaygroundServer> {
  const server = createServer((req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "*",
        "access-control-allow-methods": "POST, OPTIONS",
      });
      res.end();
      return;
    }
    if (req.method === "POST" && req.url?.startsWith("/agent")) {
      handleRun(req, res, options).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: String(error) }));
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => {
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/agent`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
