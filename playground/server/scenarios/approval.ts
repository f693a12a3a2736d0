// A tool that needs the user's approval: the run ends with an `interrupt` outcome naming the
// tool call; the next request resumes it with { approved } and the agent acts accordingly.
import type { Interrupt, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import { findToolCall, foreignResumes, resumeEntry, toolCallArgs } from "../conversation.js";
import {
  RunIds,
  runError,
  runFinished,
  runStarted,
  textMessage,
  toolCall,
  toolResult,
  unknownInterruptRun,
} from "../events.js";
import type { Scenario, Step } from "../scenario.js";

export const TOOL_NAME = "delete_file";
export const FILE_PATH = "notes/2024-draft.md";
/** Interrupt ids carry the tool call id, so the resume can be matched without server state. */
const INTERRUPT_PREFIX = "approve-";

export const APPROVAL_SCHEMA = {
  type: "object",
  properties: { approved: { type: "boolean", title: "Delete the file?" } },
  required: ["approved"],
};

function* ask(input: RunAgentInput): Generator<Step> {
  const ids = new RunIds(input.runId);
  const messageId = ids.next("msg");
  const toolCallId = ids.next("tool");
  yield runStarted(input);
  yield* textMessage(messageId, `I'll clean that up by deleting \`${FILE_PATH}\`. This cannot be undone, so I need your go-ahead.`);
  yield* toolCall(toolCallId, TOOL_NAME, { path: FILE_PATH }, messageId);
  const request: Interrupt = {
    id: `${INTERRUPT_PREFIX}${toolCallId}`,
    reason: "tool_approval",
    message: `Allow the agent to delete ${FILE_PATH}?`,
    toolCallId,
    responseSchema: APPROVAL_SCHEMA,
  };
  yield runFinished(input, { type: "interrupt", interrupts: [request] });
}

function* answer(input: RunAgentInput, entry: ResumeEntry): Generator<Step> {
  const ids = new RunIds(input.runId);
  const toolCallId = entry.interruptId.slice(INTERRUPT_PREFIX.length);
  const path = toolCallArgs(findToolCall(input, toolCallId))?.path ?? FILE_PATH;
  yield runStarted(input);
  const payload = entry.payload as { approved?: unknown } | undefined;
  if (entry.status === "resolved" && typeof payload?.approved !== "boolean") {
    yield runError(
      `resume for ${entry.interruptId} needs a payload { approved: boolean }, got ${JSON.stringify(entry.payload)}`,
      "invalid_resume",
    );
    return;
  }
  const approved = entry.status === "resolved" && payload?.approved === true;
  const outcome = approved ? `Deleted ${String(path)}.` : "Not deleted: the user declined.";
  yield toolResult(ids.next("result"), toolCallId, outcome);
  yield* textMessage(
    ids.next("msg"),
    approved ? `Done: \`${String(path)}\` is deleted.` : `Understood, I left \`${String(path)}\` alone. Nothing was deleted.`,
  );
  yield runFinished(input);
}

export const approval: Scenario = {
  name: "approval",
  title: "Tool approval",
  description:
    "The agent wants to delete a file and asks for your permission first. Approve and it deletes it; decline and it leaves the file alone.",
  prompt: "Delete my old draft notes.",
  variants: [],
  run(input) {
    const entry = resumeEntry(input, INTERRUPT_PREFIX);
    if (entry) return answer(input, entry);
    const foreign = foreignResumes(input, INTERRUPT_PREFIX);
    return foreign.length > 0 ? unknownInterruptRun(input, foreign) : ask(input);
  },
};
