import type { ContentPart } from "@ag-ui/core";
import { DEV } from "esm-env";
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
    throw new ChatInputError("INVALID_ARGUMENT", DEV ? "addToolResult needs { toolCallId, output } or { toolCallId, error }." : "", "result");
  }
  const toolCallId = input.toolCallId;
  const name = nameOf(toolCallId);
  if (name === undefined) throw new ChatInputError("UNKNOWN_TOOL_CALL", DEV ? `addToolResult: the thread has no tool call '${toolCallId}'.` : "", "toolCallId", toolCallId);
  if (input.error !== undefined) {
    return { toolCallId, outcome: { type: "error", error: new ToolExecutionError("TOOL_EXECUTION_FAILED", toolCallId, name, describeValue(input.error, "message")) } };
  }
  if (!("output" in input)) throw new ChatInputError("INVALID_ARGUMENT", DEV ? "addToolResult needs an `output` or an `error`." : "", "result");
  try {
    return { toolCallId, outcome: { type: "output", content: outputContent(input.output) } };
  } catch (error) {
    throw new ChatInputError("INVALID_ARGUMENT", DEV ? `addToolResult: the output for '${toolCallId}' cannot be serialised to JSON (${describeValue(error, "message")}).` : "", "output", toolCallId);
  }
}

/** `respondToApproval`'s answer, checked and copied. */
export function toApprovalResponse(response: ApprovalResponse): ApprovalResponse {
  const answer = response as { approved?: unknown; reason?: unknown } | null;
  if (typeof answer !== "object" || answer === null || typeof answer.approved !== "boolean" || (answer.reason !== undefined && typeof answer.reason !== "string")) {
    throw new ChatInputError("INVALID_ARGUMENT", DEV ? "respondToApproval needs { approved: boolean, reason?: string }." : "", "response");
  }
  return answer.reason === undefined ? { approved: answer.approved } : { approved: answer.approved, reason: answer.reason as string };
}

/** `sendMessage`'s argument with its shape checked: one of a string, `{ content }`, `{ text, files }`. */
export type CheckedMessageInput =
  | { readonly id: string; readonly content: string | readonly unknown[] }
  | { readonly id: string; readonly text: string; readonly files: readonly unknown[] };

/**
 * Checks the shape of `sendMessage`'s argument (not its parts or files); throws `ChatInputError`
 * (`INVALID_ARGUMENT`) for a malformed one. A content array is returned unchecked, non-empty.
 */
export function checkMessageInput(input: unknown, createId: () => string): CheckedMessageInput {
  if (typeof input === "string") {
    if (input.trim() === "") throw invalidMessage(DEV ? "sendMessage needs some text; got an empty string." : "");
    return { id: createId(), content: input };
  }
  const value = input as { content?: unknown; text?: unknown; files?: unknown; id?: unknown } | null;
  if (typeof value !== "object" || value === null) throw invalidMessage(DEV ? "sendMessage needs a string, { text, files } or { content: string | ContentPart[] }." : "");
  if (value.id !== undefined && (typeof value.id !== "string" || value.id === "")) throw invalidMessage(DEV ? "sendMessage: `id` must be a non-empty string." : "");
  const id = (value.id as string | undefined) ?? createId();
  if ("content" in value && value.content !== undefined) {
    if (value.text !== undefined || value.files !== undefined) throw invalidMessage(DEV ? "sendMessage takes `content`, or `text` and `files`, not both." : "");
    const content = value.content;
    if (typeof content === "string") {
      if (content.trim() === "") throw invalidMessage(DEV ? "sendMessage needs some content; got an empty string." : "");
      return { id, content };
    }
    if (!Array.isArray(content) || content.length === 0) throw invalidMessage(DEV ? "sendMessage: `content` must be a non-empty string or a non-empty array of content parts." : "");
    return { id, content };
  }
  if (value.text === undefined && value.files === undefined) throw invalidMessage(DEV ? "sendMessage: `content` must be a non-empty string or a non-empty array of content parts." : "");
  if (value.text !== undefined && typeof value.text !== "string") throw invalidMessage(DEV ? "sendMessage: `text` must be a string." : "");
  if (value.files !== undefined && !Array.isArray(value.files)) throw invalidMessage(DEV ? "sendMessage: `files` must be an array of files, blobs, URLs or content parts." : "");
  const text = (value.text as string | undefined) ?? "";
  const files = (value.files as readonly unknown[] | undefined) ?? [];
  if (files.length === 0 && text.trim() === "") throw invalidMessage(DEV ? "sendMessage needs some text or a file; got neither." : "");
  return { id, text, files };
}

/**
 * A content part's shape: a string `type`, and a text part's `text`; `where` names it in the
 * error. Media parts are checked further by the attachments plug-in (or refused without it).
 */
export function checkContentPart(part: unknown, where: string): ContentPart {
  if (typeof part !== "object" || part === null || typeof (part as { type?: unknown }).type !== "string") {
    throw invalidMessage(DEV ? `sendMessage: ${where} is not a content part (it needs a string \`type\`).` : "", where);
  }
  const typed = part as ContentPart;
  if (typed.type === "text" && typeof typed.text !== "string") throw invalidMessage(DEV ? `sendMessage: ${where} is a text part without a string \`text\`.` : "", where);
  return { ...typed };
}

/** `where` (`content[2]`) is what a production build's message names; the sentence is DEV's. */
export function invalidMessage(message: string, where = "message"): ChatInputError {
  return new ChatInputError("INVALID_ARGUMENT", message, "message", where);
}
