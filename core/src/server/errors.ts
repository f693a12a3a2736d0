import { ThreadlineError } from "../errors.js";

/** The codes of the handler's refusals; each is sent as `{ error: { code, message } }`. */
export type AgentHandlerErrorCode =
  /** The body is not a RunAgentInput (no string threadId / runId, not JSON). */
  | "RUN_INPUT_INVALID"
  /** A run with this runId is already in the log: a new run needs a new id. */
  | "RUN_ID_TAKEN"
  /** `Last-Event-ID` (or `lastEventId`) is not `<runId>:<seq>`. */
  | "EVENT_ID_INVALID"
  /** The resume request names one run, its event id another. */
  | "EVENT_ID_OTHER_RUN"
  /** The event id is past the end of the run's log. */
  | "EVENT_ID_AHEAD"
  /** The events after the id were trimmed (the run had more than `maxEvents`). */
  | "EVENTS_TRIMMED"
  /** No such run in the log (never existed, or gone past retention). */
  | "RUN_NOT_FOUND"
  /** The run existed but its retention (`ttlMs`) is over. */
  | "RUN_EXPIRED"
  /** A stop for a run another server instance produces. */
  | "RUN_ELSEWHERE"
  /** The run store (Redis) could not be reached or failed. */
  | "RUN_STORE_UNAVAILABLE"
  | "METHOD_NOT_ALLOWED"
  /** `GET …/capabilities`, but the agent declares none (404: a client reads them as unknown). */
  | "CAPABILITIES_NOT_DECLARED";

const STATUS: Readonly<Record<AgentHandlerErrorCode, number>> = {
  RUN_INPUT_INVALID: 400,
  RUN_ID_TAKEN: 409,
  EVENT_ID_INVALID: 400,
  EVENT_ID_OTHER_RUN: 400,
  EVENT_ID_AHEAD: 416,
  EVENTS_TRIMMED: 410,
  RUN_NOT_FOUND: 404,
  RUN_EXPIRED: 410,
  RUN_ELSEWHERE: 409,
  RUN_STORE_UNAVAILABLE: 503,
  METHOD_NOT_ALLOWED: 405,
  CAPABILITIES_NOT_DECLARED: 404,
};

/** A request the handler refuses; `toResponse()` is what the client receives. */
export class AgentHandlerError extends ThreadlineError<AgentHandlerErrorCode> {
  readonly status: number;

  constructor(code: AgentHandlerErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.status = STATUS[code];
  }

  toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    all.set("content-type", "application/json");
    return new Response(JSON.stringify({ error: { code: this.code, message: this.message } }), {
      status: this.status,
      headers: all,
    });
  }
}

/** The run store failed (a lost Redis connection, a command error). */
export class RunStoreError extends ThreadlineError<"RUN_STORE_FAILED"> {
  constructor(what: string, cause: unknown) {
    super("RUN_STORE_FAILED", `The run store failed to ${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
