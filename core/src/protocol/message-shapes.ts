// The AG-UI message shapes (@ag-ui/core 1.0.0 generated schema), as data for the checks in
// shape.ts: MESSAGES_SNAPSHOT, RUN_STARTED.input (run-input-shapes.ts) and a list handed over
// whole (message-list.ts) reach these, never a delta. A message node's known keys
// (model/messages/node-base.ts) are its role's fields here.
import type { Message } from "@ag-ui/core";
import { arrayOf, literal, object, objectShape, optional, present, record, required, string, stringOr, taggedUnion, isPlainObject, type Check, type ObjectShape } from "./shape.js";

const partSource = taggedUnion("type", "part source", {
  data: objectShape("data source", { type: required(string), value: required(string), mimeType: required(string) }),
  url: objectShape("url source", { type: required(string), value: required(string), mimeType: optional(string) }),
  file: objectShape("file source", {
    type: required(string),
    value: required(string),
    provider: optional(string),
    mimeType: optional(string),
  }),
});

const MEDIA_KINDS = ["image", "audio", "video", "document"] as const;

/** The content parts that carry media (a `source`), by their `type`: one shape each below. */
export const MEDIA_PART_TYPES: ReadonlySet<string> = new Set(MEDIA_KINDS);

function mediaPart(kind: string) {
  return objectShape(`${kind} part`, {
    type: required(string),
    id: optional(string),
    source: required(partSource),
    metadata: optional(present),
  });
}

const modernPart: Check = taggedUnion("type", "content part", {
  text: objectShape("text part", {
    type: required(string),
    id: optional(string),
    text: required(string),
    metadata: optional(present),
  }),
  ...Object.fromEntries(MEDIA_KINDS.map((kind) => [kind, mediaPart(kind)])),
});

/** A content part; a retired binary one goes to the legacy plug-in when the context has it. */
export const contentPart: Check = (value, parent, key, ctx) =>
  (ctx.binaryPart !== undefined && isPlainObject(value) && value.type === "binary" ? ctx.binaryPart : modernPart)(value, parent, key, ctx);

export const content: Check = stringOr(arrayOf(contentPart));

/** An opaque value and (AG-UI 1.1) what it is, kept and returned together. */
const encrypted = { encryptedValue: optional(string), encryptedValueType: optional(string) };

const toolCall = objectShape("tool call", {
  id: required(string),
  type: required(literal("function")),
  function: required(object(objectShape("function call", { name: required(string), arguments: required(string) }))),
  ...encrypted,
  metadata: optional(record),
});

const messageBase = {
  id: required(string),
  role: required(string),
  metadata: optional(record),
  subagentRunId: optional(string),
};

/** Each role's message shape, by role. */
export const MESSAGE_SHAPES: Readonly<Record<Message["role"], ObjectShape>> = {
  developer: objectShape("developer message", {
    ...messageBase,
    content: required(string),
    name: optional(string),
    ...encrypted,
  }),
  system: objectShape("system message", {
    ...messageBase,
    content: required(string),
    name: optional(string),
    ...encrypted,
  }),
  assistant: objectShape("assistant message", {
    ...messageBase,
    content: optional(string),
    toolCalls: optional(arrayOf(object(toolCall))),
    name: optional(string),
    ...encrypted,
  }),
  user: objectShape("user message", {
    ...messageBase,
    content: required(content),
    name: optional(string),
    ...encrypted,
  }),
  tool: objectShape("tool message", {
    ...messageBase,
    content: required(content),
    toolCallId: required(string),
    error: optional(string),
    ...encrypted,
  }),
  activity: objectShape("activity message", {
    ...messageBase,
    activityType: required(string),
    content: required(record),
  }),
  reasoning: objectShape("reasoning message", {
    ...messageBase,
    content: required(string),
    ...encrypted,
  }),
};

export const message: Check = taggedUnion("role", "message", MESSAGE_SHAPES);

export const messages: Check = arrayOf(message);
