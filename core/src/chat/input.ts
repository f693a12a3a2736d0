import { describeValue } from "../describe-value.js";
import type { ApprovalResponse } from "../tools/approvals.js";
import { outputContent } from "../tools/definition.js";
import { ChatInputError, ToolExecutionError } from "../tools/errors.js";
import type { ToolOutcome } from "../tools/execution.js";
import type { ToolResultInput } from "./types.js";

// The arguments of the chat's methods (`addToolResult`, `respondToApproval`; `sendMessage`'s is
// checked in attachments/draft.ts), checked and copied; anything else throws `ChatInputError`.

/** `addToolResult`'s argument as an outcome; throws `ChatInputError` for a malformed one or an unknown call. */
export function toToolOutcome(result: ToolResultInput, nameOf: (toolCallId: string) => string | undefined): { toolCallId: string; outcome: ToolOutcome } {
  const input = result as { toolCallId?: unknown; output?: unknown; error?: unknown } | null;
  if (typeof input !== "object" || input === null || typeof input.toolCallId !== "string") {
    throw new ChatInputError("INVALID_ARGUMENT", "addToolResult needs { toolCallId, output } or { toolCallId, error }.", "result");
  }
  const toolCallId = input.toolCallId;
  const name = nameOf(toolCallId);
  if (name === undefined) throw new ChatInputError("UNKNOWN_TOOL_CALL", `addToolResult: the thread has no tool call '${toolCallId}'.`, "toolCallId");
  if (input.error !== undefined) {
    return { toolCallId, outcome: { type: "error", error: new ToolExecutionError("TOOL_EXECUTION_FAILED", toolCallId, name, describeValue(input.error, "message")) } };
  }
  if (!("output" in input)) throw new ChatInputError("INVALID_ARGUMENT", "addToolResult needs an `output` or an `error`.", "result");
  try {
    return { toolCallId, outcome: { type: "output", content: outputContent(input.output) } };
  } catch (error) {
    throw new ChatInputError("INVALID_ARGUMENT", `addToolResult: the output for '${toolCallId}' cannot be serialised to JSON (${describeValue(error, "message")}).`, "output");
  }
}

/** `respondToApproval`'s answer, checked and copied. */
export function toApprovalResponse(response: ApprovalResponse): ApprovalResponse {
  const answer = response as { approved?: unknown; reason?: unknown } | null;
  if (typeof answer !== "object" || answer === null || typeof answer.approved !== "boolean" || (answer.reason !== undefined && typeof answer.reason !== "string")) {
    throw new ChatInputError("INVALID_ARGUMENT", "respondToApproval needs { approved: boolean, reason?: string }.", "response");
  }
  return answer.reason === undefined ? { approved: answer.approved } : { approved: answer.approved, reason: answer.reason as string };
}
