// Public entry of @threadline/vue: composables over @threadline/core signals.
export { useSignal } from "./useSignal.js";
export type { SignalRef } from "./useSignal.js";
export { useMessageText } from "./useMessageText.js";
export { useMessageParts } from "./useMessageParts.js";
export { useToolCall } from "./useToolCall.js";
export type { ToolCallField, ToolCallRefs } from "./useToolCall.js";
export { useStateAt } from "./useStateAt.js";
export type { StateHost } from "./useStateAt.js";
export { useComponentProps, useComponentState, useComponentStatus } from "./useComponent.js";
export { injectComponentNode } from "./component-node.js";
export type { ComponentNodeLike, ComponentStreaming, PropStreaming } from "./component-node.js";
export { ThreadComponent, provideComponents } from "./ThreadComponent.js";
export type { ComponentRegistry, FallbackSlotProps } from "./ThreadComponent.js";
export type { NodeSource } from "./follow-node.js";
export type { Disposable, FieldRefs } from "./node-fields.js";
export { isServerRendering } from "./scope.js";
export { ChatNotProvidedError, ComponentNodeMissingError } from "./errors.js";
