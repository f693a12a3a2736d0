// Public entry of @threadline/vue: composables over @threadline/core signals. The same names
// from the same-named files as @threadline/svelte (which returns stores where this returns refs).
export { useSignal } from "./useSignal.js";
export type { SignalRef } from "./useSignal.js";
export { useMessageText } from "./useMessageText.js";
export { StreamingText } from "./StreamingText.js";
export { StreamingMarkdown } from "./StreamingMarkdown.js";
export type { MarkdownComponentMap } from "./StreamingMarkdown.js";
export { streamText } from "./stream-text.js";
export { useMessageParts } from "./useMessageParts.js";
export { useAttachments } from "./useAttachments.js";
export { useToolCall } from "./useToolCall.js";
export type { ToolCallField, ToolCallRefs } from "./useToolCall.js";
export { useStateAt } from "./useStateAt.js";
export type { StateHost } from "./useStateAt.js";
export { useComponentProps, useComponentState, useComponentStatus } from "./useComponent.js";
export { injectComponentNode } from "./component-node.js";
export type { ComponentNodeLike } from "./component-node.js";
export { ThreadComponent } from "./ThreadComponent.js";
export { provideComponents } from "./component-map.js";
export type { ComponentMap, FallbackProps } from "./component-map.js";
export { BindingError } from "./errors.js";
export type { BindingErrorCode } from "./errors.js";
export type { NodeSource } from "./follow-node.js";
export type { Disposable, FieldRefs } from "./node-fields.js";
export { useChat } from "./useChat.js";
export type { UseChatOptions, UseChatReturn, ThreadView } from "./useChat.js";
export { provideChat, injectChat } from "./chat-context.js";
