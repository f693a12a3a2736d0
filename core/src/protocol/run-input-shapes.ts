// The AG-UI run-input shapes (@ag-ui/core 1.0.0 generated schema): RUN_STARTED.input and the
// tools a capabilities document lists. Apart from the message shapes, which a chat's first page
// checks initial messages against; these load with the engine.
import { anyJson, oneOf } from "./shape-words.js";
import { messages } from "./message-shapes.js";
import { arrayOf, object, objectShape, optional, present, record, required, string, type Check } from "./shape.js";

export const tool = objectShape("tool", {
  name: required(string),
  description: required(string),
  parameters: optional(present),
  metadata: optional(record),
});

const context = objectShape("context", { description: required(string), value: required(string) });

const resumeEntry = objectShape("resume entry", {
  interruptId: required(string),
  status: required(oneOf(["resolved", "cancelled"])),
  payload: optional(present),
  metadata: optional(record),
});

export const runAgentInput: Check = object(
  objectShape("run input", {
    threadId: required(string),
    runId: required(string),
    protocolVersion: optional(string),
    parentRunId: optional(string),
    state: optional(anyJson),
    messages: required(messages),
    tools: optional(arrayOf(object(tool))),
    context: optional(arrayOf(object(context))),
    forwardedProps: optional(present),
    resume: optional(arrayOf(object(resumeEntry))),
  }),
);
