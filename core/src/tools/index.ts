// Client tools: their definition, execution (streaming, throttled per call), approvals, answers
// and results, the tool-call watch, and tools that render components.
export { defineTool } from "./definition.js";
export type {
  ArgsPredicate,
  ClientTool,
  JsonSchema,
  StandardIssue,
  StandardResult,
  StandardSchemaLike,
  ToolExecuteContext,
} from "./definition.js";
export type { ApprovalResponse } from "./approvals.js";
export { strictModeUndo } from "./argument-reading.js";
export type { ToolArgumentReading } from "./argument-reading.js";
export { ChatInputError, ToolError, ToolExecutionError } from "./errors.js";
export type { ChatInputErrorCode, ToolErrorCode } from "./errors.js";
