import type { AgentCapabilities } from "@ag-ui/core";
import type { RunAgentInput } from "../protocol/events.js";
import { fromAgent, type AgUiAgentLike } from "../transport/from-agent.js";
import { HttpAgent, type HttpHeaders } from "../transport/http-agent.js";
import { RESUME_HEADER, RESUME_PROTOCOL, RUN_ID_HEADER } from "../transport/reconnect.js";
import type { AgentSource } from "../transport/source.js";
import { Admission } from "./admission.js";
import { capabilitiesOf } from "./capabilities.js";
import { AgentHandlerError } from "./errors.js";
import { parseEventId, type EventPosition } from "./event-id.js";
import { eventStream } from "./event-stream.js";
import { checkId } from "./id-grammar.js";
import { resolveLimits, type AgentHandlerLimits } from "./limits.js";
import { memoryRunStore } from "./memory-run-store.js";
import { checkOrigin } from "./origin.js";
import { ownerLookup, type OwnerOption } from "./owner.js";
import { readJsonBody } from "./request-body.js";
import { produceRun } from "./run-producer.js";
import { judgeRunInput } from "./run-input.js";
import type { RunRecord, RunStore } from "./run-store.js";

type AgentOption = AgUiAgentLike | ((input: RunAgentInput) => AgUiAgentLike);

/** What the `input` hook is told besides the input: who asked, and how. */
export interface RunInputContext<C> {
  readonly request: Request;
  readonly owner: string;
  readonly context: C;
}

interface CommonOptions<C> {
  /**
   * Who is asking, on every request: a function of the request and the context the app passes the
   * handler (SvelteKit's `event`, Nuxt's `event`, node's request) returning the signed-in user's
   * id, or `undefined` when nobody is signed in (401). Each thread and run belongs to the owner
   * that started it; another owner is answered as if it did not exist. `"anonymous"` serves every
   * request as one owner, announced at startup: for local development only.
   */
  owner: OwnerOption<C>;
  /** Where runs are logged. Default: `memoryRunStore()` (one process). */
  store?: RunStore;
  /** A run still going after this long is stopped and closed with RUN_ERROR `RUN_TIMEOUT`. Default 10 minutes. */
  runTimeoutMs?: number;
  /** An SSE comment is sent after this long without events, so proxies keep the connection. Default 15 s. */
  heartbeatMs?: number;
  /** What a client may cost the handler; each has a default (`DEFAULT_LIMITS`). */
  limits?: Partial<AgentHandlerLimits>;
  /**
   * Origins besides this server's own whose pages may call the handler (`https://app.example.com`).
   * A browser request from any other origin is refused (403 `ORIGIN_NOT_ALLOWED`). `"*"` lets any
   * page call: only for owners taken from bearer tokens (another site's page cannot send them, as
   * it can send cookies) or a local development server. Default none.
   */
  origins?: readonly string[] | "*";
  /**
   * Sees every run's input before it goes to the agent, after the handler's own checks (shape,
   * ids, limits; unknown fields already removed): return it as it should go (drop `forwardedProps`,
   * keep only your tools, pin the state), or throw an `AgentHandlerError` (`RUN_INPUT_REFUSED`) to
   * refuse the run with its message. Anything else thrown is a 500, its details to `onError`.
   */
  input?: (input: RunAgentInput, context: RunInputContext<C>) => RunAgentInput | Promise<RunAgentInput>;
  /** Added to every response (CORS headers, say). */
  headers?: HeadersInit;
  /**
   * Where the details go: agent failures, store failures, a broken owner function. Clients get a
   * code and a generic sentence only. Default: console.error.
   */
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
   * or the upstream's `<url>/capabilities`, asked at most once per `limits.capabilitiesTtlMs`; a
   * 404 `CAPABILITIES_NOT_DECLARED` when there is none.
   */
  capabilities?: AgentCapabilities | ((request: Request) => AgentCapabilities | undefined | Promise<AgentCapabilities | undefined>);
}

