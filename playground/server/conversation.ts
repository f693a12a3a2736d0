// Reading a RunAgentInput the way a backend does: what did the user say last, which tool call
// does this tool message answer, what does the resume say. Multi-turn scenarios branch on these.
import {
  contentToText,
  type AssistantMessage,
  type ResumeEntry,
  type RunAgentInput,
  type ToolCall,
  type ToolMessage,
} from "@ag-ui/core";

/** The text of the newest user message, or "" when there is none. */
export function lastUserText(input: RunAgentInput): string {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (message?.role === "user") return contentToText(message.content);
  }
  return "";
}

export function lastUserMessageId(input: RunAgentInput): string | undefined {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (message?.role === "user") return message.id;
  }
  return undefined;
}

/** The tool messages at the end of the thread: the results the client just sent back. */
export function trailingToolResults(input: RunAgentInput): ToolMessage[] {
  const results: ToolMessage[] = [];
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (message?.role !== "tool") break;
    results.unshift(message);
  }
  return results;
}

/** The assistant tool call with this id, searched from the newest message back. */
export function findToolCall(input: RunAgentInput, toolCallId: string): ToolCall | undefined {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i];
    if (message?.role !== "assistant") continue;
    const call = (message as AssistantMessage).toolCalls?.find((c) => c.id === toolCallId);
    if (call) return call;
  }
  return undefined;
}

/** Parsed tool-call arguments, or undefined when they are not a JSON object. */
export function toolCallArgs(call: ToolCall | undefined): Record<string, unknown> | undefined {
  if (!call) return undefined;
  try {
    const value: unknown = JSON.parse(call.function.arguments);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The resume entry whose interrupt id starts with `prefix` (scenarios encode their interrupts' ids). */
export function resumeEntry(input: RunAgentInput, prefix: string): ResumeEntry | undefined {
  return input.resume?.find((entry) => entry.interruptId.startsWith(prefix));
}

export function toolResultText(message: ToolMessage): string {
  return contentToText(message.content);
}

/** Resume entries that name interrupts this scenario never issues: a real backend refuses them. */
export function foreignResumes(input: RunAgentInput, prefix: string): string[] {
  return (input.resume ?? []).filter((e) => !e.interruptId.startsWith(prefix)).map((e) => e.interruptId);
}
