// The Mastra playground backend: POST /agent runs the Mastra agent through the official AG-UI
// bridge (@ag-ui/mastra) and streams its events with the official encoder. CORS is open so the
// playground's apps on other ports can call it.
import "./no-telemetry.js";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { EventType, type BaseEvent, type RunAgentInput, type RunErrorEvent } from "@ag-ui/core";
import { AGUI_MEDIA_TYPE, EventEncoder } from "@ag-ui/encoder";
import { MastraAgent } from "@ag-ui/mastra";
import { AGENT_ID, createAgent, type AgentOptions } from "./agent.js";

export interface MastraServerOptions extends AgentOptions {
  /** 0 (the default) picks a free port; the dev script passes PORT or 8788. */
  port?: number;
  /** Called once per run when its response ends. */
  onRunEnd?: (report: MastraRunReport) => void;
}

export interface MastraRunReport {
  threadId: string;
  runId: string;
  events: number;
  end: "finished" | "error" | "client-closed";
}

export interface MastraServer {
  /** Base URL, e.g. `http://127.0.0.1:8788`. */
  origin: string;
  /** The AG-UI endpoint: `${origin}/agent`. */
  url: string;
  close(): Promise<void>;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-max-age": "600",
};
const MAX_BODY = 8 * 1024 * 1024;

export function startMastraServer(options: MastraServerOptions = {}): Promise<MastraServer> {
  const agent = createAgent(options);
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "content-type, accept",
      });
      res.end();
    } else if (path === "/agent" && req.method === "POST") {
      readInput(req)
        .then((input) => streamRun(agent, input, req, res, options.onRunEnd))
        .catch((error: unknown) => refuse(res, 400, "bad_request", String((error as Error).message ?? error)));
    } else if (path === "/agent") {
      res.setHeader("allow", "POST, OPTIONS");
      refuse(res, 405, "method_not_allowed", "POST a RunAgentInput to /agent");
    } else if (path === "/" && req.method === "GET") {
      send(res, 200, { name: "Threadline playground Mastra backend", endpoints: { agent: "POST /agent" } });
    } else {
      refuse(res, 404, "not_found", `no route for ${req.method} ${path}`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        origin,
        url: `${origin}/agent`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function streamRun(
  agent: ReturnType<typeof createAgent>,
  input: RunAgentInput,
  req: IncomingMessage,
  res: ServerResponse,
  onRunEnd: MastraServerOptions["onRunEnd"],
): void {
  // Protobuf only when asked for by name: the encoder alone would pick it for `*/*` (a bare fetch).
  const accept = req.headers.accept ?? "";
  const protobuf = accept.includes(AGUI_MEDIA_TYPE);
  const encoder = new EventEncoder({ accept: protobuf ? accept : "text/event-stream" });
  res.writeHead(200, { "content-type": encoder.getContentType(), "cache-control": "no-cache" });
  let events = 0;
  const end = (how: MastraRunReport["end"]): void => {
    onRunEnd?.({ threadId: input.threadId, runId: input.runId, events, end: how });
  };
  let lastText: string | undefined;
  const write = (sent: BaseEvent): void => {
    let event = sent;
    // @ag-ui/mastra names the step's first message as the parent of every tool call of the run,
    // even after it has started another text message: the call's card would then be drawn
    // above text that streamed before it. A call belongs to the text message it followed.
    // The bridge sends chunks (TEXT_MESSAGE_CHUNK, TOOL_CALL_CHUNK) as well as START events.
    const textId = (event as BaseEvent & { messageId?: string }).messageId;
    if ((event.type === EventType.TEXT_MESSAGE_START || event.type === EventType.TEXT_MESSAGE_CHUNK) && textId !== undefined) lastText = textId;
    const parent = (event as BaseEvent & { parentMessageId?: string }).parentMessageId;
    const opensCall = event.type === EventType.TOOL_CALL_START || event.type === EventType.TOOL_CALL_CHUNK;
    if (opensCall && lastText !== undefined && parent !== undefined && parent !== lastText) {
      event = { ...event, parentMessageId: lastText } as BaseEvent;
    }
    events++;
    res.write(protobuf ? encoder.encodeBinary(event) : encoder.encodeSSE(event));
  };
  // A bridge per request, as @ag-ui/mastra intends: it keeps per-run bookkeeping. The Mastra
  // agent (and its memory, which holds every thread's history) is shared.
  const bridge = new MastraAgent({ agentId: AGENT_ID, agent });
  const subscription = bridge.run(input).subscribe({
    next: write,
    // The bridge reports a failed run by erroring its Observable, not with an event: the
    // response still has to end with RUN_ERROR for the stream to be a complete AG-UI run.
    error: (error: unknown) => {
      const runError: RunErrorEvent = { type: EventType.RUN_ERROR, message: errorMessage(error) };
      write(runError);
      res.end();
      end("error");
    },
    complete: () => {
      res.end();
      end("finished");
    },
  });
  res.on("close", () => {
    if (!subscription.closed) {
      subscription.unsubscribe();
      end("client-closed");
    }
  });
}

async function readInput(req: IncomingMessage): Promise<RunAgentInput> {
  let body = "";
  req.setEncoding("utf8");
  for await (const chunk of req) {
    body += chunk as string;
    if (body.length > MAX_BODY) throw new Error(`request body over ${MAX_BODY} characters`);
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Error("the request body is not JSON");
  }
  if (typeof value !== "object" || value === null) throw new Error("the request body is not a RunAgentInput object");
  const input = value as Partial<RunAgentInput>;
  if (typeof input.threadId !== "string" || typeof input.runId !== "string") {
    throw new Error("RunAgentInput needs string threadId and runId");
  }
  return {
    state: {},
    messages: [],
    tools: [],
    context: [],
    forwardedProps: {},
    ...input,
  } as RunAgentInput;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  send(res, status, { error: { code, message } });
}
