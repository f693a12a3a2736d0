// Public entry of @threadline/svelte: @threadline/core signals read the Svelte 5 way (runes reads
// that are also readable stores). The same names from the same-named files as @threadline/vue
// (which returns refs where this returns runes reads), plus the `streamText` action.
export { useSignal } from "./useSignal.js";
export type { SignalStore } from "./useSignal.js";
export { useMessageText } from "./useMessageText.js";
export { default as StreamingText } from "./StreamingText.svelte";
export { default as StreamingMarkdown } from "./StreamingMarkdown.svelte";
export type { MarkdownComponentMap } from "./markdown-components.svelte.js";
export { streamText } from "./stream-text.js";
export { useMessageParts } from "./useMessageParts.js";
export { useAttachments } from "./useAttachments.js";
export { useToolCall } from "./useToolCall.js";
export type { ToolCallStore, ToolCallView } from "./useToolCall.js";
export { useSubagent } from "./useSubagent.js";
export type { SubagentFields, SubagentStores } from "./useSubagent.js";
export { useStateAt } from "./useStateAt.js";
export type { StateHost } from "./useStateAt.js";
export { useComponentProps, useComponentState, useComponentStatus } from "./useComponent.js";
export type { ComponentStatusFields, ComponentStatusStores } from "./useComponent.js";
export { injectComponentNode } from "./component-node.js";
export type { ComponentNodeLike } from "./component-node.js";
export { default as ThreadComponent } from "./ThreadComponent.svelte";
export { default as ThreadWindow } from "./ThreadWindow.svelte";
export type { ThreadWindowHandle } from "@threadline/core/thread-window";
export { provideComponents } from "./component-map.js";
export type { ComponentMap, FallbackProps } from "./component-map.js";
export { BindingError } from "./errors.js";
export type { BindingErrorCode } from "./errors.js";
export { useChat } from "./useChat.js";
export type { UseChatOptions, UseChatReturn, ThreadView, ThreadStore } from "./useChat.js";
export { provideChat, injectChat } from "./chat-context.js";

// Deprecated names (before the two bindings shared one API), kept for one release.
export { fromSignal } from "./useSignal.js";
export { messageText } from "./useMessageText.js";
export { toolCall } from "./useToolCall.js";
export { select } from "./useStateAt.js";
export type { ThreadSource } from "./useStateAt.js";
export { componentProps, componentState } from "./useComponent.js";
export { getComponentNode } from "./component-node.js";
export { createChat } from "./useChat.js";
export type { Chat, CreateChatOptions } from "./useChat.js";
export { setChatContext, getChatContext } from "./chat-context.js";
