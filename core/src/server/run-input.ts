import { MAX_JSON_DEPTH } from "../json/json-depth.js";
import { deeperThan } from "../json/deeper-than.js";
import type { RunAgentInput } from "../protocol/events.js";
import { runAgentInput } from "../protocol/run-input-shapes.js";
import { ShapeContext, ShapeViolation, UNRECOGNISED } from "../protocol/shape.js";
import { AgentHandlerError } from "./errors.js";
import { checkId } from "./id-grammar.js";

/**
 * A request body as the RunAgentInput that goes upstream: judged against AG-UI's run-input shape
 * (a field of the wrong type is refused, naming it), with what the protocol does not describe
 * removed (unknown top-level fields, unknown message roles, unknown content parts), ids checked
 * against the id grammar and the message count against its limit. Nothing is stored or called
 * before this has passed.
 */
export function judgeRunInput(body: unknown, maxMessages: number): RunAgentInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AgentHandlerError("RUN_INPUT_INVALID", "The request body is not a RunAgentInput: it must be a JSON object.");
  }
  const raw = body as Record<string, unknown>;
  // The ids first: they are what every later refusal and log line names.
  checkId("threadId", raw.threadId);
  checkId("runId", raw.runId);
  if (raw.parentRunId !== undefined) checkId("parentRunId", raw.parentRunId);
  const messages = raw.messages;
  if (Array.isArray(messages) && messages.length > maxMessages) {
    throw new AgentHandlerError(
      "TOO_MANY_MESSAGES",
      `The input lists ${messages.length} messages; this server takes at most ${maxMessages} (limits.messages).`,
    );
  }
  // Before any recursive walk (the shape check, JSON.stringify on the way upstream).
  const tooDeep = deeperThan(raw, MAX_JSON_DEPTH);
  if (tooDeep !== undefined) {
    throw new AgentHandlerError("RUN_INPUT_INVALID", `The input nests more than ${MAX_JSON_DEPTH} levels deep at ${tooDeep}.`);
  }
  // A missing list is an empty one, as the client-side reducer reads it.
  const filled = { messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...raw };
  let judged: unknown;
  try {
    judged = runAgentInput(filled, "", "", new ShapeContext());
  } catch (error) {
    if (!(error instanceof ShapeViolation)) throw error;
    throw new AgentHandlerError("RUN_INPUT_INVALID", `The input is not a RunAgentInput: ${violation(error)}.`);
  }
  if (judged === UNRECOGNISED) throw new AgentHandlerError("RUN_INPUT_INVALID", "The input is not a RunAgentInput.");
  return judged as RunAgentInput;
}

/** The violation in words that do not depend on the build (ShapeViolation's own are development-only). */
function violation(error: ShapeViolation): string {
  const where = error.path.replace(/^\/+/, "") || "the input";
  if (error.missing) return `${where} is missing`;
  const received = error.received === null ? "null" : Array.isArray(error.received) ? "an array" : typeof error.received;
  return error.expected === "" ? `${where} has the wrong type (${received})` : `${where} must be ${error.expected}, not ${received}`;
}
