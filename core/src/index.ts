// Public entry of @threadline/core. Each stage of the data's path exports from its own folder.
export { ThreadlineError, warnToConsole } from "./errors.js";
export type { ThreadlineWarning, WarningHandler } from "./errors.js";
export * from "./protocol/events.js";
// -- pipeline --
// -- fold / model --
// -- json --
// -- transport --
export * from "./transport/index.js";
// -- client --
// -- persist --
