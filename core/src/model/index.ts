// The signal graph's public surface. Node classes stay internal: the public types expose
// read-only signals, and only the fold (and the chat client) write.
export type { ThreadOptions } from "./thread.js";
export type { SubagentLanesPlugin, ThreadLanes } from "./subagents/lanes.js";
export type { ForkRecord, TreeRecord } from "./branches/message-tree.js";
export type { BranchingPlugin, ThreadBranches } from "./branches/branching.js";
export type { GenerativeUiPlugin } from "./components/plugin.js";
export { CustomClaimError, ModelError, ToolArgsError, ToolResultError } from "./errors.js";
export { AgentRunError } from "./agent-run-error.js";
export type { ModelErrorCode } from "./errors.js";
export { InvalidPointerError } from "./state/select.js";
export type { PartialArgsPlugin, ToolArgsParser, ToolArgsParserFactory } from "./tool-calls/tool-args.js";
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
  SubagentFailure,
  SubagentLane,
  SubagentSnapshot,
  SubagentStatus,
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
// Generative components (model/components/) and the thread store.
export { createComponentRegistry } from "./components/registry.js";
export type { ComponentDefinition, ComponentRegistry, RegisteredComponent, StandardJsonSchemaLike } from "./components/registry.js";
export type {
  AwaitingInput,
  ComponentNode,
  ComponentNodeLike,
  ComponentPart,
  ComponentProps,
  ComponentSnapshot,
  ComponentSource,
  ComponentStreaming,
  PendingToolCall,
  PropStatus,
} from "./components/types.js";
export { ComponentError, ComponentRegistryError, ThreadStoreError } from "./components/errors.js";
export type { ComponentErrorCode } from "./components/errors.js";
export { componentSnapshot } from "./components/snapshot.js";
export { PLACEHOLDER_THREAD_ID } from "./thread-store.js";
export type { ThreadInit, ThreadStore, ThreadStoreOptions } from "./thread-store.js";
export type { Attachment, LocalPreviews, MediaPart } from "./messages/attachments.js";
export { subscribeText, currentText } from "./views/text-stream.js";
// The bindings' misuse error (each binding re-exports it) and the checks both make before they read
// a node or a signal.
export { BindingError, checkedMessage, isSignalLike } from "../binding-error.js";
export type { BindingErrorCode } from "../binding-error.js";
export type { TextSink } from "./views/text-stream.js";
export { MessageTextNode } from "./views/text-node.js";
export { attributeValue, checkedAttributeName, checkedElementName, elementHtml } from "./views/element-html.js";
// What both bindings read: derived views of nodes (model/views/).
export {
  messageTextSignal,
  messagePartsSignal,
  currentParts,
  subscribeParts,
  messageAttachmentsSignal,
  toolCallResultSignal,
  TOOL_CALL_SIGNALS,
  SUBAGENT_SIGNALS,
  COMPONENT_STATUS_SIGNALS,
  threadViewSignal,
  componentName,
  unknownComponentNotice,
} from "./views/views.js";
export type { ComponentStatusSignal, SubagentSignal, ThreadView, ToolCallSignal, ToolCallView } from "./views/views.js";
