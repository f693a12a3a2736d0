export { createThread, createThreadStore } from "./make-thread.js";
export { foldEvent } from "./fold-event.js";
export { foldEvents } from "./fold-events.js";
export type { FoldEventsInit, FoldEventsResult } from "./fold-events.js";
export { FoldError, ThreadlineFoldError } from "./errors.js";
export type { FoldErrorCode } from "./errors.js";
export { TAMBO_EVENTS } from "./tambo-components.js";
