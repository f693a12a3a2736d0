import type { AgentCapabilities } from "@ag-ui/core";
import { warnToConsole } from "../errors.js";
import type { RunAgentInput } from "../protocol/events.js";
import { fromAgent, type AgUiAgentLike } from "../transport/from-agent.js";
import { HttpAgent, type HttpHeaders } from "../transport/http-agent.js";
import { RESUME_HEADER, RESUME_PROTOCOL, RUN_ID_HEADER } from "../transport/reconnect.js";
import type { AgentSource } from "../transport/source.js";
import { AgentHandlerError, RunStoreError } from "./errors.js";
import { formatEventId, parseEventId, type EventPosition } from "./event-id.js";
import { memoryRunStore } from "./memory-run-store.js";
import { produceRun, type ProducedRun } from "./run-producer.js";
import type { LoggedEvent, RunRecord, RunStore } from "./run-store.js";


type AgentOption = AgUiAgentLike | ((input: RunAgentInput) => AgUiAgentLike);

interface CommonOptions {
  /** Where runs are logged. Default: `memoryRunStore()` (one process). */
  store?: RunStore;
  /** A run still going after this long is stopped and closed with RUN_ERROR `RUN_TIMEOUT`. Default 10 minutes. */
  runTimeoutMs?: number;
  /** An SSE comment is sent after this long without events, so proxies keep the connection. Default 15 s. */
  heartbeatMs?: number;
  /** Added to every response (CORS headers, say). */
  headers?: HeadersInit;
  /** Agent failures and store failures (the affected run is closed with RUN_ERROR either way). Default: console.error. */
  onError?: (error: unknown) => void;
  /**
   * Log the run's input (messages, state, tools) in its RUN_STARTED when the agent's has none
   * (AG-UI's optional `RUN_STARTED.input`), so a client following the run from another device gets
   * the thread it answers — the user's message too. Once per run; its size is the thread's.
   * Default true.
   */
  logInput?: boolean;
  /**
   * What `GET …/capabilities` (or `GET ?capabilities`) answers: an `AgentCapabilities` document,
   * or a function giving the current one. Default: the `agent`'s or `source`'s `getCapabilities()`,
   * or the upstream's `<url>/capabilities`; a 404 `CAPABILITIES_NOT_DECLARED` when there is none.
   */
  capabilities?: AgentCapabilities | ((request: Request) => AgentCapabilities | undefined | Promise<AgentCapabilities | undefined>);
}

export type AgentHandlerOptions = CommonOptions &
  (
    | {
        /**
         * An AG-UI agent object (`run(input)` returning a subscribable of events) — or a function
         * making one per run, for agents that hold per-run state (AG-UI's own agents do).
         */
        agent: AgentOption;
        upstream?: never;
        source?: never;
      }
    | {
        /** An AG-UI HTTP endpoint this handler proxies (its SSE is decoded and logged). */
        upstream: string | { url: string; headers?: (request: Request) => HttpHeaders; fetch?: typeof fetch };
        agent?: never;
        source?: never;
      }
    | {
        /** A Threadline source (`HttpAgent`, `fromEvents`, …), or a function choosing one per run and request. */
        source: AgentSource | ((input: RunAgentInput, request: Request) => AgentSource);
        agent?: never;
        upstream?: never;
      }
  );

/** What `GET ?threadId=` answers: the thread's runs within retention. */
export interface ThreadRuns {
  readonly threadId: string;
  readonly runs: readonly RunRecord[];
}

export type AgentHandler = (request: Request) => Promise<Response>;

const encoder = new TextEncoder();

/**
 * A Web-standard AG-UI endpoint (Request → Response) that logs every run so clients can resume it:
 *
 * - `POST` a RunAgentInput: runs the agent, streams SSE with `id: <runId>:<seq>`. The run goes on
 *   when the client disconnects (up to `runTimeoutMs`).
 * - `Last-Event-ID: <runId>:<seq>` (header, any method; or `?lastEventId=` on a GET): the events
 *   after that id, then the live tail. `?runId=` may name the run the id must belong to.
 * - `POST …/connect` (or `?connect`) with a RunAgentInput: AG-UI connect — the thread's active run,
 *   else its last one within retention, from the start.
 * - `GET ?threadId=`: the thread's runs (`ThreadRuns`), to tell whether someone is generating.
 * - `DELETE ?runId=`: stops the run (a client's stop: a disconnect alone does not).
 * - `GET …/capabilities` (or `?capabilities`): the agent's `AgentCapabilities` (see `capabilities`).
 *
 * Refusals are JSON `{ error: { code, message } }` with an HTTP status (`AgentHandlerError`).
 */
