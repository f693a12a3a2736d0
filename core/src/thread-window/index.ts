// Public entry of @threadline/core/thread-window: what a virtualized thread view needs besides its
// framework — the window of rows to draw, their heights, the view kept in place, and a search
// over every message (drawn or not). The bindings' `ThreadWindow` components are built on it;
// an app that never renders one loads none of it.
export { ThreadWindow } from "./thread-window.js";
export type { ScrollAlign, ScrollToMessageOptions, ThreadWindowHandle, WindowRow } from "./thread-window.js";
export type { ThreadWindowOptions } from "./window-options.js";
export { RowHeights } from "./row-heights.js";
export { listChange } from "./list-change.js";
export type { ListChange } from "./list-change.js";
export { searchMessages } from "./message-search.js";
export type { MessageMatch, MessageSearchOptions } from "./message-search.js";
export { ThreadWindowError } from "./errors.js";
export type { ThreadWindowErrorCode } from "./errors.js";
