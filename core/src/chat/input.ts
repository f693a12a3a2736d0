import { describeValue } from "../describe-value.js";
import type { ContentPart } from "@ag-ui/core";
import type { Message } from "../protocol/events.js";
import type { ApprovalResponse } from "../tools/approvals.js";
import { outputContent } from "../tools/definition.js";
import { ChatInputError, ToolExecutionError } from "../tools/errors.js";
import type { ToolOutcome } from "../tools/execution.js";
import type { MessageInput, ToolResultInput } from "./types.js";

// The arguments of the chat's methods (`sendMessage`, `addToolResult`, `respondToApproval`),
// checked and copied; anything else throws `ChatInputError` with INVALID_ARGUMENT.

/** A user message from `sendMessage`'s argument; throws `INVALID_ARGUMENT` for anything else. */
export function toUserMessage(input: MessageInput, createId: () => string): Message {
  if (typeof input === "string") {
    if (input.trim() === "") throw invalid("sendMessage needs some text; got an empty string.");
    return { id: createId(), role: "user", content: input };
  }
  const value = input as { content?: unknown; id?: unknown } | null;
  if (typeof value !== "object" || value === null) throw invalid("sendMessage needs a string or { content: string | ContentPart[] }.");
  if (value.id !== undefined && (typeof value.id !== "string" || value.id === "")) throw invalid("sendMessage: `id` must be a non-empty string.");
  const id = (value.id as string | undefined) ?? createId();
  const content = value.content;
  if (typeof content === "string") {
    if (content.trim() === "") throw invalid("sendMessage needs some content; got an empty string.");
    return { id, role: "user", content };
  }
  if (!Array.isArray(content) || content.length === 0) throw invalid("sendMessage: `content` must be a non-empty string or a non-empty array of content parts.");
  content.forEach((part: unknown, i) => {
    if (typeof part !== "object" || part === null || typeof (part as { type?: unknown }).type !== "string") {
      throw invalid(`sendMessage: content[${i}] is not a content part (it needs a string \`type\`).`);
    }
  });
  return { id, role: "user", content: [...(content as ContentPart[])] };
}

function invalid(message: string): ChatInputError {
  return new ChatInputError("INVALID_ARGUMENT", message, "message");
}

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
