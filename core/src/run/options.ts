import { DEV } from "esm-env";
// The options of a RunLoop and of one run.
import type { SubagentLanesPlugin } from "../model/subagents/lanes.js";
import type { ThreadlineError, WarningHandler } from "../errors.js";
import type { GenerativeUiPlugin } from "../model/components/plugin.js";
import type { PartialArgsPlugin } from "../model/tool-calls/tool-args.js";
import type { Thread } from "../model/types.js";
import type { PipelineOptions } from "../pipeline/index.js";
import type { LegacyProtocol } from "./legacy-protocol.js";
import type { Context, Message, ResumeEntry, RunAgentInput, Tool } from "../protocol/events.js";
import type { AgentSource } from "../transport/source.js";
import type { Middleware } from "../pipeline/middleware.js";
import type { RunMode } from "./result.js";
import type { RunSubscriber } from "./subscriber.js";
import { describeValue } from "../describe-value.js";
import { RunLoopInputError } from "./errors.js";

/** See `RunLoopOptions.terminalGraceMs`. */
export const DEFAULT_TERMINAL_GRACE_MS = 500;

/** The `terminalGraceMs` option, checked (`INVALID_TERMINAL_GRACE`); the default when absent. */
export function terminalGrace(value: unknown): number {
  const grace = value ?? DEFAULT_TERMINAL_GRACE_MS;
  if (typeof grace !== "number" || !(grace >= 0)) {
    throw new RunLoopInputError("INVALID_TERMINAL_GRACE", DEV ? `terminalGraceMs must be a number of milliseconds ≥ 0 (or Infinity), got ${describeValue(grace)}.` : "");
  }
  return grace;
}

export type WhenRunning = "refuse" | "queue";

export interface RunLoopOptions {
  /** Where runs go: `HttpAgent`, `fromAgent(agUiAgent)`, `fromEvents([...])`, or your own. */
  readonly source: AgentSource;
  /** The thread to run on (from `createThread`). Default: a new empty thread. */
  readonly thread?: Thread;
  /** For a new thread, its id. Default: `createId()`. */
  readonly threadId?: string;
  /** For a new thread: generative UI, `generativeUi({ registry })` (see `ThreadOptions.components`). */
  readonly components?: GenerativeUiPlugin;
  /** For a new thread: follow subagents as lanes, `subagentLanes()` (see `ThreadOptions.subagents`). */
  readonly subagents?: SubagentLanesPlugin;
  /** For a new thread: arguments parsed while they stream, `partialArgsParser()` (see `ThreadOptions.partialArgs`). */
  readonly partialArgs?: PartialArgsPlugin;
  readonly middleware?: readonly Middleware[];
  readonly subscribers?: readonly RunSubscriber[];
  /**
   * How long (ms) a run's stream may stay open after its terminal event (RUN_FINISHED or
   * RUN_ERROR, with no new run started) before the run settles on that event and the connection
   * is released; events after that are dropped with an `EVENT_AFTER_RUN_SETTLED` warning. Until
   * then the stream is read on, as AG-UI allows (a late RUN_ERROR, a new RUN_STARTED). A stream
   * that ends settles the run at once. Default 500; `Infinity` waits for the stream's end.
   */
  readonly terminalGraceMs?: number;
  /** A run asked for while one is active: rejected with `RunInProgressError` (default) or queued. */
  readonly whenRunning?: WhenRunning;
  /** Sent with every run unless the run names its own. */
  readonly tools?: readonly Tool[];
  readonly context?: readonly Context[];
  readonly forwardedProps?: unknown;
  /**
   * `legacyProtocol({ peerProtocolVersion })`: retired events and content parts are read and
   * sent, and an agent pinned to an older AG-UI version is spoken to in it (see `LegacyProtocol`).
   */
  readonly legacy?: LegacyProtocol;
  /** Pipeline validation: `"fast"` (default) or `"schema"` with `schemas` (see `createPipeline`). */
  readonly validation?: PipelineOptions["validation"];
  readonly schemas?: PipelineOptions["schemas"];
  /** Makes run ids (and a new thread's id). Default `crypto.randomUUID()`. */
  readonly createId?: () => string;
  /** The clock interrupt expiry is judged by (ms since the epoch). Default `Date.now`. */
  readonly now?: () => number;
  readonly onWarning?: WarningHandler;
  /**
   * Errors that do not end a run: a subscriber hook that threw (`SubscriberError`), code reacting
   * to a run's end that threw (`RunSettleError`), a stop the server refused (`StopFailedError`,
   * after the run ended here as cancelled: it goes on on the server). Default: reported as warnings.
   */
  readonly onError?: (error: ThreadlineError) => void;
  /**
   * The active run's server logs it under `runId` and can resume it (its response said so): the
   * moment to store the run's resume point (`resumePoint()`), as a chat does.
   */
  readonly onResumable?: (runId: string) => void;
  /**
   * `stop()` ended a run here that the server logging it could not be told to stop
   * (`StopFailedError`): it goes on there. Called after `onError`, when the loop's `status` and
   * `error` already say so (unless another run has started meanwhile).
   */
  readonly onStopFailed?: (error: ThreadlineError) => void;
}

export interface RunParams {
  /** Default: `createId()`. */
  readonly runId?: string;
  /** Messages appended to the thread when the run starts (after the interrupt check passed). */
  readonly messages?: readonly Message[];
  readonly tools?: readonly Tool[];
  readonly context?: readonly Context[];
  readonly forwardedProps?: unknown;
  /** Answers to the thread's pending interrupts: required for every one of them. */
  readonly resume?: readonly ResumeEntry[];
  /**
   * `connect()` only: rejoin this run on a resumable server (the source's `resume`) after the
   * event `lastEventId` (`<runId>:0` replays it whole) instead of AG-UI connect.
   */
  readonly rejoin?: RejoinParams;
  readonly parentRunId?: string;
  /** Listens to this run only, after the loop's subscribers. */
  readonly subscriber?: RunSubscriber;
  /** Overrides the loop's `whenRunning` for this call. */
  readonly whenRunning?: WhenRunning;
}

/** Which logged run `connect()` rejoins, and from where. */
export interface RejoinParams {
  readonly runId: string;
  readonly lastEventId: string;
  /**
   * A replay from the run's start (`<runId>:0`) onto a thread that already holds part of it (a
   * reload's stored thread): when the replay's RUN_STARTED arrives, the thread goes back to this
   * many messages and this state, as it was when the run began. Until then it stays as it is, so a
   * rejoin that fails keeps what was stored.
   */
  readonly from?: { readonly messageCount: number; readonly state: unknown };
  /**
   * Follow another client's run: `stop()` only stops listening (the run goes on on the server),
   * and no resume point is kept for it (a reload follows it again rather than taking it over).
   */
  readonly readOnly?: boolean;
}

export interface ActiveRun {
  readonly runId: string;
  readonly mode: RunMode;
  readonly generation: number;
  readonly input: RunAgentInput;
}

/** A run a reload can rejoin (`RunLoop.resumePoint()`), as stored with the thread. */
export interface ResumePoint {
  readonly runId: string;
  /** Messages the thread held when the run started. */
  readonly messageCount: number;
  /** The shared state when the run started. */
  readonly state: unknown;
}
