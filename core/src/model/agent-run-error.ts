import { ModelError } from "./errors.js";

// A file of its own: only the fold and the run loop raise it, and they load with the engine.

/**
 * The agent reported a failure with RUN_ERROR. Distinct from a client-side rejection (a protocol
 * error), which the spec requires to be distinguishable. `agentCode` is the event's `code`.
 */
export class AgentRunError extends ModelError {
  declare readonly code: "AGENT_RUN_ERROR";
  readonly agentCode: string | undefined;

  constructor(message: string, agentCode?: string) {
    super("AGENT_RUN_ERROR", message);
    this.agentCode = agentCode;
  }
}
