import { DEV } from "esm-env";
import type { AgentCapabilities } from "@ag-ui/core";
import type { RunAgentInput } from "../protocol/events.js";
import type { CapabilityQuery } from "./capabilities.js";
import type { ReconnectOptions } from "./reconnect.js";
import type { AgentSource, EventSink, ResumeOptions, RunEnd, ServerRun } from "./source.js";
import { LazyPart } from "../lazy-part.js";
import { describeValue } from "../describe-value.js";
import type { HttpExchange } from "./http-exchange.js";

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
   * @internal Where `connect` (attach to a run in progress) POSTs. Without it the agent has no `connect`:
   * AG-UI defines no standard HTTP endpoint for it.
   */
  connectUrl?: string;
  /** Largest single event accepted (SSE characters / protobuf bytes). Default 16 MiB. */
  maxEventSize?: number;
  /**
   * Against a server that announces resume (Threadline's `createAgentHandler`), a dropped
   * connection is resumed after the last event id with exponential backoff and jitter. `false`
   * turns it off; against other servers it never applies. Default: on, 5 attempts.
   */
  reconnect?: boolean | ReconnectOptions;
  /**
   * The server is Threadline's `createAgentHandler`: a chat opening a thread asks it at once whether
   * a run is going there (another device's), before any response has said it is resumable; and a
   * run whose request got no response at all (the connection cut before the response's head, or
   * `headersTimeoutMs` passed) is resumed from its start, since that server logs it under the run id
   * the client chose (sent again if the log does not know it).
   */
  resumable?: boolean;
  /**
   * The server — not Threadline's handler — numbers its SSE events (`id:`) and, asked again with
   * `Last-Event-ID`, sends only what came after that event: a dropped connection is then resumed
   * from the last event folded, as against Threadline's handler. Off by default: a server that
   * ignored the header would run the input a second time.
   */
  resumeWithLastEventId?: boolean;
  /**
   * How long (ms) a request waits for its response's status line and headers before it is
   * abandoned with `ResponseTimeoutError` (`RESPONSE_TIMEOUT`); a run on a resumable server is then
   * resumed. Default 60,000; `Infinity` waits for ever.
   */
  headersTimeoutMs?: number;
  /**
   * On a resumable server, which sends a heartbeat comment every 15 s while a run is quiet (its
   * `heartbeatMs`): a stream that brings nothing at all for this long (ms) is taken for a dropped
   * connection (`StreamTruncatedError`, reason `silence`) and resumed. Default 45,000, three
   * heartbeats; keep it above twice the server's `heartbeatMs`. `Infinity` turns the watch off.
   */
  heartbeatTimeoutMs?: number;
  /**
   * What the agent can do, for `getCapabilities()` (AG-UI capability discovery; a UI hides what the
   * agent cannot do). An `AgentCapabilities` object declares them here and nothing is fetched.
   * `"discover"` GETs the document at `capabilitiesUrl`: Threadline's `createAgentHandler` answers
   * it. Absent: unknown (`getCapabilities()` resolves `undefined`) — AG-UI defines no HTTP endpoint.
   */
  capabilities?: AgentCapabilities | "discover";
  /** Where `capabilities: "discover"` GETs the document. Default `<url>/capabilities`. */
  capabilitiesUrl?: string;
}

/**
 * An AG-UI agent over HTTP: POSTs the run input as JSON and decodes the response as SSE or, when
 * enabled and answered, AG-UI protobuf. Each network chunk's events reach the sink synchronously.
 *
 * Made up front (the app constructs it with the chat), it holds only its options: the code that
 * talks to the server (`HttpExchange`: requests, decoding, reconnects) is loaded with the first
 * request. Should that load fail, the request rejects with `LazyLoadError` (`LAZY_LOAD_FAILED`),
 * and the next one loads again.
 */
export class HttpAgent implements AgentSource {
  /**
   * @internal Vue's raw marker: a `ref`, `reactive` or Pinia store holding this object hands it
   * back as it is, since a deep proxy as `this` fails every `#` member's brand check.
   */
  get __v_skip(): true {
    return true;
  }

  readonly url: string;
  /** A function only when `connectUrl` was given, so `typeof agent.connect` tells whether it can. */
  readonly connect?: (input: RunAgentInput, sink: EventSink) => Promise<RunEnd> = undefined;
  readonly #options: HttpAgentOptions;
  readonly #exchange: LazyPart<HttpExchange>;

  constructor(options: HttpAgentOptions) {
    this.url = options.url;
    this.#options = options;
    this.#exchange = new LazyPart("HttpAgent's exchange (transport/http-exchange)", () =>
      import("./http-exchange.js").then(({ HttpExchange }) => new HttpExchange(options)),
    );
    const connectUrl = options.connectUrl;
    if (connectUrl !== undefined) {
      this.connect = (input, sink) => this.#exchange.get().then((exchange) => exchange.request(connectUrl, input, sink, "connect"));
    }
  }

  run(input: RunAgentInput, sink: EventSink): Promise<RunEnd> {
    return this.#exchange.get().then((exchange) => exchange.request(this.url, input, sink, "run"));
  }

  /**
   * Rejoins a run on a resumable server after the event `lastEventId` (`<runId>:<seq>`; seq 0
   * replays the run from its start), then follows it live — reconnecting as `run` does.
   */
  resume(input: RunAgentInput, lastEventId: string, sink: EventSink, options: ResumeOptions = {}): Promise<RunEnd> {
    return this.#exchange.get().then((exchange) => exchange.request(this.url, input, sink, "resume", lastEventId, options.readOnly === true));
  }

  /**
   * The page woke or the network came back (a chat calls this on `visibilitychange` and `online`):
   * a run waiting to reconnect tries now, and a resumable stream quiet for more than 20 s (longer
   * than the handler's heartbeat) is taken for dropped and resumed. Does nothing before the first request.
   */
  wake(): void {
    this.#exchange.loaded?.wake();
  }

  /**
   * The thread's runs on a resumable server (`GET <url>?threadId=`, 5 s at most); `undefined` from
   * a server that does not answer it with a run list. Asked only of a server known to be resumable
   * (`resumable: true`, or a response said so), unless `force`. Rejects with a `TransportError`
   * (`REQUEST_FAILED`, `RESPONSE_TIMEOUT`, `LAZY_LOAD_FAILED`) when no answer came: ask again.
   */
  async runsOf(threadId: string, options: { readonly force?: boolean } = {}): Promise<readonly ServerRun[] | undefined> {
    if (this.#options.reconnect === false) return undefined;
    if (options.force !== true && this.#options.resumable !== true && this.#exchange.loaded?.seenResumable !== true) return undefined;
    return (await this.#exchange.get()).runsOf(threadId);
  }

  /**
   * The agent's capabilities as `capabilities` says: the declared object, the discovered document
   * (fetched on each call, so it is current), or `undefined` when unknown. Never rejects: a
   * server without discovery reads as unknown, a malformed document warns `CAPABILITIES_MALFORMED`,
   * a failed request `CAPABILITIES_UNAVAILABLE` (to `query.onWarning`).
   */
  async getCapabilities(query: CapabilityQuery = {}): Promise<AgentCapabilities | undefined> {
    const declared = this.#options.capabilities;
    if (declared !== "discover") return declared;
    let exchange: HttpExchange;
    try {
      exchange = await this.#exchange.get();
    } catch (cause) {
      query.onWarning?.({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The capabilities could not be asked for: ${describeValue(cause, "message")}; they stay unknown.` : "" });
      return undefined;
    }
    return exchange.discover(query);
  }
}
