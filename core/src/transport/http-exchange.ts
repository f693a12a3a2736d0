import { DEV } from "esm-env";
import type { AgentCapabilities } from "@ag-ui/core";
import type { RunAgentInput } from "../protocol/events.js";
import { fetchCapabilities, type CapabilityQuery } from "./capabilities.js";
import {
  HttpError,
  ReconnectFailedError,
  RequestFailedError,
  StreamTruncatedError,
  UnexpectedContentTypeError,
} from "./errors.js";
import { AGUI_PROTO_MEDIA_TYPE, SSE_MEDIA_TYPE, streamEncoding } from "./media-type.js";
import { readBodyExcerpt } from "./body-excerpt.js";
import { describeValue } from "../describe-value.js";
import { Backoff, pause, RESUME_HEADER, RESUME_PROTOCOL, RUN_ID_HEADER } from "./reconnect.js";
import type { EventSink, RunEnd, ServerRun } from "./source.js";
import { protobufFaults } from "./protobuf-faults.js";
import { SseDecoder } from "./sse-decoder.js";
import { DEFAULT_MAX_EVENT_SIZE, type StreamDecoder } from "./stream-decoder.js";
import type { HttpAgentOptions } from "./http-agent.js";

/**
 * What an `HttpAgent` does on the network: requests, the SSE and protobuf decoding of their
 * bodies, reconnects, the run list and capability discovery. `HttpAgent` loads it with its first
 * request, so an app pays for it when it first talks to the agent, not on its first paint.
 */
export class HttpExchange {
  /** @internal A response announced resume: `runsOf` may ask this server. */
  seenResumable = false;
  readonly #url: string;
  readonly #options: HttpAgentOptions;
  readonly #accept: string;

  constructor(options: HttpAgentOptions) {
    this.#url = options.url;
    this.#options = options;
    this.#accept = options.protobuf ? `${AGUI_PROTO_MEDIA_TYPE}, ${SSE_MEDIA_TYPE}` : SSE_MEDIA_TYPE;
  }

