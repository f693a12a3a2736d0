// Public entry of @threadline/core: what an application imports. Each stage of the data's path
// re-exports from its folder; the rest of each folder's API is its subpath
// (@threadline/core/transport, /pipeline, /model, /fold, /json, /run, /tools, /chat, /persist;
// /server, /markdown and /devtools are their own features).
export { errorCodes, ThreadlineError, warnToConsole } from "./errors.js";
export type { ErrorCode, ErrorStage, StageErrorCode, ThreadlineWarning, WarningHandler } from "./errors.js";
// The bindings' misuse error (the two checks both bindings share are on /model).
export { BindingError } from "./binding-error.js";
export type { BindingErrorCode } from "./binding-error.js";
// -- protocol --
export { EventType } from "./protocol/index.js";
export type {
  AgentCapabilities,
  AGUIEvent,
  AGUIEventOf,
  BaseEvent,
  Context,
  Interrupt,
  Message,
  ResumeEntry,
  RunAgentInput,
  RunFinishedOutcome,
  Tool,
  ToolCall,
} from "./protocol/index.js";
// -- agent and sources --
export { HttpAgent, fromAgent, fromEvents, TransportError } from "./transport/index.js";
export { RunError } from "./run/index.js";
export type { AgentSource, AgUiAgentLike, HttpAgentOptions, HttpHeaders, TransportErrorCode } from "./transport/index.js";
// -- pipeline --
export { createPipeline, customInterrupts, MiddlewareError, PipelineError, ProtocolError, ThreadlineProtocolError } from "./pipeline/index.js";
export type { CustomInterruptsOptions, Middleware, Pipeline, PipelineOptions, ProtocolErrorCode } from "./pipeline/index.js";
// -- thread and fold --
export { createThread, createThreadStore, foldEvent, foldEvents, FoldError, generativeUi, messageBranches, subagentLanes, ThreadlineFoldError } from "./fold/index.js";
export type { FoldErrorCode, FoldEventsResult } from "./fold/index.js";
export { AgentRunError, ComponentError, createComponentRegistry, ModelError, subscribeText } from "./model/index.js";
export type {
  ArgumentStatus,
  AssistantMessageNode,
  Attachment,
  AssistantPart,
  Branches,
  ComponentDefinition,
  ComponentErrorCode,
  ComponentNode,
  ComponentNodeLike,
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
  ThreadStore,
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
export { ChatClient, MaxStepsError, chatPersistence, broadcastPresence, chatAttachments, followRuns } from "./chat/index.js";
export type {
  AttachmentInput,
  AttachmentOptions,
  ChatClientOptions,
  ChatPersistenceOptions,
  ChatPresenceOptions,
  ChatStatus,
  MessageInput,
  StateUpdater,
  StatusNote,
  ToolResultInput,
  TurnResult,
} from "./chat/index.js";
export { defineTool, strictModeUndo, ChatInputError, ToolError, ToolExecutionError } from "./tools/index.js";
export type { ApprovalResponse, ClientTool, JsonSchema, StandardSchemaLike, ToolArgumentReading, ToolExecuteContext } from "./tools/index.js";
// -- storage adapters --
export { memoryStorage, localStorageAdapter, indexedDbStorage, PersistenceError } from "./persist/index.js";
export type { IndexedDbStorageOptions, PersistenceAdapter, PersistenceErrorCode, StorageLike } from "./persist/index.js";
