import type { ArgumentStatus } from "../types.js";

/**
 * The seam between a streaming tool call and an incremental JSON parser. One parser is made per
 * tool call, at TOOL_CALL_START, and fed only the new characters of each TOOL_CALL_ARGS.
 * `args` never comes from here: it is a strict `JSON.parse` at TOOL_CALL_END.
 */
export interface ToolArgsParser {
  /** Reads `delta`; returns the best-effort value of the arguments so far. Never throws. */
  push(delta: string): unknown;
  /** Status per top-level key; the same object until a status changes. */
  readonly argumentStatus: Readonly<Record<string, ArgumentStatus>>;
}

/**
 * The parser for one call of the tool `toolName`, or undefined when calls of that tool are not
 * parsed while they stream (their `partialArgs` is undefined until TOOL_CALL_END).
 */
export type ToolArgsParserFactory = (toolName: string) => ToolArgsParser | undefined;

/**
 * The `partialArgs` option of `createThread`, a thread store, `RunLoop` and `new ChatClient`:
 * made by `partialArgsParser({ tools })`. A plug-in so that an app that never shows arguments
 * while they stream ships no partial-JSON parser.
 */
export interface PartialArgsPlugin {
  /** A new parser for one call of `toolName`; undefined when the plug-in does not cover that tool. */
  readonly open: ToolArgsParserFactory;
}
