// The table validation reads: for every event type, its fields, which are required, and what
// each may hold (research/agui.md §1, checked against the @ag-ui/core 1.0.0 zod schemas).
// The five retired THINKING_* shapes are the legacy plug-in's (pipeline/legacy-protocol.ts).
import { messages, content } from "./message-shapes.js";
import { runAgentInput } from "./run-input-shapes.js";
import { anyJson, boolean, count, jsonPointer, oneOf, optionalOrLegacyNull, safeInteger, salvagedArrayOf } from "./shape-words.js";
import {
  arrayOf,
  literal,
  object,
  objectShape,
  optional,
  present,
  record,
  required,
  string,
  taggedUnion,
  type Field,
  type ObjectShape,
} from "./shape.js";

export const base = {
  type: required(string),
  timestamp: optional(safeInteger),
  rawEvent: optionalOrLegacyNull(present),
  metadata: optional(record),
};

/** Everything but the run boundaries, MESSAGES_SNAPSHOT and SUBAGENT_* may name its subagent. */
const attributable = { ...base, subagentRunId: optional(string) };

const patchOperation = (op: string, fields: Record<string, Field>) =>
  // RFC 6902 §4: an operation ignores members it does not define, so the object stays open.
  objectShape(`${op} operation`, { op: required(string), path: required(jsonPointer), ...fields }, true);

const jsonPatch = arrayOf(
  taggedUnion("op", "JSON Patch operation", {
    add: patchOperation("add", { value: required(anyJson) }),
    remove: patchOperation("remove", {}),
    replace: patchOperation("replace", { value: required(anyJson) }),
    move: patchOperation("move", { from: required(jsonPointer) }),
    copy: patchOperation("copy", { from: required(jsonPointer) }),
    test: patchOperation("test", { value: required(anyJson) }),
  }),
);

const interrupt = objectShape("interrupt", {
  id: required(string),
  reason: required(string),
  message: optional(string),
  toolCallId: optional(string),
  responseSchema: optional(record),
  expiresAt: optional(string),
  metadata: optional(record),
  subagentRunId: optional(string),
});

const runFinishedOutcome = taggedUnion("type", "run outcome", {
  success: objectShape("success outcome", { type: required(string), pendingToolCallIds: optional(arrayOf(string)) }),
  interrupt: objectShape("interrupt outcome", { type: required(string), interrupts: required(arrayOf(object(interrupt), 1)) }),
  cancelled: objectShape("cancelled outcome", { type: required(string) }),
});

const subagentOutcome = taggedUnion("type", "subagent outcome", {
  success: objectShape("success outcome", { type: required(string) }),
  suspended: objectShape("suspended outcome", { type: required(string), interruptIds: optional(arrayOf(string)) }),
});

// Usage is accounting riding on the run's end: a malformed entry is dropped with a warning, and
// the RUN_FINISHED / RUN_ERROR carrying it still ends the run.
const tokenUsage = salvagedArrayOf(
  objectShape("token usage", {
    provider: optional(string),
    model: optional(string),
    inputTokens: optional(count),
    outputTokens: optional(count),
    totalTokens: optional(count),
    reasoningTokens: optional(count),
    cachedInputTokens: optional(count),
    cacheWriteInputTokens: optional(count),
  }),
);

const textRole = oneOf(["developer", "system", "assistant", "user"]);

