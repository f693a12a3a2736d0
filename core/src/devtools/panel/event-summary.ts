import type { AGUIEvent } from "../../protocol/events.js";

const MAX = 80;

function cut(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > MAX ? `${flat.slice(0, MAX)}…` : flat;
}

/** One line saying what an event carries, for the log. */
export function summarize(event: AGUIEvent): string {
  switch (event.type) {
    case "RUN_STARTED":
      return `run ${event.runId} on thread ${event.threadId}${event.input === undefined ? "" : ` · ${event.input.messages.length} input message(s)`}`;
    case "RUN_FINISHED":
      return event.outcome === undefined ? "finished" : `outcome ${event.outcome.type}`;
    case "RUN_ERROR":
      return cut(`${event.code ?? "error"}: ${event.message}`);
    case "TEXT_MESSAGE_START":
    case "REASONING_MESSAGE_START":
      return `${event.messageId} (${event.role})`;
    case "TEXT_MESSAGE_CONTENT":
    case "REASONING_MESSAGE_CONTENT":
      return cut(JSON.stringify(event.delta));
    case "TEXT_MESSAGE_END":
    case "REASONING_MESSAGE_END":
      return event.messageId;
    case "TOOL_CALL_START":
      return `${event.toolCallName} (${event.toolCallId})`;
    // The payload first, the id after: the row shows one line, and a long id (a run id and a
    // counter) would fill it.
    case "TOOL_CALL_ARGS":
      return cut(`${JSON.stringify(event.delta)} · ${event.toolCallId}`);
    case "TOOL_CALL_END":
      return event.toolCallId;
    case "TOOL_CALL_RESULT":
      return cut(`→ ${typeof event.content === "string" ? event.content : JSON.stringify(event.content)} · ${event.toolCallId}`);
    case "STATE_DELTA":
      return cut(event.delta.map((op) => `${op.op} ${op.path}`).join(", "));
    case "STATE_SNAPSHOT":
      return cut(JSON.stringify(event.snapshot) ?? "undefined");
    case "MESSAGES_SNAPSHOT":
      return `${event.messages.length} message(s)`;
    case "STEP_STARTED":
    case "STEP_FINISHED":
      return event.stepName;
    case "CUSTOM":
      return cut(`${event.name} ${JSON.stringify(event.value) ?? ""}`);
    case "SUBAGENT_STARTED":
      return `${event.name} (${event.subagentRunId})`;
    case "SUBAGENT_FINISHED":
    case "SUBAGENT_ERROR":
      return event.subagentRunId;
    case "ACTIVITY_SNAPSHOT":
    case "ACTIVITY_DELTA":
      return `${event.activityType} ${event.messageId}`;
    default:
      return "";
  }
}
