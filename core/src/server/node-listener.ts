// What is used of node:http's IncomingMessage and ServerResponse, written out so that core's
// types need no @types/node (a real request and response fit these shapes).
export interface NodeIncomingMessage {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

export interface NodeServerResponse {
  readonly headersSent: boolean;
  /** Without a status text: node's own for the status (`401 Unauthorized`). */
  writeHead(status: number, headers: Record<string, string>): unknown;
  writeHead(status: number, statusText: string, headers: Record<string, string>): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(): unknown;
  on(event: "close", listener: () => void): unknown;
  once(event: "drain" | "close", listener: () => void): unknown;
  off(event: "drain" | "close", listener: () => void): unknown;
}

export interface NodeListenerOptions {
  /**
   * A response whose socket has not drained for this long (its client stopped reading) is
   * destroyed (ms). Default 30 s.
   */
  stallMs?: number;
}

/**
 * The handler's shape as the listener calls it: the context handed to `owner` is the listener's
 * third argument when given (an h3 event, say), node's request otherwise.
 */
export type NodeAgentHandler<C = NodeIncomingMessage> = (request: Request, context: C) => Promise<Response>;

/** A node request listener; it settles once the response is over. */
export type NodeRequestListener<C> = (req: NodeIncomingMessage, res: NodeServerResponse, context?: C) => Promise<void>;

/**
 * The handler as a `node:http` request listener: `http.createServer(toNodeListener(handler))`.
 * The handler's `owner` gets node's `IncomingMessage` as its context, or the listener's third
 * argument: inside h3 (Nuxt), `listener(event.node.req, event.node.res, event)` writes the response
 * with backpressure, which h3's own writing of a returned Response lacks. Both directions hold back:
 * the request body is read only as the handler asks for it, and the response is written only as
 * fast as the client reads (a client that stops reading is dropped after `stallMs`). A client that
 * goes away cancels its response body (the run itself goes on, see the handler). Only types are
 * imported from node, so the module loads in any runtime.
 */
export function toNodeListener<C = NodeIncomingMessage>(handler: NodeAgentHandler<C>, options: NodeListenerOptions = {}): NodeRequestListener<C> {
  const stallMs = options.stallMs ?? 30_000;
  return (req, res, ...context) => serve(handler, req, res, stallMs, context.length > 0 ? (context[0] as C) : (req as C));
}

async function serve<C>(handler: NodeAgentHandler<C>, req: NodeIncomingMessage, res: NodeServerResponse, stallMs: number, context: C): Promise<void> {
  const gone = new AbortController();
  res.on("close", () => gone.abort());
  let response: Response;
  try {
    response = await handler(toRequest(req, gone.signal), context);
  } catch (error) {
    // A handler from createAgentHandler answers every failure itself; this is someone else's.
    console.error("[threadline] request listener:", error);
    if (!res.headersSent) {
      res.writeHead(500, "Internal Server Error", { "content-type": "application/json", connection: "close" });
      res.write(new TextEncoder().encode(JSON.stringify({ error: { code: "HANDLER_FAILED", message: "The server failed to handle this request." } })));
      res.end();
    }
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A Response made with a status only has an empty statusText: node then writes the status's
  // usual reason (`HTTP/1.1 401 Unauthorized`), as a client's error message quotes it.
  if (response.statusText === "") res.writeHead(response.status, headers);
  else res.writeHead(response.status, response.statusText, headers);
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
      if (!res.write(value) && !(await drained(res, stallMs, reader.closed))) {
        void reader.cancel().catch(() => undefined);
        res.destroy();
        return;
      }
    }
    res.end();
  } catch {
    // The body failed mid-stream (its store broke, its client stalled): drop the connection so the
    // client sees it, rather than a clean end that would look like a complete answer.
    res.destroy();
  }
}

/**
 * Waits for the response to drain: false when it did not within `stallMs`, when it closed, or when
 * the body gave up first (the handler cuts a stalled client itself: `limits.stallMs`).
 */
function drained(res: NodeServerResponse, stallMs: number, bodyClosed: Promise<unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    bodyClosed.then(
      () => undefined,
      () => settle(false),
    );
    const settle = (ok: boolean): void => {
      clearTimeout(timer);
      res.off("drain", onDrain);
      res.off("close", onClose);
      resolve(ok);
    };
    const onDrain = (): void => settle(true);
    const onClose = (): void => settle(false);
    const timer = setTimeout(() => settle(false), stallMs);
    res.once("drain", onDrain);
    res.once("close", onClose);
  });
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
    // Pulled: node reads from the socket only while the handler wants more, so a body the handler
    // stops reading (too large) or never reads is not buffered here.
    req.pause();
    let ended = false;
    let cancelled = false;
    init.body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          req.on("data", (chunk) => {
            if (cancelled) return;
            controller.enqueue(new Uint8Array(chunk));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.on("end", () => {
            ended = true;
            if (!cancelled) controller.close();
          });
          req.on("error", (error) => {
            if (!cancelled) controller.error(error);
          });
        },
        pull() {
          if (!ended) req.resume();
        },
        cancel() {
          // The handler has its answer (a 413). The rest is read and dropped as it comes: closing
          // the socket with bytes unread would reset it, and the client could lose the answer
          // before reading it. Node's requestTimeout ends a body that never ends.
          cancelled = true;
          req.resume();
        },
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
    );
    init.duplex = "half";
  }
  return new Request(url, init);
}
