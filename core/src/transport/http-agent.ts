import type { RunAgentInput } from "../protocol/events.js";
import {
  HttpError,
  RequestFailedError,
  StreamTruncatedError,
  UnexpectedContentTypeError,
} from "./errors.js";
import { AGUI_PROTO_MEDIA_TYPE, SSE_MEDIA_TYPE, streamEncoding } from "./media-type.js";
import { loadProto, ProtobufDecoder } from "./protobuf-decoder.js";
import { readBodyExcerpt } from "./body-excerpt.js";
import type { AgentSource, EventSink, RunEnd } from "./source.js";
import { SseDecoder } from "./sse-decoder.js";
import { DEFAULT_MAX_EVENT_SIZE, type StreamDecoder } from "./stream-decoder.js";

export type HttpHeaders = Record<string, string>;

export interface HttpAgentOptions {
  /** The AG-UI endpoint: `run` POSTs `RunAgentInput` here. */
  url: string;
  /**
   * Extra request headers. A function is called once per request (a fresh auth token each run);
   * if it throws, the run rejects with its error and no request is sent. `Content-Type` and
   * `Accept` are always Threadline's own.
   */
  headers?: HttpHeaders | (() => HttpHeaders | Promise<HttpHeaders>);
  /** Passed to `fetch` (`"include"` to send cookies cross-origin). */
  credentials?: RequestCredentials;
  /** A `fetch` to use instead of the global one (tests, proxies, custom agents). */
  fetch?: typeof fetch;
  /** Also accept `application/vnd.ag-ui.event+proto` responses. Off by default. */
  protobuf?: boolean;
  /**
   * Where `connect` (attach to a run in progress) POSTs. Without it the agent has no `connect`:
   * AG-UI defines no standard HTTP endpoint for it.
   */
  connectUrl?: string;
  /** Largest single event accepted (SSE characters / protobuf bytes). Default 16 MiB. */
  maxEventSize?: number;
}

/**
 * An AG-UI agent over HTTP: POSTs the run input as JSON and decodes the response as SSE or, when
 * enabled and answered, AG-UI protobuf. Each network chunk's events reach the sink synchronously.
 */
export class HttpAgent implements AgentSource {
  readonly url: string;
  /** Present only when `connectUrl` was given, so `typeof agent.connect` tells whether it can. */
  readonly connect?: (input: RunAgentInput, sink: EventSink) => Promise<RunEnd>;
  private readonly options: HttpAgentOptions;
  private readonly accept: string;

  constructor(options: HttpAgentOptions) {
    this.url = options.url;
    this.options = options;
    this.accept = options.protobuf ? `${AGUI_PROTO_MEDIA_TYPE}, ${SSE_MEDIA_TYPE}` : SSE_MEDIA_TYPE;
    const connectUrl = options.connectUrl;
    if (connectUrl !== undefined) {
      this.connect = (input, sink) => this.request(connectUrl, input, sink);
    }
  }

  run(input: RunAgentInput, sink: EventSink): Promise<RunEnd> {
    return this.request(this.url, input, sink);
  }

  private async request(url: string, input: RunAgentInput, sink: EventSink): Promise<RunEnd> {
    const { signal } = sink;
    if (signal.aborted) return "aborted";
    const headers = await this.headers();
    if (signal.aborted) return "aborted";

    // Our own controller, so the connection can also be released when the sink throws or the
    // stream is bad, not only when the caller aborts.
    const controller = new AbortController();
    const forwardAbort = (): void => controller.abort(signal.reason);
    signal.addEventListener("abort", forwardAbort, { once: true });
    try {
      const fetchFn = this.options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await fetchFn(url, {
          method: "POST",
          headers,
          body: JSON.stringify(input),
          credentials: this.options.credentials,
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
      const maxEventSize = this.options.maxEventSize ?? DEFAULT_MAX_EVENT_SIZE;
      const decoder =
        encoding === "protobuf"
          ? new ProtobufDecoder(await loadProto(), sink, maxEventSize)
          : new SseDecoder(sink, maxEventSize);
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

  private async headers(): Promise<Headers> {
    const given = this.options.headers;
    const own = typeof given === "function" ? await given() : given;
    const headers = new Headers(own);
    headers.set("Content-Type", "application/json");
    headers.set("Accept", this.accept);
    return headers;
  }
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
          "the connection closed before the response body was complete",
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
