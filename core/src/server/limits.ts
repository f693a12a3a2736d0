/**
 * What one handler lets a client cost it. Every limit has a default; `createAgentHandler`'s
 * `limits` option overrides any of them. Together they bound the handler's memory: bodies being
 * read (`runs` × `bodyBytes`), streams being written (`streams` × (`streamBufferBytes` +
 * `eventBytes`)) and runs being logged (`runs` × `runBytes`, and the memory store's own `maxBytes`).
 */
export interface AgentHandlerLimits {
  /** Largest request body, counted as it arrives (413 `BODY_TOO_LARGE`). Default 4 MiB. */
  readonly bodyBytes: number;
  /** Most messages one RunAgentInput may list (413 `TOO_MANY_MESSAGES`). Default 10,000. */
  readonly messages: number;
  /** Bytes of events one run may log; past it the run ends with RUN_ERROR `RUN_TOO_LARGE`. Default 32 MiB. */
  readonly runBytes: number;
  /** Largest single event (its JSON); a larger one ends the run with RUN_ERROR `EVENT_TOO_LARGE`. Default 8 MiB. */
  readonly eventBytes: number;
  /** Runs one owner may have going at once (429 `OWNER_BUSY`, with Retry-After). Default 8. */
  readonly runsPerOwner: number;
  /** Runs this process produces at once (503 `SERVER_BUSY`, with Retry-After). Default 64. */
  readonly runs: number;
  /** Event streams one owner may have open at once (429 `OWNER_BUSY`). Default 32. */
  readonly streamsPerOwner: number;
  /** Event streams this process serves at once (503 `SERVER_BUSY`). Default 1,024. */
  readonly streams: number;
  /**
   * Bytes of events queued for one stream before the handler stops reading the log for it: a
   * response pulls from the run log only as its client reads. Default 64 KiB.
   */
  readonly streamBufferBytes: number;
  /** A stream whose client has read nothing for this long while events wait is closed (ms). Default 30 s. */
  readonly stallMs: number;
  /** How long the capabilities found for the agent are reused before it is asked again (ms). Default 60 s. */
  readonly capabilitiesTtlMs: number;
}

export const DEFAULT_LIMITS: AgentHandlerLimits = Object.freeze({
  bodyBytes: 4 * 1024 * 1024,
  messages: 10_000,
  runBytes: 32 * 1024 * 1024,
  eventBytes: 8 * 1024 * 1024,
  runsPerOwner: 8,
  runs: 64,
  streamsPerOwner: 32,
  streams: 1024,
  streamBufferBytes: 64 * 1024,
  stallMs: 30_000,
  capabilitiesTtlMs: 60_000,
});

/** The limits in force: the defaults, overridden by what the app gave (each a positive number). */
export function resolveLimits(given: Partial<AgentHandlerLimits> | undefined): AgentHandlerLimits {
  const limits = { ...DEFAULT_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (typeof value !== "number" || !(value > 0)) {
      throw new TypeError(`createAgentHandler: limits.${name} must be a positive number, not ${String(value)}.`);
    }
  }
  return limits;
}
