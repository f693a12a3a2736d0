// A real AG-UI server on 127.0.0.1 (free port) speaking through @ag-ui/encoder, whose handler
// the test scripts per request. A GET (capability discovery: <url>/capabilities) is answered
// with the `capabilities` document given, or 404.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";

export interface Exchange {
  readonly input: RunAgentInput;
  /** Encodes and writes one event; resolves once it is handed to the socket. */
  send(event: object): Promise<void>;
  end(): void;
  /** Resolves when the connection closes; `finished` is false when the client went away first. */
  readonly closed: Promise<{ finished: boolean }>;
}

export interface AgentServer {
  readonly url: string;
  readonly exchanges: Exchange[];
  /** The path of every GET, in order. */
  readonly gets: string[];
  close(): Promise<void>;
}

export async function agentServer(handle: (exchange: Exchange) => Promise<void>, capabilities?: object): Promise<AgentServer> {
  const exchanges: Exchange[] = [];
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
    const closed = new Promise<{ finished: boolean }>((resolve) => res.on("close", () => resolve({ finished: res.writableFinished })));
    const encoder = new EventEncoder({ accept: req.headers.accept });
    res.writeHead(200, { "Content-Type": encoder.getContentType(), "Cache-Control": "no-cache" });
    const exchange: Exchange = {
      input: JSON.parse(body) as RunAgentInput,
      send: (event) =>
        new Promise((resolve, reject) =>
          res.write(encoder.encode(event as BaseEvent), (error) => (error ? reject(error) : resolve())),
        ),
      end: () => res.end(),
      closed,
    };
    exchanges.push(exchange);
    try {
      await handle(exchange);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    exchanges,
    gets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A promise the test resolves by hand: lets the server wait until the page has rendered. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
