import { createStrictModeUndo, undoStrictMode } from "../json/strict-mode.js";

/**
 * How a client tool's arguments are read against its JSON Schema (`parameters`) before
 * `needsApproval` and `execute` see them. The chat's `toolArguments` option; without one the
 * arguments are used as the model sent them.
 */
export interface ToolArgumentReading {
  /** The arguments of a call that has ended. Must not throw nor modify `args`. */
  read(schema: unknown, args: unknown): unknown;
  /** A reader for one streaming call's partial arguments, called after each delta. */
  stream(schema: unknown): (args: unknown) => unknown;
}

/** The default: the arguments as the model sent them. */
export const ARGUMENTS_AS_SENT: ToolArgumentReading = {
  read: (_schema, args) => args,
  stream: () => (args) => args,
};

/**
 * `toolArguments: strictModeUndo()`: for models in OpenAI-style strict mode, which send `null`
 * for every optional parameter they leave out. The arguments get back the shape `parameters`
 * describes (`undoStrictMode`); a streaming call's partial values are read incrementally
 * (`createStrictModeUndo`). Opt-in, so the schema walk costs nothing in a chat that needs none.
 */
export function strictModeUndo(): ToolArgumentReading {
  return { read: undoStrictMode, stream: createStrictModeUndo };
}

/** Is `value` a reading the `toolArguments` option accepts? */
export function isToolArgumentReading(value: unknown): value is ToolArgumentReading {
  const candidate = value as Partial<ToolArgumentReading> | null;
  return typeof candidate === "object" && candidate !== null && typeof candidate.read === "function" && typeof candidate.stream === "function";
}
