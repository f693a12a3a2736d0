// Public entry of @threadline/core. Each stage of the data's path exports from its own folder.
export { errorCodes, ThreadlineError, warnToConsole } from "./errors.js";
export type { ErrorCode, ErrorStage, StageErrorCode, ThreadlineWarning, WarningHandler } from "./errors.js";
export { BindingError, checkedMessage, isSignalLike } from "./binding-error.js";
export type { BindingErrorCode } from "./binding-error.js";
export * from "./protocol/events.js";
// -- pipeline --
export { createPipeline, ProtocolError, ThreadlineProtocolError, PROTOCOL_VERSION } from "./pipeline/index.js";
export type {
  Pipeline,
  PipelineOptions,
  ProtocolErrorCode,
  ProtocolWarningCode,
  EventSchemaValidator,
  IncomingEvent,
  LegacyThinkingEvent,
} from "./pipeline/index.js";
export { createEventStream } from "./pipeline/event-stream.js";
export type { Emit, EventStream, EventTransform, MiddlewareEvent, StreamSink } from "./pipeline/event-stream.js";
export type { Middleware, MiddlewareFunction, MiddlewareObject } from "./pipeline/middleware.js";
export { customInterrupts } from "./pipeline/custom-interrupts.js";
export type { CustomInterruptsOptions } from "./pipeline/custom-interrupts.js";
export { MiddlewareError, PipelineError } from "./pipeline/errors.js";
export type { PipelineErrorCode } from "./pipeline/errors.js";
// -- fold / model --
export * from "./model/index.js";
export * from "./fold/index.js";
export { createComponentRegistry } from "./model/components/registry.js";
export type { ComponentDefinition, ComponentRegistry, RegisteredComponent, StandardJsonSchemaLike } from "./model/components/registry.js";
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
} from "./model/components/types.js";
export { ComponentError, ComponentRegistryError, ThreadStoreError } from "./model/components/errors.js";
export type { ComponentErrorCode } from "./model/components/errors.js";
export { componentSnapshot } from "./model/components/snapshot.js";
export { PLACEHOLDER_THREAD_ID } from "./model/thread-store.js";
export type { ThreadInit, ThreadStore, ThreadStoreOptions } from "./model/thread-store.js";
export { TAMBO_EVENTS } from "./fold/tambo-components.js";
export { subscribeText, currentText } from "./model/text-stream.js";
export {
  messageTextSignal,
  messagePartsSignal,
  toolCallResultSignal,
  threadViewSignal,
  componentName,
  unknownComponentNotice,
} from "./model/views.js";
export type { ThreadView } from "./model/views.js";
export type { TextSink } from "./model/text-stream.js";
// -- json --
export { createPartialJsonParser } from "./json/partial-json-parser.js";
export type { PartialJsonParser, PartialJsonOptions, PartialJsonStats } from "./json/partial-json-parser.js";
export { PartialJsonError } from "./json/partial-json-error.js";
export type { PartialJsonErrorCode } from "./json/partial-json-error.js";
export type { TopLevelFields, FieldStatus } from "./json/top-level-fields.js";
export { undoStrictMode, createStrictModeUndo } from "./json/strict-mode.js";
export { CircularValueError } from "./json/circular-value-error.js";
export { JsonDepthError, MAX_JSON_DEPTH } from "./json/json-depth.js";
export { JsonError } from "./json/errors.js";
export type { JsonErrorCode } from "./json/errors.js";
// -- transport --
export * from "./transport/index.js";
// -- run / tools / chat --
export * from "./run/index.js";
export * from "./tools/index.js";
export * from "./chat/index.js";
// -- persist --
export * from "./persist/index.js";
export { ThreadIndex, THREAD_INDEX_KEY, THREAD_INDEX_VERSION, threadTitle } from "./persist/thread-index.js";
export type { ThreadIndexOptions, ThreadSummary, ThreadSummaryUpdate } from "./persist/thread-index.js";
