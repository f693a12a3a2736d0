import type { AgentCapabilities } from "@ag-ui/core";
import type { RunAgentInput } from "../protocol/events.js";
import type { ThreadlineError, WarningHandler } from "../errors.js";
import type { CapabilityQuery } from "./capabilities.js";
import type { ReconnectAttempt } from "./reconnect.js";

/**
 * Where a source delivers what it decodes. The run loop owns the sink: it aborts `signal` to stop
 * the run and receives every event, raw and unvalidated, in arrival order.
 */
export interface EventSink {
  /**
   * Aborting it ends the run quietly: the request is cancelled and `run` resolves `"aborted"`. A
   * source that tells its server to stop the run (a resumable server keeps runs going without a
   * client) does not when the reason is a `RunLeft`: the client left, the run goes on there.
   */
  readonly signal: AbortSignal;
  /**
   * Called synchronously as each event is decoded; all events of one network chunk are delivered
   * in one go, without a promise in between. Throwing here (a protocol violation found downstream)
   * makes the source stop reading, release its connection and reject `run` with the same error.
   */
  onEvent(event: unknown): void;
  /** Recoverable oddities in the stream (an unknown SSE field, an event type the decoder does not
   * know). Defaults to `warnToConsole`. */
  onWarning?: WarningHandler;
  /** The connection dropped and the source is reconnecting (a resumable server, see `HttpAgent`). */
  onReconnecting?(attempt: ReconnectAttempt): void;
  /** A reconnect succeeded: events flow again. */
  onReconnected?(): void;
  /** The server logs this run and can resume it (`resume(input, "<runId>:<seq>", sink)`). */
  onResumable?(runId: string): void;
  /**
   * After the run was aborted: the server that logs it could not be told to stop it (see
   * `StopFailedError`), so it goes on there. Called once, possibly after `run` has resolved.
   */
  onStopFailed?(error: ThreadlineError): void;
}

/**
 * The abort reason of a run the client leaves rather than stops (`RunLoop.leave()`; a chat's
 * `dispose()`, as when its component goes away on client-side navigation): the connection is
 * released, but the source sends no stop, so a server that logs the run keeps producing it and a
 * chat opened on the thread later rejoins it, as after a reload.
 */
export class RunLeft {
  readonly reason = "left" as const;
}

/**
 * How a run's stream ended, when it ended without error. `"completed"` means the transport closed
 * cleanly — not that the agent succeeded: that is told by the events (RUN_FINISHED, RUN_ERROR),
 * which the pipeline checks.
 */
export type RunEnd = "completed" | "aborted";

/** Anything that can produce a run's AG-UI events. */
export interface AgentSource {
  run(input: RunAgentInput, sink: EventSink): Promise<RunEnd>;
  /** AG-UI connect: attach to a run already in progress. Absent when the source cannot. */
  connect?(input: RunAgentInput, sink: EventSink): Promise<RunEnd>;
  /**
   * Rejoins a run after the event with SSE id `lastEventId` (`<runId>:<seq>`; seq 0 replays it
   * from the start): a reload or another tab following a run a resumable server logs.
   */
  resume?(input: RunAgentInput, lastEventId: string, sink: EventSink, options?: ResumeOptions): Promise<RunEnd>;
  /**
   * The thread's runs the server still holds (a resumable server's `GET ?threadId=`): whether
   * another device is generating on it, and which run a reload can rejoin. Absent when the source
   * cannot tell; resolves `undefined` when the server does not answer it — or, unless `force`, when
   * the source does not know its server to be resumable (so a plain server is never asked).
   * Rejects (a `TransportError`) when the question could not be asked: the network failed or no
   * answer came in time — the caller may ask again.
   */
  runsOf?(threadId: string, options?: { readonly force?: boolean }): Promise<readonly ServerRun[] | undefined>;
  /**
   * The page woke or the network came back: a run waiting to reconnect tries now, and a stream
   * silent for longer than it should be is taken for dropped. Absent when there is nothing to do.
   */
  wake?(): void;
  /**
   * What the agent can do (AG-UI capability discovery): resolves `undefined` when that is unknown.
   * Never rejects: a malformed or unreachable answer is warned about and reads as unknown. Absent
   * when the source has no way to tell.
   */
  getCapabilities?(query?: CapabilityQuery): Promise<AgentCapabilities | undefined>;
}

export interface ResumeOptions {
  /**
   * Following someone else's run (another device's): an abort only stops listening; the run is
   * not stopped on the server.
   */
  readonly readOnly?: boolean;
}

/** A run as a resumable server lists it. */
export interface ServerRun {
  readonly runId: string;
  readonly threadId: string;
  readonly status: "running" | "ended";
  readonly startedAt: number;
}