export type AgentHandlerOptions<C = unknown> = CommonOptions<C> &
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
        /** A Threadline source (`HttpAgent`, `fromEvents`, …), or a function choosing one per run, request and owner. */
        source: AgentSource | ((input: RunAgentInput, request: Request, owner: string) => AgentSource);
        agent?: never;
        upstream?: never;
      }
  );

/** A run as `GET ?threadId=` lists it (its owner is not told: the asker is the owner). */
export type ThreadRun = Omit<RunRecord, "owner">;

/** What `GET ?threadId=` answers: the asker's runs on the thread within retention. */
export interface ThreadRuns {
  readonly threadId: string;
  readonly runs: readonly ThreadRun[];
}

/**
 * The handler: a Web `Request` in, a `Response` out. The second argument is handed to `owner`
 * (and the `input` hook) as it is: pass whatever your framework has that knows the user.
 */
export type AgentHandler<C = unknown> = (request: Request, ...context: undefined extends C ? [context?: C] : [context: C]) => Promise<Response>;

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
 * - `DELETE ?runId=`: stops the run (a client's stop: a disconnect alone does not), on whichever
 *   instance produces it.
 * - `GET …/capabilities` (or `?capabilities`): the agent's `AgentCapabilities` (see `capabilities`).
 *
 * Every request is checked: its owner (`owner`), its origin, its ids, its size, and how much the
 * owner and the process already have open (`limits`). Refusals are JSON
 * `{ error: { code, message } }` with an HTTP status (`AgentHandlerError`).
 */
export function createAgentHandler<C = unknown>(options: AgentHandlerOptions<C>): AgentHandler<C> {
  const ownerOf = ownerLookup(options.owner);
  if (options.upstream !== undefined) checkUpstream(typeof options.upstream === "string" ? options.upstream : options.upstream.url);
  const limits = resolveLimits(options.limits);
  const store = options.store ?? memoryRunStore();
  const runTimeoutMs = options.runTimeoutMs ?? 10 * 60 * 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const onError = options.onError ?? ((error: unknown) => console.error("[threadline] agent handler:", error));
  const sourceFor = sourceMaker(options);
  const extra = options.headers;
  const origins = options.origins === "*" ? "*" : new Set(options.origins ?? []);
  const declared = capabilitiesOf(options, limits.capabilitiesTtlMs);
  const runs = new Admission("runs", limits.runsPerOwner, limits.runs, 5);
  const streams = new Admission("streams", limits.streamsPerOwner, limits.streams, 2);

  const stream = (runId: string, after: number, request: Request, release: () => void): Response =>
    new Response(
      eventStream({
        store,
        runId,
        after,
        signal: request.signal,
        heartbeatMs,
        bufferBytes: limits.streamBufferBytes,
        stallMs: limits.stallMs,
        onError,
        release,
      }),
      { status: 200, headers: sseHeaders(extra, runId) },
    );

  /** The body as a RunAgentInput that passed every check (the app's `input` hook last). */
  const readRunInput = async (request: Request, owner: string, context: C): Promise<RunAgentInput> => {
    let input = judgeRunInput(await readJsonBody(request, limits.bodyBytes), limits.messages);
    if (options.input) {
      input = await options.input(input, { request, owner, context });
      // The hook may have rewritten them: what is stored and streamed must still be in grammar.
      checkId("threadId", input.threadId);
      checkId("runId", input.runId);
    }
    return input;
  };

  const start = async (request: Request, owner: string, context: C): Promise<Response> => {
    // Places first, the body after: a refused request costs its headers only.
    const leaveRun = runs.enter(owner);
    let leaveStream: (() => void) | undefined;
    try {
      leaveStream = streams.enter(owner);
      const input = await readRunInput(request, owner, context);
      const holder = await guarded(() => store.claimThread(input.threadId, owner));
      if (holder !== owner) {
        throw new AgentHandlerError("THREAD_ID_TAKEN", "This thread id belongs to someone else: start a new thread.");
      }
      const now = Date.now();
      const writer = await guarded(() =>
        store.create({ runId: input.runId, threadId: input.threadId, owner, startedAt: now, deadline: now + runTimeoutMs }),
      );
      if (!writer) {
        throw new AgentHandlerError("RUN_ID_TAKEN", `Run '${input.runId}' is already in the log; a new run needs a new runId.`);
      }
      const run = produceRun({
        source: sourceFor(input, request, owner),
        input,
        writer,
        timeoutMs: runTimeoutMs,
        maxRunBytes: limits.runBytes,
        maxEventBytes: limits.eventBytes,
        onError,
        logInput: options.logInput ?? true,
      });
      void run.done.finally(leaveRun);
      return stream(input.runId, 0, request, leaveStream);
    } catch (error) {
      leaveRun();
      leaveStream?.();
      throw error;
    }
  };

  /** The run, when it is the owner's: another owner's run is answered exactly as a missing one. */
  const ownRun = async (runId: string, owner: string) => {
    const found = await guarded(() => store.get(runId));
    if (found.kind === "missing" || found.run.owner !== owner) {
      throw new AgentHandlerError("RUN_NOT_FOUND", `Run '${runId}' is not in the run log (unknown, or past retention).`);
    }
    return found;
  };

  const resume = async (request: Request, owner: string, lastEventId: string, url: URL): Promise<Response> => {
    const position = parseEventId(lastEventId);
    if (!position) {
      throw new AgentHandlerError("EVENT_ID_INVALID", `Last-Event-ID must be '<runId>:<seq>'.`);
    }
    checkId("Last-Event-ID's run id", position.runId);
    const named = url.searchParams.get("runId");
    if (named !== null && named !== position.runId) {
      throw new AgentHandlerError("EVENT_ID_OTHER_RUN", `Last-Event-ID belongs to run '${position.runId}', not to the run asked for.`);
    }
    const leave = streams.enter(owner);
    try {
      await checkPosition(position, owner);
    } catch (error) {
      leave();
      throw error;
    }
    return stream(position.runId, position.seq, request, leave);
  };

  const checkPosition = async ({ runId, seq }: EventPosition, owner: string): Promise<void> => {
    const found = await ownRun(runId, owner);
    if (found.kind === "expired") {
      throw new AgentHandlerError("RUN_EXPIRED", `Run '${runId}' ended at ${iso(found.run.endedAt)} and its events are no longer kept.`);
    }
    // A running run may still be writing the event a client saw elsewhere (writes are pipelined):
    // only a seq past the end of an ended run is certainly wrong.
    if (seq > found.lastSeq && found.run.status === "ended") {
      throw new AgentHandlerError("EVENT_ID_AHEAD", `Run '${runId}' has ${found.lastSeq} event(s); there is no event ${seq}.`);
    }
    if (seq + 1 < found.firstSeq) {
      throw new AgentHandlerError(
        "EVENTS_TRIMMED",
        `Run '${runId}' no longer holds event ${seq + 1}: its oldest event kept is ${found.firstSeq} (maxEvents).`,
      );
    }
  };

  /** `DELETE ?runId=`: the client's stop, carried by the store to the instance producing the run. */
  const stopRun = async (url: URL, owner: string): Promise<Response> => {
    const runId = checkId("runId", url.searchParams.get("runId") ?? "");
    const found = await ownRun(runId, owner);
    if (found.kind === "found" && found.run.status === "running") {
      await guarded(() => store.stop(runId));
      return new Response(null, { status: 202, headers: extra });
    }
    return new Response(null, { status: 204, headers: extra });
  };

  /** The owner's runs on the thread; a thread of another owner has none for this one. */
  const ownRuns = async (threadId: string, owner: string): Promise<RunRecord[]> =>
    (await guarded(() => store.runsOf(threadId))).filter((run) => run.owner === owner);

  const connect = async (request: Request, owner: string, context: C): Promise<Response> => {
    const leave = streams.enter(owner);
    try {
      const input = await readRunInput(request, owner, context);
      const runs = await ownRuns(input.threadId, owner);
      const pick = runs.findLast((run) => run.status === "running") ?? runs[runs.length - 1];
      if (pick) return stream(pick.runId, 0, request, leave);
      leave();
      return emptyRun(input, extra);
    } catch (error) {
      leave();
      throw error;
    }
  };

  const listRuns = async (threadId: string, owner: string): Promise<Response> => {
    checkId("threadId", threadId);
    const body: ThreadRuns = { threadId, runs: (await ownRuns(threadId, owner)).map(({ owner: _owner, ...run }) => run) };
    return json(body, extra);
  };

  const capabilities = async (request: Request): Promise<Response> => {
    const document = await declared(request);
    if (document === undefined) {
      throw new AgentHandlerError("CAPABILITIES_NOT_DECLARED", "This agent declares no capabilities: they are unknown.");
    }
    return json(document, extra);
  };

  const route = async (request: Request, context: C): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: extra });
    checkOrigin(request, url, origins);
    const owner = await ownerOf(request, context);
    const lastEventId = request.headers.get("last-event-id") ?? (request.method === "GET" ? url.searchParams.get("lastEventId") : null);
    if (lastEventId !== null && (request.method === "GET" || request.method === "POST")) {
      return resume(request, owner, lastEventId, url);
    }
    if (request.method === "GET" && (url.pathname.endsWith("/capabilities") || url.searchParams.has("capabilities"))) {
      return capabilities(request);
    }
    if (request.method === "GET") {
      const threadId = url.searchParams.get("threadId");
      if (threadId === null || threadId === "") {
        throw new AgentHandlerError("METHOD_NOT_ALLOWED", "GET needs ?threadId= (the thread's runs) or Last-Event-ID (resume); runs start with POST.");
      }
      return listRuns(threadId, owner);
    }
    if (request.method === "DELETE") return stopRun(url, owner);
    if (request.method === "POST") {
      if (url.pathname.endsWith("/connect") || url.searchParams.has("connect")) return connect(request, owner, context);
      return start(request, owner, context);
    }
    throw new AgentHandlerError("METHOD_NOT_ALLOWED", `${request.method} is not served here: POST a RunAgentInput, GET ?threadId=, or resume with Last-Event-ID.`);
  };

  return (async (request: Request, context?: C) => {
    try {
      return await route(request, context as C);
    } catch (error) {
      if (error instanceof AgentHandlerError) return error.toResponse(extra);
      onError(error);
      return new AgentHandlerError("HANDLER_FAILED", "The server failed to handle this request.").toResponse(extra);
    }
  }) as AgentHandler<C>;

  /** Store calls on the request path: a failing store is a 503 (details to onError), never a crash. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AgentHandlerError) throw error;
      onError(error);
      throw new AgentHandlerError("RUN_STORE_UNAVAILABLE", "The run store is unavailable; try again shortly.", { cause: error, retryAfter: 1 });
    }
  }
}

/**
 * The upstream must be an absolute http(s) URL: the handler runs on the server, where a relative
 * one has nothing to be relative to (and `fetch` in some frameworks answers it with advice about
 * their own fetch). Said at startup, naming the value, usually an environment variable's.
 */
function checkUpstream(url: unknown): void {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === "string" ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new TypeError(
      `createAgentHandler: upstream must be an absolute http(s) URL like http://127.0.0.1:8787/agent, not ${JSON.stringify(url)} ` +
        "(set from AGENT_URL? give it a scheme).",
    );
  }
}

function sourceMaker<C>(options: AgentHandlerOptions<C>): (input: RunAgentInput, request: Request, owner: string) => AgentSource {
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

function iso(ms: number | undefined): string {
  return ms === undefined ? "an unknown time" : new Date(ms).toISOString();
}
