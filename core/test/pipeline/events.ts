// Terse builders for the AG-UI events the pipeline tests write by the dozen. They build plain
// wire objects, exactly what a producer would send.
import type { AGUIEvent } from "../../src/index.js";

type Fields = Record<string, unknown>;
const event = (type: string, fields: Fields): AGUIEvent => ({ type, ...fields }) as unknown as AGUIEvent;

export const runStarted = (runId = "r1", fields: Fields = {}) => event("RUN_STARTED", { threadId: "t1", runId, ...fields });
export const runFinished = (runId = "r1", fields: Fields = {}) => event("RUN_FINISHED", { threadId: "t1", runId, ...fields });
export const runError = (message = "the agent failed", fields: Fields = {}) => event("RUN_ERROR", { message, ...fields });

export const textStart = (messageId: string, fields: Fields = {}) => event("TEXT_MESSAGE_START", { messageId, role: "assistant", ...fields });
export const textContent = (messageId: string, delta = "x", fields: Fields = {}) => event("TEXT_MESSAGE_CONTENT", { messageId, delta, ...fields });
export const textEnd = (messageId: string, fields: Fields = {}) => event("TEXT_MESSAGE_END", { messageId, ...fields });
export const textChunk = (fields: Fields) => event("TEXT_MESSAGE_CHUNK", fields);

export const toolStart = (toolCallId: string, fields: Fields = {}) => event("TOOL_CALL_START", { toolCallId, toolCallName: "search", ...fields });
export const toolArgs = (toolCallId: string, delta = "{}", fields: Fields = {}) => event("TOOL_CALL_ARGS", { toolCallId, delta, ...fields });
export const toolEnd = (toolCallId: string, fields: Fields = {}) => event("TOOL_CALL_END", { toolCallId, ...fields });
export const toolChunk = (fields: Fields) => event("TOOL_CALL_CHUNK", fields);
export const toolResult = (messageId: string, toolCallId: string, fields: Fields = {}) =>
  event("TOOL_CALL_RESULT", { messageId, toolCallId, content: "done", ...fields });

export const stepStarted = (stepName: string, fields: Fields = {}) => event("STEP_STARTED", { stepName, ...fields });
export const stepFinished = (stepName: string, fields: Fields = {}) => event("STEP_FINISHED", { stepName, ...fields });

export const reasoningStart = (messageId: string, fields: Fields = {}) => event("REASONING_START", { messageId, ...fields });
export const reasoningEnd = (messageId: string, fields: Fields = {}) => event("REASONING_END", { messageId, ...fields });
export const reasoningMessageStart = (messageId: string, fields: Fields = {}) =>
  event("REASONING_MESSAGE_START", { messageId, role: "reasoning", ...fields });
export const reasoningContent = (messageId: string, delta = "hmm", fields: Fields = {}) =>
  event("REASONING_MESSAGE_CONTENT", { messageId, delta, ...fields });
export const reasoningMessageEnd = (messageId: string, fields: Fields = {}) => event("REASONING_MESSAGE_END", { messageId, ...fields });
export const reasoningChunk = (fields: Fields) => event("REASONING_MESSAGE_CHUNK", fields);
export const encryptedValue = (subtype: "tool-call" | "message", entityId: string, fields: Fields = {}) =>
  event("REASONING_ENCRYPTED_VALUE", { subtype, entityId, encryptedValue: "b3BhcXVl", ...fields });

export const subagentStarted = (subagentRunId: string, fields: Fields = {}) =>
  event("SUBAGENT_STARTED", { subagentRunId, name: "researcher", ...fields });
export const subagentFinished = (subagentRunId: string, fields: Fields = {}) => event("SUBAGENT_FINISHED", { subagentRunId, ...fields });
export const subagentError = (subagentRunId: string, fields: Fields = {}) =>
  event("SUBAGENT_ERROR", { subagentRunId, message: "subagent failed", ...fields });

export const stateSnapshot = (snapshot: unknown) => event("STATE_SNAPSHOT", { snapshot });
export const stateDelta = (delta: unknown[]) => event("STATE_DELTA", { delta });
export const messagesSnapshot = (messages: unknown[]) => event("MESSAGES_SNAPSHOT", { messages });
export const activitySnapshot = (messageId: string, fields: Fields = {}) =>
  event("ACTIVITY_SNAPSHOT", { messageId, activityType: "search", content: { found: 0 }, ...fields });
export const activityDelta = (messageId: string, fields: Fields = {}) =>
  event("ACTIVITY_DELTA", { messageId, activityType: "search", patch: [{ op: "replace", path: "/found", value: 1 }], ...fields });
export const custom = (name = "note", value: unknown = {}) => event("CUSTOM", { name, value });
export const raw = (payload: unknown = {}) => event("RAW", { event: payload });