export function createAgentHandler(options: AgentHandlerOptions): AgentHandler {
  const store = options.store ?? memoryRunStore();
  const runTimeoutMs = options.runTimeoutMs ?? 10 * 60 * 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const onError = options.onError ?? ((error: unknown) => console.error("[threadline] agent handler:", error));
  const sourceFor = sourceMaker(options);
  const produced = new Map<string, ProducedRun>();
  const extra = options.headers;
  const declared = capabilitiesOf(options);

  const capabilities = async (request: Request): Promise<Response> => {
    const document = await declared(request);
    if (document === undefined) {
      throw new AgentHandlerError("CAPABILITIES_NOT_DECLARED", "This agent declares no capabilities: they are unknown.");
    }
    return json(document, extra);
  };

  const stream = (runId: string, after: number, signal: AbortSignal | undefined): Response => {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    signal?.addEventListener("abort", stop, { once: true });
    let lastWrite = Date.now();
    let beat: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (out) => {
        beat = setInterval(() => {
          if (Date.now() - lastWrite < heartbeatMs) return;
          lastWrite = Date.now();
          out.enqueue(encoder.encode(": keepalive\n\n"));
        }, heartbeatMs);
        (beat as { unref?: () => void }).unref?.();
        void (async () => {
          try {
            for await (const batch of store.follow(runId, after, controller.signal)) {
              out.enqueue(encoder.encode(frames(runId, batch)));
              lastWrite = Date.now();
            }
            if (!controller.signal.aborted) out.close();
          } catch (error) {
            // A follow that breaks (the store went away) ends the body abruptly: the client sees a
            // dropped connection and resumes, or is told why by its next request.
            onError(error);
            if (!controller.signal.aborted) out.error(error);
          } finally {
            clearInterval(beat);
            signal?.removeEventListener("abort", stop);
          }
        })();
      },
      cancel: () => {
        clearInterval(beat);
        stop();
      },
    });
    return new Response(body, { status: 200, headers: sseHeaders(extra, runId) });
  };

  const start = async (request: Request): Promise<Response> => {
    const input = await readInput(request);
    const now = Date.now();
    const writer = await guarded(() =>
      store.create({ runId: input.runId, threadId: input.threadId, startedAt: now, deadline: now + runTimeoutMs }),
    );
    if (!writer) {
      throw new AgentHandlerError("RUN_ID_TAKEN", `Run '${input.runId}' is already in the log; a new run needs a new runId.`);
    }
    const run = produceRun({ source: sourceFor(input, request), input, writer, timeoutMs: runTimeoutMs, onError, logInput: options.logInput ?? true });
    produced.set(input.runId, run);
    void run.done.finally(() => produced.delete(input.runId));
    return stream(input.runId, 0, request.signal);
  };

  const resume = async (request: Request, lastEventId: string, url: URL): Promise<Response> => {
    const position = parseEventId(lastEventId);
    if (!position) {
      throw new AgentHandlerError("EVENT_ID_INVALID", `Last-Event-ID '${clip(lastEventId)}' is not '<runId>:<seq>'.`);
    }
    const named = url.searchParams.get("runId");
    if (named !== null && named !== position.runId) {
      throw new AgentHandlerError(
        "EVENT_ID_OTHER_RUN",
        `Last-Event-ID '${clip(lastEventId)}' belongs to run '${clip(position.runId)}', not to the run asked for ('${clip(named)}').`,
      );
    }
    await checkPosition(position);
    return stream(position.runId, position.seq, request.signal);
  };

  const checkPosition = async ({ runId, seq }: EventPosition): Promise<void> => {
    const found = await guarded(() => store.get(runId));
    if (found.kind === "missing") {
      throw new AgentHandlerError("RUN_NOT_FOUND", `Run '${clip(runId)}' is not in the run log (unknown, or past retention).`);
    }
    if (found.kind === "expired") {
      throw new AgentHandlerError("RUN_EXPIRED", `Run '${clip(runId)}' ended at ${iso(found.run.endedAt)} and its events are no longer kept.`);
    }
    // A running run may still be writing the event a client saw elsewhere (writes are pipelined):
    // only a seq past the end of an ended run is certainly wrong.
    if (seq > found.lastSeq && found.run.status === "ended") {
      throw new AgentHandlerError("EVENT_ID_AHEAD", `Run '${clip(runId)}' has ${found.lastSeq} event(s); there is no event ${seq}.`);
    }
    if (seq + 1 < found.firstSeq) {
      throw new AgentHandlerError(
        "EVENTS_TRIMMED",
        `Run '${clip(runId)}' no longer holds event ${seq + 1}: its oldest event kept is ${found.firstSeq} (maxEvents).`,
      );
    }
  };

  /** `DELETE ?runId=`: the client's stop. Only the instance producing the run can stop it. */
  const stopRun = async (url: URL): Promise<Response> => {
    const runId = url.searchParams.get("runId") ?? "";
    const local = produced.get(runId);
    if (local) {
      local.stop();
      return new Response(null, { status: 202, headers: extra });
    }
    const found = await guarded(() => store.get(runId));
    if (found.kind === "missing") throw new AgentHandlerError("RUN_NOT_FOUND", `Run '${clip(runId)}' is not in the run log.`);
    if (found.kind === "found" && found.run.status === "running") {
      throw new AgentHandlerError("RUN_ELSEWHERE", `Run '${clip(runId)}' is produced by another server instance; only that one can stop it.`);
    }
    return new Response(null, { status: 204, headers: extra });
  };

  const connect = async (request: Request): Promise<Response> => {
    const input = await readInput(request);
    const runs = await guarded(() => store.runsOf(input.threadId));
    const pick = [...runs].reverse().find((run) => run.status === "running") ?? runs[runs.length - 1];
    if (!pick) return emptyRun(input, extra);
    return stream(pick.runId, 0, request.signal);
  };

  return async (request) => {
    try {
      const url = new URL(request.url);
      const lastEventId = request.headers.get("last-event-id") ?? (request.method === "GET" ? url.searchParams.get("lastEventId") : null);
      if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: extra });
      if (lastEventId !== null && (request.method === "GET" || request.method === "POST")) {
        return await resume(request, lastEventId, url);
      }
      if (request.method === "GET" && (url.pathname.endsWith("/capabilities") || url.searchParams.has("capabilities"))) {
        return await capabilities(request);
      }
      if (request.method === "GET") {
        const threadId = url.searchParams.get("threadId");
        if (threadId === null || threadId === "") {
          throw new AgentHandlerError("METHOD_NOT_ALLOWED", "GET needs ?threadId= (the thread's runs) or Last-Event-ID (resume); runs start with POST.");
        }
        const runs = await guarded(() => store.runsOf(threadId));
        const body: ThreadRuns = { threadId, runs };
        return json(body, extra);
      }
      if (request.method === "DELETE") return await stopRun(url);
      if (request.method === "POST") {
        if (url.pathname.endsWith("/connect") || url.searchParams.has("connect")) return await connect(request);
        return await start(request);
      }
      throw new AgentHandlerError("METHOD_NOT_ALLOWED", `${request.method} is not served here: POST a RunAgentInput, GET ?threadId=, or resume with Last-Event-ID.`);
    } catch (error) {
      if (error instanceof AgentHandlerError) return error.toResponse(extra);
      throw error;
    }
  };

  /** Store calls on the request path: a failing store is a 503 with the reason, never a crash. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AgentHandlerError) throw error;
      onError(error);
      const reason = error instanceof RunStoreError ? error.message : `The run store failed: ${error instanceof Error ? error.message : String(error)}`;
      throw new AgentHandlerError("RUN_STORE_UNAVAILABLE", reason, { cause: error });
    }
  }
}

/**
 * Where the handler's capabilities come from: the option, else the one agent or source it runs
 * (an agent made per run has none to ask), else the upstream's discovery document.
 */
