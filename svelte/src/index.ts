// Public entry of @threadline/svelte: Svelte store-contract bindings over @threadline/core signals.
export { fromSignal } from "./signal-store.js";
export { messageText } from "./message-text.js";
export { streamText } from "./stream-text.js";
export { default as StreamingText } from "./StreamingText.svelte";
export { toolCall } from "./tool-call.js";
export { select } from "./select.js";
export type { ThreadSource } from "./select.js";
export type { ToolCallStore, ToolCallView } from "./tool-call.js";
export { componentProps, componentState } from "./component-node.js";
export type { ComponentNodeLike } from "./component-node.js";
export type { ComponentMap } from "./component-map.js";
export { getComponentNode } from "./component-context.js";
export { default as ThreadComponent } from "./ThreadComponent.svelte";
export { createChat } from "./create-chat.js";
export type { Chat, CreateChatOptions, ThreadView } from "./create-chat.js";
export { setChatContext, getChatContext } from "./context.js";
export { SvelteBindingError } from "./errors.js";
export type { SvelteBindingErrorCode } from "./errors.js";
