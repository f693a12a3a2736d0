// The fake AG-UI producer of FORMAT.md ("How the upstream TS runner applies a fixture", step 1):
// a node:http server on 127.0.0.1 that records each POSTed RunAgentInput and answers with a
// scripted stream as Server-Sent Events, one event per frame, then ends the response — the end
// of the body is the end of the stream the client sees. One server serves a whole test file;
// each run gets its own path, so what it recorded cannot be mixed up with another run's.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Replay {
  /** The request body, parsed as JSON (the raw text when it is not JSON). */
  request: unknown;
  /** The events as written to the wire (timestamps added), in order. */
  sent: unknown[];
}

export interface ReplayServer {
  /** Arms `key` to replay `stream` and returns the URL to POST to. */
  endpoint(key: string, stream: readonly unknown[]): string;
  /** What the run at `key` sent and received; undefined until a request arrived. */
  replay(key: string): Replay | undefined;
  close(): Promise<void>;
}

/**
 * The one deviation from "verbatim" the upstream replay server has: an event object without a
 * `timestamp`, or with `timestamp: null`, gets one. A present, wrong timestamp passes through.
 */
function stamped(event: unknown): unknown {
  if (typeof event !== "object" || event === null || Array.isArray(event)) return event;
  const timestamp = (event as { timestamp?: unknown }).timestamp;
  return timestamp === undefined || timestamp === null ? { ...event, timestamp: Date.now() } : event;
}

export async function startReplayServer(): Promise<ReplayServer> {
  const streams = new Map<string, readonly unknown[]>();
  const replays = new Map<string, Replay>();
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? "/").slice(1));
    const stream = streams.get(key);
    if (req.method !== "POST" || stream === undefined) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end(`no fixture armed at /${key}`);
      return;
    }
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      let request: unknown = body;
      try {
        request = JSON.parse(body);
      } catch {
        // Kept as text: a subset match against it then fails and shows what arrived.
      }
      const sent = stream.map(stamped);
      replays.set(key, { request, sent });
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      for (const event of sent) res.write(`data: ${JSON.stringify(event)}\n\n`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint(key, stream) {
      streams.set(key, stream);
      replays.delete(key);
      return `http://127.0.0.1:${port}/${encodeURIComponent(key)}`;
    },
    replay: (key) => replays.get(key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