  /** `HttpAgent.runsOf` once it has decided to ask (see there). */
  async runsOf(threadId: string): Promise<readonly ServerRun[] | undefined> {
    const signal = AbortSignal.timeout(5_000);
    try {
      const target = new URL(this.#url, globalThis.location?.href);
      target.searchParams.set("threadId", threadId);
      const headers = await this.#headers();
      headers.set("Accept", "application/json");
      headers.delete("Content-Type");
      const fetchFn = this.#options.fetch ?? globalThis.fetch;
      const response = await fetchFn(target.toString(), { headers, credentials: this.#options.credentials, signal });
      if (!response.ok || !(response.headers.get("content-type") ?? "").includes("json")) {
        await response.body?.cancel();
        return undefined;
      }
      const body = (await response.json()) as { runs?: unknown };
      if (!Array.isArray(body.runs)) return undefined;
      return body.runs.filter(isServerRun);
    } catch {
      return undefined;
    }
  }

  /** `HttpAgent.getCapabilities` for `capabilities: "discover"` (see there). */
  async discover(query: CapabilityQuery): Promise<AgentCapabilities | undefined> {
    let url: string;
    let headers: Headers;
    try {
      url = this.#options.capabilitiesUrl ?? capabilitiesUrlOf(this.#url);
      headers = await this.#headers();
    } catch (cause) {
      query.onWarning?.({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The capabilities could not be asked for: ${describeValue(cause)}; they stay unknown.` : "" });
      return undefined;
    }
    headers.delete("Content-Type");
    return fetchCapabilities(url, { headers, credentials: this.#options.credentials, fetch: this.#options.fetch ?? globalThis.fetch }, query);
  }

  /**
   * One run's request; on a resumable server, also its reconnects: a dropped connection (or a body
   * that ends while the run is open) is retried with `Last-Event-ID` after a backoff, until events
   * flow again or the budget is spent (`ReconnectFailedError`).
   */
  async request(url: string, input: RunAgentInput, sink: EventSink, resumeFrom?: string, readOnly = false): Promise<RunEnd> {
    const { signal } = sink;
    if (signal.aborted) return "aborted";
    const reconnect = this.#options.reconnect;
    const follow: Follow = { lastEventId: resumeFrom, lastSeq: resumeFrom === undefined ? 0 : seqOf(resumeFrom), resumable: resumeFrom !== undefined, open: resumeFrom !== undefined, eventsSeen: 0, readOnly };
    const backoff = new Backoff(reconnect === false || reconnect === true || reconnect === undefined ? {} : reconnect);
    for (;;) {
      let cause: unknown;
      const resuming = follow.lastEventId !== undefined;
      try {
        const end = await this.#exchange(url, input, sink, follow, backoff);
        if (end === "aborted") return follow.open ? this.#stopRemote(url, follow) : end;
        if (!follow.resumable || !follow.open) return end;
        cause = new StreamTruncatedError("connection-lost", follow.eventsSeen, DEV ? "the body ended while the run was still open" : "");
      } catch (error) {
        if (signal.aborted) return follow.open ? this.#stopRemote(url, follow) : "aborted";
        if (reconnect === false || !follow.resumable || follow.lastEventId === undefined || !retryable(error)) throw error;
        // The server knows the run and refuses the resume point: retrying cannot help.
        if (resuming && error instanceof HttpError && error.status < 500) {
          throw new ReconnectFailedError("refused", 0, follow.lastEventId, error);
        }
        cause = error;
      }
      const lastEventId = follow.lastEventId!;
      const step = backoff.next();
      if (!step) throw new ReconnectFailedError("attempts-exhausted", backoff.attempts, lastEventId, cause);
      sink.onReconnecting?.({ attempt: step.attempt, attempts: backoff.attempts, delayMs: step.delayMs, lastEventId, cause });
      if (await pause(step.delayMs, signal)) return this.#stopRemote(url, follow);
    }
  }

  /**
   * A resumable server keeps a run going when its client disconnects, so a stop (abort) also
   * tells it: `DELETE ?runId=`, fire and forget (the run is over for us either way).
   */
  #stopRemote(url: string, follow: Follow): "aborted" {
    if (follow.readOnly || !follow.resumable || follow.lastEventId === undefined || this.#options.reconnect === false) return "aborted";
    const runId = follow.lastEventId.slice(0, follow.lastEventId.lastIndexOf(":"));
    const target = new URL(url, globalThis.location?.href);
    target.searchParams.set("runId", runId);
    const fetchFn = this.#options.fetch ?? globalThis.fetch;
    void this.#headers()
      .then((headers) => fetchFn(target.toString(), { method: "DELETE", headers, credentials: this.#options.credentials }))
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
    return "aborted";
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
        throw new RequestFailedError(url, cause);
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
      follow.resumable =
        this.#options.reconnect !== false && encoding === "sse" && response.headers.get(RESUME_HEADER) === RESUME_PROTOCOL;
      if (resuming !== undefined) sink.onReconnected?.();
      // Before its first event the run can be resumed from its start: the server names it.
      const runId = response.headers.get(RUN_ID_HEADER);
      if (follow.resumable && follow.lastEventId === undefined && runId !== null) follow.lastEventId = `${runId}:0`;
      if (follow.resumable) this.seenResumable = true;
      if (follow.resumable && runId !== null) sink.onResumable?.(runId);
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
              if (type === "RUN_STARTED") follow.open = true;
              else if (type === "RUN_FINISHED" || type === "RUN_ERROR") follow.open = false;
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
      return await pump(response.body, decoder, signal);
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

/** Where a resumable run stands, across its reconnects. */
interface Follow {
  lastEventId: string | undefined;
  lastSeq: number;
  /** The last response announced resume. */
  resumable: boolean;
  /** A RUN_STARTED arrived and its RUN_FINISHED / RUN_ERROR not yet. */
  open: boolean;
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

/** Failures a reconnect can cure: the network, a cut body, a server error on the way. */
function retryable(error: unknown): boolean {
  return error instanceof StreamTruncatedError || error instanceof RequestFailedError || error instanceof HttpError;
}

/** Reads the body to its end, chunk by chunk, into the decoder. */
async function pump(
  body: ReadableStream<Uint8Array>,
  decoder: StreamDecoder,
  signal: AbortSignal,
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
      decoder.push(chunk.value);
      if (signal.aborted) return "aborted";
    }
    decoder.end();
    return signal.aborted ? "aborted" : "completed";
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
  }
}
