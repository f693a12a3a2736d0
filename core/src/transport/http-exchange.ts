import { DEV } from "esm-env";
import type { AgentCapabilities } from "@ag-ui/core";
import type { RunAgentInput } from "../protocol/events.js";
import type { CapabilityQuery } from "./capabilities.js";
import { CAPABILITIES_MODULE } from "./capabilities-load.js";
import {
  HttpError,
  ReconnectFailedError,
  RequestFailedError,
  ResponseTimeoutError,
  StopFailedError,
  StreamTruncatedError,
  UnexpectedContentTypeError,
} from "./errors.js";
import { AGUI_PROTO_MEDIA_TYPE, SSE_MEDIA_TYPE, streamEncoding } from "./media-type.js";
import { readBodyExcerpt } from "./body-excerpt.js";
import { describeValue } from "../describe-value.js";
import { Backoff, pause, RESUME_HEADER, RESUME_PROTOCOL, RUN_ID_HEADER, type ReconnectOptions } from "./reconnect.js";
import { RunLeft, type EventSink, type RunEnd, type ServerRun } from "./source.js";
import { protobufFaults } from "./protobuf-faults.js";
import { SseDecoder } from "./sse-decoder.js";
import { DEFAULT_MAX_EVENT_SIZE, type StreamDecoder } from "./stream-decoder.js";
import type { HttpAgentOptions } from "./http-agent.js";

/**
 * What an `HttpAgent` does on the network: requests, the SSE and protobuf decoding of their
 * bodies, reconnects, the run list, and the capabilities question (whose request and checks load
 * when it is first asked, `capabilities-load.ts`). `HttpAgent` loads it with its first request, so
 * an app pays for it when it first talks to the agent, not on its first paint.
 */
export class HttpExchange {
  /** @internal A response announced resume: `runsOf` may ask this server. */
  seenResumable = false;
  /** What each request under way does when the page wakes (`wake`). */
  readonly #wakers = new Set<() => void>();
  readonly #url: string;
  readonly #options: HttpAgentOptions;
  readonly #accept: string;

  constructor(options: HttpAgentOptions) {
    this.#url = options.url;
    this.#options = options;
    this.#accept = options.protobuf ? `${AGUI_PROTO_MEDIA_TYPE}, ${SSE_MEDIA_TYPE}` : SSE_MEDIA_TYPE;
  }

