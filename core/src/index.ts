// Public entry of @threadline/core: what an application imports. Each stage of the data's path
// re-exports from its folder; the rest of each folder's API is its subpath
// (@threadline/core/protocol, /transport, /pipeline, /model, /fold, /json, /run, /tools, /chat,
// /persist; /server, /markdown and /devtools are their own features). Stage-level building blocks
// (createPipeline, foldEvent, the thread store, each stage's own error class and code type, the
// plug-ins' option types) are on their stage's subpath: core/test/root-api.test.ts pins this list.
//
// The error system (errors.ts) is no folder's: every stage shares it, so it stays whole here.
export { errorCodes, errorStage, ThreadlineError, warnToConsole } from "./errors.js";
export type { ErrorCode, ErrorStage, StageErrorCode, ThreadlineWarning, WarningHandler } from "./errors.js";
// -- protocol --
export { EventType } from "./protocol/index.js";
export type { AgentCapabilities, AGUIEvent, Interrupt, Message, ResumeEntry, RunAgentInput, Tool } from "./protocol/index.js";
// -- agent and sources --
export { HttpAgent, fromAgent, fromEvents, TransportError } from "./transport/index.js";
export type { AgentSource, AgUiAgentLike, HttpAgentOptions } from "./transport/index.js";
// -- pipeline: what a chat's `middleware` option takes, the error a broken stream raises, the legacy plug-in --
export { ProtocolError } from "./pipeline/index.js";
export type { Middleware } from "./pipeline/index.js";
// -- run: the plug-in that reads and speaks the protocol's retired parts --
export { legacyProtocol } from "./run/index.js";
// -- thread and fold: a thread to hand a chat, its plug-ins, and a recorded stream folded in one call --
export { createThread, foldEvents, generativeUi, messageBranches, partialArgsParser, subagentLanes } from "./fold/index.js";
export { AgentRunError, createComponentRegistry } from "./model/index.js";
export type {
  ArgumentStatus,
  AssistantMessageNode,
  Attachment,
  AssistantPart,
  Branches,
  ComponentDefinition,
  ComponentNode,
  ComponentPart,
  ComponentProps,
  ComponentRegistry,
  ComponentSnapshot,
  ComponentStreaming,
  MessageNode,
  PropStatus,
  RunUsage,
  SubagentLane,
  SubagentStatus,
  Thread,
  ThreadSnapshot,
  ThreadStatus,
  TextPart,
  ToolCallNode,
  ToolCallPart,
  ToolCallSnapshot,
  ToolCallStatus,
  TokenTotals,
  ToolMessageNode,
  UserMessageNode,
} from "./model/index.js";
// -- chat client and tools --
export { ChatClient, chatPersistence, broadcastPresence, chatAttachments, followRuns, sendQueue } from "./chat/index.js";
export type {
  AttachmentInput,
  ChatClientOptions,
  ChatStatus,
  MessageInput,
  QueuedMessage,
  SendQueue,
  StateUpdater,
  StatusNote,
  ToolResultInput,
  TurnResult,
} from "./chat/index.js";
export { defineTool, strictModeUndo, ChatInputError, ToolExecutionError } from "./tools/index.js";
export type { ApprovalResponse, ClientTool, ToolExecuteContext } from "./tools/index.js";
// -- storage adapters --
export { memoryStorage, localStorageAdapter, indexedDbStorage, PersistenceError } from "./persist/index.js";
export type { PersistenceAdapter } from "./persist/index.js";
