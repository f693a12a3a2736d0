// The signal graph's public surface. Node classes stay internal: the public types expose
// read-only signals, and only the fold (and the chat client) write.
export type { ThreadOptions } from "./thread.js";
export type { ForkRecord, TreeRecord } from "./message-tree.js";
export { AgentRunError, CustomClaimError, ModelError, ToolArgsError, ToolResultError } from "./errors.js";
export type { ModelErrorCode } from "./errors.js";
export { InvalidPointerError } from "./select.js";
export type { ToolArgsParser, ToolArgsParserFactory } from "./tool-args.js";
export type {
  ActiveStep,
  ActivityMessageNode,
  ArgumentStatus,
  AssistantMessageNode,
  AssistantPart,
  Branches,
  CustomFold,
  CustomListener,
  DeveloperMessageNode,
  MessageContent,
  MessageNode,
  MessageNodeBase,
  Metadata as NodeMetadata,
  RawListener,
  ReasoningMessageNode,
  RunOutcome,
  RunUsage,
  SystemMessageNode,
  TextPart,
  Thread,
  ThreadEventListener,
  ThreadSnapshot,
  ThreadStatus,
  TokenTotals,
  ToolCallNode,
  ToolCallPart,
  ToolCallSnapshot,
  ToolCallStatus,
  ToolMessageNode,
  UserMessageNode,
} from "./types.js";
