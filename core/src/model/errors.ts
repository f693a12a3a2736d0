import { DEV } from "esm-env";
import { type errorCodes, ThreadlineError } from "../errors.js";
import { argsProblem } from "./tool-calls/args-problem.js";

/**
 * An error about the signal graph: a tool call's arguments or result, the agent's RUN_ERROR on the
 * thread (`AGENT_RUN_ERROR`) or the client's rejection of its stream (`RUN_REJECTED`), a misuse of
 * the thread's or the thread store's API. Catch this class and branch on `code`; the
 * subclasses below (and AgentRunError, agent-run-error.ts) carry their code's details and are deprecated as names to catch.
 */
export class ModelError extends ThreadlineError<ModelErrorCode> {}

export type ModelErrorCode = (typeof errorCodes.model)[number];

/**
 * A tool call whose arguments cannot be used: `INVALID_TOOL_ARGS` when the text at TOOL_CALL_END is
 * not valid JSON, `TOOL_ARGS_TOO_DEEP` when it is JSON nested deeper than `MAX_JSON_DEPTH`,
 * `INCOMPLETE_TOOL_ARGS` when the run ended before TOOL_CALL_END. The raw text stays on the
 * node's `argsText`.
 */
export class ToolArgsError extends ModelError {
  declare readonly code: "INVALID_TOOL_ARGS" | "TOOL_ARGS_TOO_DEEP" | "INCOMPLETE_TOOL_ARGS";
  readonly toolCallId: string;
  readonly argsText: string;

  constructor(
    code: "INVALID_TOOL_ARGS" | "TOOL_ARGS_TOO_DEEP" | "INCOMPLETE_TOOL_ARGS",
    toolCallId: string,
    argsText: string,
    cause?: unknown,
  ) {
    // The sentence is composed in development only; a production build names the call as where.
    super(code, DEV ? `Tool call '${toolCallId}': ${argsProblem(code, cause)}.` : "", { cause, where: toolCallId });
    this.toolCallId = toolCallId;
    this.argsText = argsText;
  }
}

/**
 * A tool message reported an error for its call (the message's `error` field). The agent's text is
 * data, so a production build keeps it as the message, without the sentence around it.
 */
export class ToolResultError extends ModelError {
  declare readonly code: "TOOL_RESULT_ERROR";
  readonly toolCallId: string;

  constructor(toolCallId: string, message: string) {
    super("TOOL_RESULT_ERROR", DEV ? `Tool call '${toolCallId}' failed: ${message}` : message, { where: toolCallId });
    this.toolCallId = toolCallId;
  }
}

/** `claimCustom` for a CUSTOM name another handler already claimed. */
export class CustomClaimError extends ModelError {
  declare readonly code: "CUSTOM_ALREADY_CLAIMED";

  constructor(name: string) {
    super("CUSTOM_ALREADY_CLAIMED", DEV ? `The CUSTOM event name '${name}' is already claimed by another handler.` : "", { where: name });
  }
}
