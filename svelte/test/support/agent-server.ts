// A real AG-UI server on 127.0.0.1 (a free port): node:http, encoded by @ag-ui/encoder (SSE or
// protobuf, by the request's Accept header). Each request's script is built from its input. A GET
// (capability discovery: <url>/capabilities) is answered with the `capabilities` document given, or 404.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";

export interface AgentExchange {
  readonly input: RunAgentInput;
  /** Sends one event and waits until it is handed to the socket. */
  send(event: object): Promise<void>;
  /** Resolves when the client closed the connection before the response ended. */
  readonly clientGone: Promise<void>;
  end(): void;
}

export interface AgentServer {
  readonly url: string;
  readonly inputs: RunAgentInput[];
  /** The path of every GET, in order. */
  readonly gets: string[];
  close(): Promise<void>;
}

export async function agentServer(script: (exchange: AgentExchange) => Promise<void>, capabilities?: object): Promise<AgentServer> {
  const inputs: RunAgentInput[] = [];
  const gets: string[] = [];
  const server = http.createServer(async (req, res) => {
    if (req.method === "GET") {
      gets.push(req.url ?? "");
      if (capabilities === undefined) res.writeHead(404).end();
      else res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(capabilities));
      return;
    }
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const input = JSON.parse(body) as RunAgentInput;
    inputs.push(input);
    const encoder = new EventEncoder({ accept: req.headers.accept });
    res.writeHead(200, { "Content-Type": encoder.getContentType(), "Cache-Control": "no-cache" });
    const clientGone = new Promise<void>((resolve) => res.on("close", () => !res.writableFinished && resolve()));
    const exchange: AgentExchange = {
      input,
      clientGone,
      send: (event) =>
        new Promise<void>((resolve, reject) =>
          res.write(encoder.encodeBinary(event as BaseEvent), (error) => (error ? reject(error) : resolve())),
        ),
      end: () => res.end(),
    };
    try {
      await script(exchange);
    } catch {
      // The client went away mid-script: nothing left to answer.
    } finally {
      if (!res.writableEnded) res.end();
    }
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    inputs,
    gets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
