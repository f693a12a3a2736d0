// The playground's AG-UI server: POST /agent streams a scripted run, POST /agent/connect attaches
// to a thread (AG-UI connect: the long thread's history), GET /scenarios lists the scripts for the
// apps' picker. CORS is open so the Vite apps on other ports can call it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Attempts } from "./attempts.js";
import { Holds } from "./holds.js";
import type { Pacing } from "./pacing.js";
import { RequestError, sendError, sendJson } from "./request-error.js";
import { readRunRequest } from "./run-request.js";
import { streamRun, type RunReport } from "./run-stream.js";
import { scenarioListing } from "./scenarios/index.js";
import { createAgentHandler, memoryRunStore, toNodeListener, type RunStore } from "@threadline/core/server";
import { describeRun, MAX_BODY_BYTES } from "./run-request.js";
import { HISTORY_LENGTH } from "./scenarios/long-thread.js";
import { scenarioSource } from "./scenario-source.js";
import { SCRIPTED_CAPABILITIES } from "./capabilities.js";
import { handleMcp } from "./mcp/sales-server.js";

export interface ServerOptions {
  /** 0 (the default here) picks a free port; the CLI passes PORT or 8787. */
  port?: number;
  /**
   * A fixed gap before every event, ignoring the scenarios' pauses; 0 streams as fast as the
   * socket takes it (tests). A request's own `delay` or `speed` still wins.
   */
  delayMs?: number;
  /** Real-time pacing multiplier when `delayMs` is not set (default 1). */
  speed?: number;
  /** Called once per run when it ends, however it ends. */
  onRunEnd?: (report: RunReport) => void;
  /**
   * The run log of the resumable route (`/resumable/agent`, through createAgentHandler): memory by
   * default; the CLI passes a Redis one when THREADLINE_RUN_STORE=redis://… is set.
   */
  runStore?: RunStore;
}