function capabilitiesOf(options: AgentHandlerOptions): (request: Request) => Promise<AgentCapabilities | undefined> {
  const given = options.capabilities;
  const onWarning = warnToConsole;
  if (typeof given === "function") return async (request) => given(request);
  if (given !== undefined) return async () => given;
  if (options.agent !== undefined && typeof options.agent !== "function") {
    const source = fromAgent(options.agent);
    return async () => source.getCapabilities?.({ onWarning });
  }
  if (options.source !== undefined && typeof options.source !== "function") {
    const source = options.source;
    return async () => source.getCapabilities?.({ onWarning });
  }
  if (options.upstream !== undefined) {
    const upstream = typeof options.upstream === "string" ? { url: options.upstream } : options.upstream;
    return (request) =>
      new HttpAgent({
        url: upstream.url,
        capabilities: "discover",
        ...(upstream.fetch ? { fetch: upstream.fetch } : {}),
        ...(upstream.headers ? { headers: upstream.headers(request) } : {}),
      }).getCapabilities({ onWarning });
  }
  return async () => undefined;
}

function sourceMaker(options: AgentHandlerOptions): (input: RunAgentInput, request: Request) => AgentSource {
  if (options.source) {
    const source = options.source;
    return typeof source === "function" ? source : () => source;
  }
  if (options.agent) {
    const agent = options.agent;
    return typeof agent === "function" ? (input) => fromAgent(agent(input)) : () => fromAgent(agent);
  }
  const upstream = typeof options.upstream === "string" ? { url: options.upstream } : options.upstream;
  return (_input, request) =>
    new HttpAgent({
      url: upstream.url,
      reconnect: false,
      ...(upstream.fetch ? { fetch: upstream.fetch } : {}),
      ...(upstream.headers ? { headers: upstream.headers(request) } : {}),
    });
}

