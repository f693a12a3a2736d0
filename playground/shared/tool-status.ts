// A tool call's status in words, with the badge tone: people read "Needs your approval", not
// `awaiting-approval`, and a declined call is not shown as a success. The user's approval
// decisions are remembered per tool call (in localStorage, so a reload still says "Declined").
import type { ToolCallStatus } from "@threadline/core";

export type BadgeTone = "neutral" | "busy" | "waiting" | "ok" | "declined" | "bad";

const DECISIONS_KEY = "threadline-playground:approval-decisions";

function readDecisions(): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DECISIONS_KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

/** Remembers that the user approved or declined `toolCallId`. */
export function rememberDecision(toolCallId: string, approved: boolean): void {
  const decisions = readDecisions();
  decisions[toolCallId] = approved;
  try {
    localStorage.setItem(DECISIONS_KEY, JSON.stringify(decisions));
  } catch {
    // Storage full or blocked: the badge falls back to the call's status.
  }
}

export function decisionOf(toolCallId: string): boolean | undefined {
  return readDecisions()[toolCallId];
}

/** The badge for a call: its words and tone. `errorCode` is the call's error code, if any. */
export function toolBadge(status: ToolCallStatus, errorCode: string | undefined, declined: boolean): { label: string; tone: BadgeTone } {
  if (declined || errorCode === "TOOL_REJECTED") return { label: "Declined", tone: "declined" };
  switch (status) {
    case "streaming":
      return { label: "Preparing…", tone: "busy" };
    case "complete":
      return { label: "Ready", tone: "neutral" };
    case "awaiting-approval":
      return { label: "Needs your approval", tone: "waiting" };
    case "running":
      return { label: "Running…", tone: "busy" };
    case "succeeded":
      return { label: "Done", tone: "ok" };
    case "failed":
      return errorCode === "TOOL_CANCELLED" ? { label: "Cancelled", tone: "declined" } : { label: "Failed", tone: "bad" };
    default: {
      const never: never = status;
      return { label: String(never), tone: "neutral" };
    }
  }
}

/** A tool call's error for people: why it did not run, without internal ids. */
export function toolErrorText(code: string, message: string): string {
  if (code === "TOOL_CANCELLED") return "Not run: the conversation moved on before this was answered.";
  if (code === "TOOL_REJECTED") return "Not run: you declined it.";
  return message;
}

/** The abandoned-call answer core sends when the user moves on; shown in words. */
export function toolResultText(result: string): string {
  return result.startsWith("Error: No result: the conversation moved on") ? "Skipped: you sent a new message instead of answering." : result;
}
