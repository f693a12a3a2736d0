import type { ThreadlineError, WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import type { ClearedRunFilter } from "../persist/cleared-run-filter.js";
import type { Context, Message, ResumeEntry } from "../protocol/events.js";
import type { Approvals } from "./approvals.js";
import type { ChatStorage } from "./chat-persistence.js";
import type { TurnResult } from "./chat-types.js";
import type { ToolSet } from "./client-tools.js";
import type { RunLoop } from "./run-loop.js";
import type { ToolRunner } from "./tool-execution.js";
import type { ToolAnswers } from "./tool-answers.js";

/** Where a turn stands between runs: `working` while client tools run. */
export type TurnPhase = "idle" | "working" | "awaiting-input" | "error";

export interface TurnRunParams {
  /** AG-UI connect instead of run: attach to the agent's side of the thread. */
  readonly connect?: boolean;
  readonly messages?: readonly Message[];
  readonly resume?: readonly ResumeEntry[] | undefined;
  readonly parentRunId?: string;
  /** A reload's rejoin of a run a resumable server logs (see `RunParams.rejoin`). */
  readonly rejoin?: { readonly runId: string; readonly lastEventId: string };
}

/** A user turn waiting for the current one to settle. */
export type QueuedTurn =
  | { readonly kind: "message"; readonly message: Message; resolve(result: TurnResult): void }
  | { readonly kind: "regenerate"; resolve(result: TurnResult): void }
  | { readonly kind: "connect"; readonly rejoin?: TurnRunParams["rejoin"]; resolve(result: TurnResult): void };

export interface ChatTurnsConfig {
  readonly thread: ThreadImpl;
  readonly loop: RunLoop;
  readonly runner: ToolRunner;
  readonly approvals: Approvals;
  readonly answers: ToolAnswers;
  readonly storage: () => ChatStorage;
  readonly filter: ClearedRunFilter;
  readonly resetPresence: () => void;
  readonly createId: () => string;
  readonly report: (error: ThreadlineError) => void;
  readonly warn: WarningHandler;
  /** Called just before each run is requested (the chat names a placeholder thread there). */
  readonly beforeRun: () => void;
  /** The settings in force for the next run. */
  readonly settings: () => { readonly tools: ToolSet; readonly context: readonly Context[] | undefined; readonly forwardedProps: unknown; readonly maxSteps: number };
}
