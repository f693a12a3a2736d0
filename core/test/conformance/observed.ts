// What a lane observed of one fixture run, in the terms FORMAT.md's `expect` keys compare.
import type { AGUIEvent, ThreadlineError, ThreadlineWarning } from "../../src/index.js";

export type Transport = "memory" | "http";
export type Validation = "fast" | "schema";

export interface Lane {
  /**
   * `http`: RunLoop over HttpAgent against the replay server, as the upstream runner does.
   * `memory`: the raw events straight into createPipeline (events) and foldEvents (the rest).
   */
  readonly transport: Transport;
  readonly validation: Validation;
}

export interface Observed {
  /** `failed`: the client rejected the stream. A producer RUN_ERROR is `completed`. */
  outcome: "completed" | "failed";
  /** The client's rejection, when `failed`. */
  error: ThreadlineError | undefined;
  /** What application code was handed, in order. */
  events: AGUIEvent[];
  warnings: ThreadlineWarning[];
  /** The thread's messages after the run, as AG-UI messages (input.messages included). */
  messages: unknown[];
  state: unknown;
  /** The RunAgentInput body that was POSTed; only a lane that sends a request has one. */
  request?: unknown;
}