function frames(runId: string, batch: readonly LoggedEvent[]): string {
  let text = "";
  for (const event of batch) text += `id: ${formatEventId(runId, event.seq)}\ndata: ${event.data}\n\n`;
  return text;
}

async function readInput(request: Request): Promise<RunAgentInput> {
  let body: unknown;
  try {
    body = await request.json();
  } catch (cause) {
    throw new AgentHandlerError("RUN_INPUT_INVALID", `The request body is not JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  const input = body as Partial<RunAgentInput> | null;
  if (typeof input !== "object" || input === null || typeof input.threadId !== "string" || typeof input.runId !== "string" || input.runId === "") {
    throw new AgentHandlerError("RUN_INPUT_INVALID", "The request body is not a RunAgentInput: it needs string 'threadId' and 'runId'.");
  }
  return { messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...input } as RunAgentInput;
}

/** Connect on a thread with nothing logged: an empty run, so the client's connect succeeds with nothing to add. */
function emptyRun(input: RunAgentInput, extra: HeadersInit | undefined): Response {
  const runId = `connect-${globalThis.crypto.randomUUID()}`;
  const events = [
    { type: "RUN_STARTED", threadId: input.threadId, runId },
    { type: "RUN_FINISHED", threadId: input.threadId, runId },
  ];
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
  const headers = sseHeaders(extra, undefined);
  headers.delete(RESUME_HEADER);
  return new Response(text, { status: 200, headers });
}

function sseHeaders(extra: HeadersInit | undefined, runId: string | undefined): Headers {
  const headers = new Headers(extra);
  headers.set("content-type", "text/event-stream; charset=utf-8");
  headers.set("cache-control", "no-cache, no-transform");
  headers.set("x-accel-buffering", "no");
  headers.set(RESUME_HEADER, RESUME_PROTOCOL);
  if (runId !== undefined) headers.set(RUN_ID_HEADER, runId);
  return headers;
}

function json(body: unknown, extra: HeadersInit | undefined): Response {
  const headers = new Headers(extra);
  headers.set("content-type", "application/json");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status: 200, headers });
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function iso(ms: number | undefined): string {
  return ms === undefined ? "an unknown time" : new Date(ms).toISOString();
}
