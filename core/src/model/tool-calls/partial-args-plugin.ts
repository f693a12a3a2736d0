import { DEV } from "esm-env";
import { ModelError } from "../errors.js";
import { createToolArgsParser } from "./incremental-args.js";
import type { PartialArgsPlugin } from "./tool-args.js";

/** What `partialArgsParser()` takes. */
export interface PartialArgsOptions {
  /** Parse only the calls of these tools. Default: every tool. */
  readonly tools?: readonly string[];
}

/**
 * Tool-call arguments parsed while they stream, for the `partialArgs` option of `new ChatClient`
 * (and `useChat`), `createThread`, `createThreadStore` and `RunLoop`: each call of a covered tool
 * gets an incremental partial-JSON parser fed only the new characters of each TOOL_CALL_ARGS, so
 * `call.partialArgs` and `call.argumentStatus` follow the arguments as they arrive. Without it
 * they stay empty until TOOL_CALL_END (`argsText` streams and `args` is parsed either way), and
 * the app ships no partial-JSON parser. Tools rendered by `generativeUi({ registry })` are parsed
 * by that plug-in whatever this one covers. Client tools declared `streaming` need it.
 */
export function partialArgsParser(options: PartialArgsOptions = {}): PartialArgsPlugin {
  if (typeof options !== "object" || options === null) {
    throw new ModelError("INVALID_THREAD_OPTION", DEV ? "partialArgsParser(options) takes an object: { tools? }." : "", { where: "partialArgs" });
  }
  const { tools } = options;
  if (tools !== undefined && (!Array.isArray(tools) || tools.some((name) => typeof name !== "string" || name === ""))) {
    throw new ModelError("INVALID_THREAD_OPTION", DEV ? "partialArgsParser({ tools }): `tools` must be an array of tool names (non-empty strings)." : "", { where: "partialArgs" });
  }
  const names = tools === undefined ? undefined : new Set(tools);
  return Object.freeze({ open: (toolName: string) => (names === undefined || names.has(toolName) ? createToolArgsParser() : undefined) });
}