  /**
   * `HttpAgent.runsOf` once it has decided to ask (see there): `undefined` for an answer that is no
   * run list; rejects with `RequestFailedError` / `ResponseTimeoutError` when no answer came (5 s at most).
   */
  async runsOf(threadId: string): Promise<readonly ServerRun[] | undefined> {
    const target = new URL(this.#url, globalThis.location?.href);
    target.searchParams.set("threadId", threadId);
    const url = target.toString();
    const headers = await this.#headers();
    headers.set("Accept", "application/json");
    headers.delete("Content-Type");
    const fetchFn = this.#options.fetch ?? globalThis.fetch;
    const limit = Math.min(RUNS_TIMEOUT_MS, this.#headersTimeout);
    const signal = AbortSignal.timeout(limit);
    let body: { runs?: unknown };
    try {
      const response = await fetchFn(url, { headers, credentials: this.#options.credentials, signal });
      if (!response.ok || !(response.headers.get("content-type") ?? "").includes("json")) {
        await response.body?.cancel();
        return undefined;
      }
      body = (await response.json()) as { runs?: unknown };
    } catch (cause) {
      // A body that is not JSON is an answer too (no run list); a request that got none is not.
      if (cause instanceof SyntaxError) return undefined;
      throw signal.aborted ? new ResponseTimeoutError(url, limit) : new RequestFailedError(url, cause);
    }
    if (typeof body !== "object" || body === null || !Array.isArray(body.runs)) return undefined;
    return body.runs.filter(isServerRun);
  }

  /** `HttpAgent.wake` (see there). */
  wake(): void {
    for (const waker of [...this.#wakers]) waker();
  }

  /** Registers `waker` until the returned function is called. */
  readonly #onWake = (waker: () => void): (() => void) => {
    this.#wakers.add(waker);
    return () => this.#wakers.delete(waker);
  };

  /** `HttpAgent.getCapabilities` for `capabilities: "discover"` (see there). */
  async discover(query: CapabilityQuery): Promise<AgentCapabilities | undefined> {
    let url: string;
    let headers: Headers;
    let fetchCapabilities: typeof import("./capabilities.js").fetchCapabilities;
    try {
      url = this.#options.capabilitiesUrl ?? capabilitiesUrlOf(this.#url);
      headers = await this.#headers();
      ({ fetchCapabilities } = await CAPABILITIES_MODULE.get());
    } catch (cause) {
      query.onWarning?.({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The capabilities could not be asked for: ${describeValue(cause)}; they stay unknown.` : "" });
      return undefined;
    }
    headers.delete("Content-Type");
    return fetchCapabilities(url, { headers, credentials: this.#options.credentials, fetch: this.#options.fetch ?? globalThis.fetch }, query);
  }

  /**
   * One run's request; on a resumable server, also its reconnects: a dropped connection (or a body
   * that ends while the run is open, or before its first event) is retried with `Last-Event-ID`
   * after a backoff, until events flow again or the budget is spent (`ReconnectFailedError`).
   * `kind`: a run (POST the input), an AG-UI connect, or a resume from `resumeFrom`.
   */
  async request(url: string, input: RunAgentInput, sink: EventSink, kind: RequestKind, resumeFrom?: string, readOnly = false): Promise<RunEnd> {
    const { signal } = sink;
    if (signal.aborted) return "aborted";
    const reconnect = this.#options.reconnect;
    const resuming = resumeFrom !== undefined;
    // A run sent to a server known to log runs under the client's run id (Threadline's handler):
    // even when no response came, the run may be there, and can be resumed from its start.
    const logsRunId = kind === "run" && reconnect !== false && (this.#options.resumable === true || this.seenResumable);
    const follow: Follow = {
      runId: logsRunId ? input.runId : undefined,
      lastEventId: resumeFrom,
      lastSeq: resuming ? seqOf(resumeFrom) : 0,
      resumable: resuming,
      open: resuming,
      settled: false,
      guessed: false,
      logged: resuming,
      eventsSeen: 0,
      readOnly,
    };
    const backoff = new Backoff(reconnectOptions(reconnect));
    for (;;) {
      let cause: unknown;
      const resumed = follow.lastEventId !== undefined;
      try {
        const end = await this.#exchange(url, input, sink, follow, backoff);
        if (end === "aborted") return this.#stopRemote(url, follow, sink);
        // A stream that ended with its run over, a server that does not resume, or no point to resume from: the end stands.
        if (!follow.resumable || (!follow.open && follow.settled) || follow.lastEventId === undefined) return end;
        cause = new StreamTruncatedError(
          "connection-lost",
          follow.eventsSeen,
          DEV ? (follow.open ? "the body ended while the run was still open" : "the body ended before the run's first event") : "",
        );
      } catch (error) {
        if (signal.aborted) return this.#stopRemote(url, follow, sink);
        if (reconnect === false || !retryable(error)) throw error;
        if (follow.lastEventId === undefined) {
          if (follow.guessed && error instanceof HttpError && error.status === 409 && error.bodyExcerpt.includes("RUN_ID_TAKEN")) {
            // Sent again after the resume was told the run is unknown, and now it is known (the
            // first request arrived after all): resume it.
            follow.lastEventId = `${input.runId}:0`;
            follow.resumable = true;
          } else if (logsRunId && (error instanceof RequestFailedError || error instanceof ResponseTimeoutError)) {
            follow.lastEventId = `${input.runId}:0`;
            follow.resumable = true;
            follow.guessed = true;
          } else throw error;
        } else if (!follow.resumable) throw error;
        else if (resumed && error instanceof HttpError && error.status < 500) {
          if (follow.guessed && error.status === 404) {
            // No response ever named the run and the log does not know it: the request never
            // reached the server. It is sent again, as it was.
            follow.lastEventId = undefined;
            follow.resumable = false;
          } else {
            // The server knows the run and refuses the resume point: retrying cannot help.
            throw new ReconnectFailedError("refused", 0, follow.lastEventId, error);
          }
        }
        cause = error;
      }
      const lastEventId = follow.lastEventId ?? `${input.runId}:0`;
      const step = backoff.next();
      if (!step) throw new ReconnectFailedError("attempts-exhausted", backoff.attempts, lastEventId, cause);
      sink.onReconnecting?.({ attempt: step.attempt, attempts: backoff.attempts, delayMs: step.delayMs, lastEventId, cause });
      if (await pause(step.delayMs, signal, this.#onWake)) return this.#stopRemote(url, follow, sink);
    }
  }

  /**
   * A resumable server keeps a run going when its client disconnects, so a stop (abort) of a run
   * it logs and that has not ended also tells it: `DELETE ?runId=`, retried with the reconnect
   * backoff while it is refused with a 5xx (the server's run log cannot take it now) or a 409 (a
   * server that cannot reach the instance producing the run), or unanswered. Should it fail for good, the sink hears `onStopFailed` (the run goes on there).
   */
  #stopRemote(url: string, follow: Follow, sink: EventSink): "aborted" {
    if (follow.readOnly || follow.settled || this.#options.reconnect === false || sink.signal.reason instanceof RunLeft) return "aborted";
    // Stopped before any response named the run: a server that logs runs under the client's id may have it.
    const runId = follow.logged && follow.lastEventId !== undefined ? follow.lastEventId.slice(0, follow.lastEventId.lastIndexOf(":")) : follow.runId;
    if (runId === undefined) return "aborted";
    this.#sendStop(url, runId).then(undefined, (error: unknown) => {
      try {
        sink.onStopFailed?.(error instanceof StopFailedError ? error : new StopFailedError(runId, error));
      } catch {
        // The sink's own failure to listen cannot be told to anyone else.
      }
    });
    return "aborted";
  }

  async #sendStop(url: string, runId: string): Promise<void> {
    const target = new URL(url, globalThis.location?.href);
    target.searchParams.set("runId", runId);
    const address = target.toString();
    const fetchFn = this.#options.fetch ?? globalThis.fetch;
    const backoff = new Backoff(reconnectOptions(this.#options.reconnect));
    for (;;) {
      let failure: unknown;
      const signal = AbortSignal.timeout(this.#headersTimeout);
      try {
        const headers = await this.#headers();
        headers.delete("Content-Type");
        const response = await fetchFn(address, { method: "DELETE", headers, credentials: this.#options.credentials, signal });
        // 404: the log does not know the run, so nothing of it is running to stop.
        if (response.ok || response.status === 404) {
          await response.body?.cancel().catch(() => undefined);
          return;
        }
        failure = new HttpError(address, response.status, response.statusText, await readBodyExcerpt(response));
        if (response.status < 500 && response.status !== 409) throw new StopFailedError(runId, failure);
      } catch (error) {
        if (error instanceof StopFailedError) throw error;
        failure = signal.aborted ? new ResponseTimeoutError(address, this.#headersTimeout) : new RequestFailedError(address, error);
      }
      const step = backoff.next();
      if (!step) throw new StopFailedError(runId, failure);
      await pause(step.delayMs, NEVER_ABORTED);
    }
  }

  get #headersTimeout(): number {
    return this.#options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  }

  /** One HTTP exchange: the request (with `Last-Event-ID` when resuming) and its whole body. */
  async #exchange(url: string, input: RunAgentInput, sink: EventSink, follow: Follow, backoff: Backoff): Promise<RunEnd> {
    const { signal } = sink;
    const headers = await this.#headers();
    if (signal.aborted) return "aborted";
    const resuming = follow.lastEventId;
    if (resuming !== undefined) headers.set("Last-Event-ID", resuming);

    // Our own controller, so the connection can also be released when the sink throws or the
    // stream is bad, not only when the caller aborts.
    const controller = new AbortController();
    const forwardAbort = (): void => controller.abort(signal.reason);
    signal.addEventListener("abort", forwardAbort, { once: true });
    try {
      const fetchFn = this.#options.fetch ?? globalThis.fetch;
      const headersTimeout = this.#headersTimeout;
      let unanswered = false;
      const headersTimer = Number.isFinite(headersTimeout)
        ? setTimeout(() => {
            unanswered = true;
            controller.abort();
          }, headersTimeout)
        : undefined;
      let response: Response;
      try {
        response = await fetchFn(url, {
          method: "POST",
          headers,
          body: JSON.stringify(input),
          credentials: this.#options.credentials,
          signal: controller.signal,
        });
      } catch (cause) {
        if (signal.aborted) return "aborted";
        throw unanswered ? new ResponseTimeoutError(url, headersTimeout) : new RequestFailedError(url, cause);
      } finally {
        clearTimeout(headersTimer);
      }
      if (!response.ok) {
        const body = await readBodyExcerpt(response);
        if (signal.aborted) return "aborted";
        throw new HttpError(url, response.status, response.statusText, body);
      }
      const contentType = response.headers.get("content-type");
      const encoding = streamEncoding(contentType);
      if (encoding === "unknown") {
        const body = await readBodyExcerpt(response);
        if (signal.aborted) return "aborted";
        throw new UnexpectedContentTypeError(url, contentType ?? "", body);
      }
      const maxEventSize = this.#options.maxEventSize ?? DEFAULT_MAX_EVENT_SIZE;
      // Threadline's handler says it resumes; any other server that numbers its events and honours
      // Last-Event-ID is taken at its word when the app says so (`resumeWithLastEventId`).
      const logged = this.#options.reconnect !== false && encoding === "sse" && response.headers.get(RESUME_HEADER) === RESUME_PROTOCOL;
      follow.resumable = logged || (this.#options.reconnect !== false && encoding === "sse" && this.#options.resumeWithLastEventId === true);
      if (resuming !== undefined) sink.onReconnected?.();
      // Before its first event the run can be resumed from its start: the server names it.
      const runId = logged ? response.headers.get(RUN_ID_HEADER) : null;
      if (logged && follow.lastEventId === undefined && runId !== null) follow.lastEventId = `${runId}:0`;
      if (logged) {
        this.seenResumable = true;
        follow.guessed = false;
        follow.logged = true;
      }
      if (logged && runId !== null) sink.onResumable?.(runId);
      let decoder: StreamDecoder;
      if (encoding === "protobuf") {
        // The decoder comes with @ag-ui/proto, on the first protobuf response: an app whose
        // server answers SSE never loads either.
        const { loadProto, ProtobufDecoder } = await import("./protobuf-decoder.js");
        decoder = new ProtobufDecoder(await loadProto(), sink, maxEventSize, protobufFaults);
      } else if (!follow.resumable) decoder = new SseDecoder(sink, maxEventSize);
      else {
        let reconnected = resuming !== undefined;
        const sse: SseDecoder = new SseDecoder(
          {
            signal: sink.signal,
            onWarning: sink.onWarning,
            onEvent: (event) => {
              const id = sse.eventId;
              if (id !== undefined) {
                const seq = seqOf(id);
                // At the seam a server must send only what comes after Last-Event-ID; an event
                // at or before it would be a duplicate, so it is dropped here too.
                if (seq <= follow.lastSeq && follow.lastEventId !== undefined && sameRun(id, follow.lastEventId)) return;
                follow.lastEventId = id;
                follow.lastSeq = seq;
              }
              const type = (event as { type?: unknown } | null)?.type;
              if (type === "RUN_STARTED") {
                follow.open = true;
                follow.settled = false;
              } else if (type === "RUN_FINISHED" || type === "RUN_ERROR") {
                follow.open = false;
                follow.settled = true;
              }
              if (reconnected) {
                reconnected = false;
                backoff.reset();
              }
              follow.eventsSeen++;
              sink.onEvent(event);
            },
          },
          maxEventSize,
        );
        decoder = sse;
      }
      if (response.body === null) {
        decoder.end();
        return signal.aborted ? "aborted" : "completed";
      }
      if (!follow.resumable) return await pump(response.body, decoder, signal, undefined);
      // A resumable server sends a heartbeat comment while its run is quiet: a longer silence is a
      // connection that no longer carries anything (black-holed), taken for dropped.
      const silenceMs = this.#options.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS;
      if (!Number.isFinite(silenceMs)) return await pump(response.body, decoder, signal, undefined);
      const heard = { at: Date.now() };
      let silent = false;
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const check = (): void => {
        const quiet = Date.now() - heard.at;
        if (quiet < silenceMs) {
          watchdog = setTimeout(check, silenceMs - quiet);
          return;
        }
        silent = true;
        controller.abort();
      };
      watchdog = setTimeout(check, silenceMs);
      // Woken (the laptop opened, the network back): a stream quiet for longer than a heartbeat
      // and its slack is taken for dropped now, not when the watch would have noticed.
      const forget = this.#onWake(() => {
        if (Date.now() - heard.at < Math.min(silenceMs, WAKE_SILENCE_MS)) return;
        silent = true;
        controller.abort();
      });
      try {
        return await pump(response.body, decoder, signal, heard);
      } catch (error) {
        if (!silent) throw error;
        throw new StreamTruncatedError("silence", follow.eventsSeen, DEV ? `nothing arrived, not even a heartbeat, for ${Date.now() - heard.at} ms` : "", error);
      } finally {
        clearTimeout(watchdog);
        forget();
      }
    } finally {
      signal.removeEventListener("abort", forwardAbort);
      // Whatever ended the request (done, bad data, a throwing sink), drop the connection if it
      // is still open. After a fully read body this does nothing.
      controller.abort();
    }
  }

  async #headers(): Promise<Headers> {
    const given = this.#options.headers;
    const own = typeof given === "function" ? await given() : given;
    const headers = new Headers(own);
    headers.set("Content-Type", "application/json");
    headers.set("Accept", this.#accept);
    return headers;
  }
}

/** `<url>/capabilities`, the query kept (the convention of AG-UI's ADK integration). */
function capabilitiesUrlOf(url: string): string {
  const target = new URL(url, globalThis.location?.href);
  target.pathname = `${target.pathname.replace(/\/+$/, "")}/capabilities`;
  return target.toString();
}

/** What `HttpExchange.request` is asked for. */
export type RequestKind = "run" | "connect" | "resume";

/** `headersTimeoutMs`'s default: how long a request waits for its response's head. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 60_000;
/** `heartbeatTimeoutMs`'s default: three of the handler's default 15 s heartbeats. */
export const DEFAULT_HEARTBEAT_TIMEOUT_MS = 45_000;
/** Woken, a resumable stream quiet this long (ms) is taken for dropped: the handler's 15 s heartbeat, and slack. */
const WAKE_SILENCE_MS = 20_000;
/** The run list (`runsOf`) is asked for 5 s at most. */
const RUNS_TIMEOUT_MS = 5_000;
const NEVER_ABORTED = new AbortController().signal;

function reconnectOptions(reconnect: HttpAgentOptions["reconnect"]): ReconnectOptions {
  return reconnect === false || reconnect === true || reconnect === undefined ? {} : reconnect;
}

/** Where a resumable run stands, across its reconnects. */
interface Follow {
  /** The client's run id, when the server is known to log runs under it (a stop can name it before any response). */
  readonly runId: string | undefined;
  lastEventId: string | undefined;
  lastSeq: number;
  /** The last response announced resume (or no response came, and the run is resumed on a guess). */
  resumable: boolean;
  /** A RUN_STARTED arrived and its RUN_FINISHED / RUN_ERROR not yet. */
  open: boolean;
  /** A RUN_FINISHED / RUN_ERROR arrived, and no RUN_STARTED since. */
  settled: boolean;
  /** The resume point is the client's own run id, which no response has confirmed yet. */
  guessed: boolean;
  /** A response said the server is Threadline's handler (its ids are `<runId>:<seq>`, it takes a stop). */
  logged: boolean;
  eventsSeen: number;
  /** Following another client's run: a stop does not stop it on the server. */
  readonly readOnly: boolean;
}

/** The seq of an id `<runId>:<seq>` (NaN when it has none: such ids are never deduplicated). */
function seqOf(id: string): number {
  return Number(id.slice(id.lastIndexOf(":") + 1));
}

function sameRun(a: string, b: string): boolean {
  const colon = a.lastIndexOf(":");
  return colon === b.lastIndexOf(":") && a.startsWith(b.slice(0, colon + 1));
}

function isServerRun(value: unknown): value is ServerRun {
  const run = value as Partial<ServerRun> | null;
  return (
    typeof run === "object" && run !== null && typeof run.runId === "string" && typeof run.threadId === "string" &&
    (run.status === "running" || run.status === "ended") && typeof run.startedAt === "number"
  );
}

/** Failures a reconnect can cure: the network, a cut body, a server error on the way, no answer. */
function retryable(error: unknown): boolean {
  return error instanceof StreamTruncatedError || error instanceof RequestFailedError || error instanceof HttpError || error instanceof ResponseTimeoutError;
}

/** Reads the body to its end, chunk by chunk, into the decoder; `heard.at` is set to when each chunk came. */
async function pump(
  body: ReadableStream<Uint8Array>,
  decoder: StreamDecoder,
  signal: AbortSignal,
  heard: { at: number } | undefined,
): Promise<RunEnd> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        if (signal.aborted) return "aborted";
        throw new StreamTruncatedError(
          "connection-lost",
          decoder.eventsDelivered,
          DEV ? "the connection closed before the response body was complete" : "",
          cause,
        );
      }
      if (signal.aborted) return "aborted";
      if (chunk.done) {
        finished = true;
        break;
      }
      if (heard !== undefined) heard.at = Date.now();
      decoder.push(chunk.value);
      if (signal.aborted) return "aborted";
    }
    decoder.end();
    return signal.aborted ? "aborted" : "completed";
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
  }
}
