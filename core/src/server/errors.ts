import { ThreadlineError } from "../errors.js";

/** The codes of the handler's refusals; each is sent as `{ error: { code, message } }`. */
export type AgentHandlerErrorCode =
  /** The body is not a RunAgentInput (not JSON, a field of the wrong type, no threadId / runId). */
  | "RUN_INPUT_INVALID"
  /** The `input` hook refused the run (the app's own check). */
  | "RUN_INPUT_REFUSED"
  /** A thread or run id is empty, too long, or holds a character outside the id grammar. */
  | "ID_INVALID"
  /** The body is larger than `limits.bodyBytes` (counted as it arrives). */
  | "BODY_TOO_LARGE"
  /** The input lists more messages than `limits.messages`. */
  | "TOO_MANY_MESSAGES"
  /** A POST whose body is not `application/json`. */
  | "CONTENT_TYPE_UNSUPPORTED"
  /** The request's `Origin` is neither this server's nor one of `origins`. */
  | "ORIGIN_NOT_ALLOWED"
  /** The `owner` function found nobody: the request must be signed in. */
  | "OWNER_REQUIRED"
  /** A run with this runId is already in the log: a new run needs a new id. */
  | "RUN_ID_TAKEN"
  /** The thread belongs to another owner: a new run on it is refused. */
  | "THREAD_ID_TAKEN"
  /** This owner already has `limits.runsPerOwner` runs going, or `limits.streamsPerOwner` streams open. */
  | "OWNER_BUSY"
  /** This process already has `limits.runs` runs going, or `limits.streams` streams open. */
  | "SERVER_BUSY"
  /** `Last-Event-ID` (or `lastEventId`) is not `<runId>:<seq>`. */
  | "EVENT_ID_INVALID"
  /** The resume request names one run, its event id another. */
  | "EVENT_ID_OTHER_RUN"
  /** The event id is past the end of the run's log. */
  | "EVENT_ID_AHEAD"
  /** The events after the id were trimmed (the run had more than `maxEvents`). */
  | "EVENTS_TRIMMED"
  /** No such run for this owner (never existed, gone past retention, or another owner's). */
  | "RUN_NOT_FOUND"
  /** The run existed but its retention (`ttlMs`) is over. */
  | "RUN_EXPIRED"
  /** The run store (Redis) could not be reached, failed or did not answer in time. */
  | "RUN_STORE_UNAVAILABLE"
  | "METHOD_NOT_ALLOWED"
  /** `GET …/capabilities`, but the agent declares none (404: a client reads them as unknown). */
  | "CAPABILITIES_NOT_DECLARED"
  /** Anything else that went wrong while serving (details go to `onError`, never to the client). */
  | "HANDLER_FAILED";

const STATUS: Readonly<Record<AgentHandlerErrorCode, number>> = {
  RUN_INPUT_INVALID: 400,
  RUN_INPUT_REFUSED: 422,
  ID_INVALID: 400,
  BODY_TOO_LARGE: 413,
  TOO_MANY_MESSAGES: 413,
  CONTENT_TYPE_UNSUPPORTED: 415,
  ORIGIN_NOT_ALLOWED: 403,
  OWNER_REQUIRED: 401,
  RUN_ID_TAKEN: 409,
  THREAD_ID_TAKEN: 409,
  OWNER_BUSY: 429,
  SERVER_BUSY: 503,
  EVENT_ID_INVALID: 400,
  EVENT_ID_OTHER_RUN: 400,
  EVENT_ID_AHEAD: 416,
  EVENTS_TRIMMED: 410,
  RUN_NOT_FOUND: 404,
  RUN_EXPIRED: 410,
  RUN_STORE_UNAVAILABLE: 503,
  METHOD_NOT_ALLOWED: 405,
  CAPABILITIES_NOT_DECLARED: 404,
  HANDLER_FAILED: 500,
};

/**
 * A request the handler refuses; `toResponse()` is what the client receives. Messages are written
 * for the client: they name what was wrong in the request, never the server's internals.
 */
export class AgentHandlerError extends ThreadlineError<AgentHandlerErrorCode> {
  readonly status: number;
  /** Seconds a client should wait before trying again (`Retry-After`), for the busy refusals. */
  readonly retryAfter: number | undefined;

  constructor(code: AgentHandlerErrorCode, message: string, options?: { cause?: unknown; retryAfter?: number }) {
    super(code, message, options);
    this.status = STATUS[code];
    this.retryAfter = options?.retryAfter;
  }

  toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    all.set("content-type", "application/json");
    all.set("cache-control", "no-store");
    if (this.retryAfter !== undefined) all.set("retry-after", String(this.retryAfter));
    return new Response(JSON.stringify({ error: { code: this.code, message: this.message } }), {
      status: this.status,
      headers: all,
    });
  }
}

/** The run store failed (a lost Redis connection, a command error, no answer in time). */
export class RunStoreError extends ThreadlineError<"RUN_STORE_FAILED"> {
  constructor(what: string, cause: unknown) {
    super("RUN_STORE_FAILED", `The run store failed to ${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
