export { createThread, createThreadStore } from "./make-thread.js";
// The thread plug-ins (options of createThread and the chat), here beside createThread: the model
// subpath stays the light, mostly type-only part.
export { subagentLanes } from "../model/subagents/subagent-lanes.js";
export { messageBranches } from "../model/branches/message-tree.js";
export { partialArgsParser } from "../model/tool-calls/partial-args-plugin.js";
export type { PartialArgsOptions } from "../model/tool-calls/partial-args-plugin.js";
export { generativeUi } from "./generative-ui-plugin.js";
export type { GenerativeUiOptions } from "./generative-ui-plugin.js";
export { foldEvent } from "./fold-event.js";
export { foldEvents } from "./fold-events.js";
export type { FoldEventsInit, FoldEventsResult } from "./fold-events.js";
export { FoldError, ThreadlineFoldError } from "./errors.js";
export type { FoldErrorCode } from "./errors.js";
export { TAMBO_EVENTS } from "./tambo-names.js";
