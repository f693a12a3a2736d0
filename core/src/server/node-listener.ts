import type { AgentHandler } from "./handler.js";

// What is used of node:http's IncomingMessage and ServerResponse, written out so that core's
// types need no @types/node (a real request and response fit these shapes).
export interface NodeIncomingMessage {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface NodeServerResponse {
  readonly headersSent: boolean;
  writeHead(status: number, statusText: string, headers: Record<string, string>): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(): unknown;
  on(event: "close", listener: () => void): unknown;
  once(event: "drain" | "close", listener: () => void): unknown;
}

/**
 * The handler as a `node:http` request listener: `http.createServer(toNodeListener(handler))`.
 * A client that goes away cancels its response body (the run itself goes on, see the handler).
 * Only types are imported from node, so the module loads in any runtime.
 */
export function toNodeListener(handler: AgentHandler): (req: NodeIncomingMessage, res: NodeServerResponse) => void {
  return (req, res) => {
    void serve(handler, req, res);
  };
}

async function serve(handler: AgentHandler, req: NodeIncomingMessage, res: NodeServerResponse): Promise<void> {
  const gone = new AbortController();
  res.on("close", () => gone.abort());
  let response: Response;
  try {
    response = await handler(toRequest(req, gone.signal));
  } catch (error) {
    if (!res.headersSent) {
      const body = JSON.stringify({ error: { code: "INTERNAL_ERROR", message: error instanceof Error ? error.message : String(error) } });
      res.writeHead(500, "Internal Server Error", { "content-type": "application/json" });
      res.write(new TextEncoder().encode(body));
      res.end();
    }
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, response.statusText, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  gone.signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Flush each chunk as it comes: SSE must not wait for a buffer to fill.
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          res.once("close", resolve);
        });
      }
    }
    res.end();
  } catch {
    // The body failed mid-stream (its store broke): drop the connection so the client sees it,
    // rather than a clean end that would look like a complete answer.
    res.destroy();
  }
}

function toRequest(req: NodeIncomingMessage, signal: AbortSignal): Request {
  const host = req.headers.host ?? "localhost";
  const url = new URL(req.url ?? "/", `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of typeof value === "string" ? [value] : value) headers.append(name, one);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal };
  if (hasBody) {
    init.body = new ReadableStream<Uint8Array>({
      start(controller) {
        req.on("data", (chunk) => controller.enqueue(new Uint8Array(chunk)));
        req.on("end", () => controller.close());
        req.on("error", (error) => controller.error(error));
      },
    });
    init.duplex = "half";
  }
  return new Request(url, init);
}