export interface PlaygroundServer {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
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

type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

const RESUMABLE_PATHS = new Set([
  "/resumable/agent",
  "/resumable/agent/connect",
  "/resumable/agent/capabilities",
  "/flaky/agent",
  "/flaky/agent/connect",
  "/flaky/agent/capabilities",
]);

/**
 * `/resumable/agent`: the same scenarios through Threadline's handler — numbered events, runs that
 * outlive their connection, resume by Last-Event-ID. `/flaky/agent` (or `?flaky=1`) is the same over
 * a flaky network: each response is cut after a random 100–600 ms, and the client resumes.
 */
function resumableRoute(options: ServerOptions, attempts: Attempts, origin: () => string): NodeListener {
  const fallback: Pacing =
    options.delayMs !== undefined ? { kind: "fixed", delayMs: options.delayMs } : { kind: "paced", speed: options.speed ?? 1 };
  const handler = createAgentHandler({
    // A local development server (127.0.0.1) whose pages come from other ports: every page is the
    // same owner, and any origin may call. An app on a network passes its session's user instead.
    owner: "anonymous",
    origins: "*",
    store: options.runStore ?? memoryRunStore(),
    headers: { ...CORS, "access-control-allow-methods": "GET, POST, DELETE, OPTIONS", "access-control-expose-headers": "x-threadline-resume, x-threadline-run-id" },
    source: (input, request) => scenarioSource(describeRun(input, new URL(request.url).searchParams, fallback), attempts, origin()),
    capabilities: SCRIPTED_CAPABILITIES,
    // A run on the long thread sends its 100,000 messages back (AG-UI's RunAgentInput carries the
    // thread), about 25 MB, and the handler logs that input in the run's RUN_STARTED (for a second
    // device): over the defaults (4 MiB bodies, 10,000 messages, 8 MiB events, 32 MiB a run),
    // which suit shorter threads.
    limits: { bodyBytes: MAX_BODY_BYTES, messages: 2 * HISTORY_LENGTH, eventBytes: MAX_BODY_BYTES, runBytes: 2 * MAX_BODY_BYTES },
  });
  const listener = toNodeListener(handler);
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "OPTIONS") {
      for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
      res.setHeader("access-control-allow-methods", "GET, POST, DELETE, OPTIONS");
      res.writeHead(204, { "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "content-type, accept, last-event-id" });
      res.end();
      return;
    }
    if (url.pathname.startsWith("/flaky/") || url.searchParams.has("flaky")) {
      const cut = setTimeout(() => res.socket?.destroy(), 100 + Math.floor(Math.random() * 500));
      res.on("close", () => clearTimeout(cut));
    }
    listener(req, res);
  };
}

function route(req: IncomingMessage, res: ServerResponse, options: ServerOptions, attempts: Attempts, holds: Holds, resumable: NodeListener, origin: () => string) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (RESUMABLE_PATHS.has(url.pathname)) {
    resumable(req, res);
    return;
  }
  // The MCP server of the mcp-app scenario (Streamable HTTP, stateless); only the agent's
  // middleware on this machine talks to it, never the browser.
  if (url.pathname === "/mcp") {
    void handleMcp(req, res).catch((error: unknown) => fail(res, error));
    return;
  }
  for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);

  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "content-type, accept",
    });
    res.end();
    return;
  }
  if (url.pathname === "/agent" || url.pathname === "/agent/connect") {
    if (req.method !== "POST") {
      res.setHeader("allow", "POST, OPTIONS");
      throw new RequestError(405, "method_not_allowed", `POST a RunAgentInput to ${url.pathname}`);
    }
    const mode = url.pathname === "/agent" ? "run" : "connect";
    const pacing: Pacing =
      options.delayMs !== undefined
        ? { kind: "fixed", delayMs: options.delayMs }
        : { kind: "paced", speed: options.speed ?? 1 };
    void readRunRequest(req, url.searchParams, pacing, mode)
      .then((run) => streamRun(req, res, run, attempts, holds, origin()))
      .then((report) => options.onRunEnd?.(report))
      .catch((error: unknown) => fail(res, error));
    return;
  }
  if (url.pathname.startsWith("/holds/")) {
    const threadId = decodeURIComponent(url.pathname.slice("/holds/".length));
    if (threadId === "") throw new RequestError(400, "missing_thread", "name the thread: /holds/<threadId>");
    if (req.method === "POST") {
      holds.arm(threadId);
      sendJson(res, 200, { threadId, held: true });
      return;
    }
    if (req.method === "DELETE") {
      if (!holds.release(threadId)) throw new RequestError(404, "not_held", `no disconnect is held for thread '${threadId}'`);
      sendJson(res, 200, { threadId, held: false });
      return;
    }
    res.setHeader("allow", "POST, DELETE, OPTIONS");
    throw new RequestError(405, "method_not_allowed", `POST or DELETE ${url.pathname}`);
  }
  if (req.method !== "GET") {
    res.setHeader("allow", "GET, OPTIONS");
    throw new RequestError(405, "method_not_allowed", `${url.pathname} only answers GET`);
  }
  if (url.pathname === "/scenarios") {
    sendJson(res, 200, { scenarios: scenarioListing() });
    return;
  }
  if (url.pathname === "/") {
    sendJson(res, 200, {
      name: "Threadline playground AG-UI server",
      endpoints: { agent: "POST /agent?scenario=NAME", connect: "POST /agent/connect?scenario=NAME", scenarios: "GET /scenarios" },
    });
    return;
  }
  throw new RequestError(404, "not_found", `no route for ${req.method} ${url.pathname}`);
}

function fail(res: ServerResponse, error: unknown): void {
  const refusal =
    error instanceof RequestError ? error : new RequestError(500, "internal", `playground server error: ${String(error)}`);
  if (!res.headersSent) sendError(res, refusal);
  else res.destroy();
}

export function startServer(options: ServerOptions = {}): Promise<PlaygroundServer> {
  const attempts = new Attempts();
  const holds = new Holds();
  // Known once the server listens; runs only start after that.
  let listening = "";
  const origin = () => listening;
  const resumable = resumableRoute(options, attempts, origin);
  const server = createServer((req, res) => {
    try {
      route(req, res, options, attempts, holds, resumable, origin);
    } catch (error) {
      fail(res, error);
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${port}`;
      listening = origin;
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