const shapes: Record<string, Record<string, Field>> = {
  TEXT_MESSAGE_START: { ...attributable, messageId: required(string), role: optional(textRole), name: optional(string) },
  TEXT_MESSAGE_CONTENT: { ...attributable, messageId: required(string), delta: required(string) },
  TEXT_MESSAGE_END: { ...attributable, messageId: required(string) },
  TEXT_MESSAGE_CHUNK: {
    ...attributable,
    messageId: optional(string),
    role: optional(textRole),
    delta: optional(string),
    name: optional(string),
  },
  TOOL_CALL_START: {
    ...attributable,
    toolCallId: required(string),
    toolCallName: required(string),
    parentMessageId: optionalOrLegacyNull(string),
  },
  TOOL_CALL_ARGS: { ...attributable, toolCallId: required(string), delta: required(string) },
  TOOL_CALL_END: { ...attributable, toolCallId: required(string) },
  TOOL_CALL_CHUNK: {
    ...attributable,
    toolCallId: optional(string),
    toolCallName: optional(string),
    parentMessageId: optionalOrLegacyNull(string),
    delta: optional(string),
  },
  TOOL_CALL_RESULT: {
    ...attributable,
    messageId: required(string),
    toolCallId: required(string),
    content: required(content),
    role: optional(literal("tool")),
  },
  STATE_SNAPSHOT: { ...attributable, snapshot: required(anyJson) },
  STATE_DELTA: { ...attributable, delta: required(jsonPatch) },
  MESSAGES_SNAPSHOT: { ...base, messages: required(messages) },
  ACTIVITY_SNAPSHOT: {
    ...attributable,
    messageId: required(string),
    activityType: required(string),
    content: required(record),
    replace: optional(boolean),
  },
  ACTIVITY_DELTA: {
    ...attributable,
    messageId: required(string),
    activityType: required(string),
    patch: required(jsonPatch),
  },
  RAW: { ...attributable, event: required(anyJson), source: optional(string) },
  CUSTOM: { ...attributable, name: required(string), value: required(anyJson) },
  RUN_STARTED: {
    ...base,
    threadId: required(string),
    runId: required(string),
    protocolVersion: optional(string),
    parentRunId: optional(string),
    input: optional(runAgentInput),
  },
  RUN_FINISHED: {
    ...base,
    threadId: required(string),
    runId: required(string),
    result: optionalOrLegacyNull(present),
    outcome: optionalOrLegacyNull(runFinishedOutcome),
    usage: optional(tokenUsage),
  },
  RUN_ERROR: { ...base, message: required(string), code: optional(string), usage: optional(tokenUsage) },
  STEP_STARTED: { ...attributable, stepName: required(string) },
  STEP_FINISHED: { ...attributable, stepName: required(string) },
  REASONING_START: { ...attributable, messageId: required(string) },
  REASONING_MESSAGE_START: { ...attributable, messageId: required(string), role: required(literal("reasoning")) },
  REASONING_MESSAGE_CONTENT: { ...attributable, messageId: required(string), delta: required(string) },
  REASONING_MESSAGE_END: { ...attributable, messageId: required(string) },
  REASONING_MESSAGE_CHUNK: { ...attributable, messageId: optional(string), delta: optional(string) },
  REASONING_END: { ...attributable, messageId: required(string) },
  REASONING_ENCRYPTED_VALUE: {
    ...attributable,
    subtype: required(oneOf(["tool-call", "message"])),
    entityId: required(string),
    encryptedValue: required(string),
    // AG-UI 1.1: what the value is, stored and returned with it.
    encryptedValueType: optional(string),
  },
  SUBAGENT_STARTED: {
    ...base,
    subagentRunId: required(string),
    name: required(string),
    description: optional(string),
    parentSubagentRunId: optional(string),
    parentToolCallId: optional(string),
    parentMessageId: optional(string),
  },
  SUBAGENT_FINISHED: {
    ...base,
    subagentRunId: required(string),
    result: optionalOrLegacyNull(present),
    outcome: optional(subagentOutcome),
  },
  SUBAGENT_ERROR: { ...base, subagentRunId: required(string), message: required(string), code: optional(string) },
};

/** Event type → its shape. Types not in here (nor in the legacy plug-in's) are unknown and dropped with a warning. */
export const EVENT_SHAPES: ReadonlyMap<string, ObjectShape> = new Map(
  Object.entries(shapes).map(([type, fields]) => [type, objectShape(type, fields)]),
);
