import { describeValue } from "./describe-value.js";
import type { ErrorCode } from "./error-codes.js";

export { errorCodes, errorStage } from "./error-codes.js";
export type { ErrorCode, ErrorStage, StageErrorCode } from "./error-codes.js";

/**
 * Every error Threadline raises is a `ThreadlineError` with a stable `code`, so callers can
 * branch on `error.code` instead of parsing messages. Each stage has one subclass (ProtocolError,
 * TransportError, PipelineError, FoldError, ModelError, JsonError, RunError, ToolError, ChatInputError,
 * PersistenceError, ComponentError) next to the code that throws it. A stage's class is
 * `ThreadlineError<TheStageCode>`, so its constructor takes only that stage's codes.
 */
export class ThreadlineError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;

  /** `options.cause` undefined is no cause at all (the error has no `cause` property then). */
  constructor(code: C, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : options);
    this.name = new.target.name;
    this.code = code;
  }

  /**
   * `value` as a ThreadlineError: itself when it already is one, otherwise an `INTERNAL_ERROR`
   * saying where it was thrown (`where`, such as "The run") and what it was, the value as `cause`.
   */
  static from(value: unknown, where: string): ThreadlineError {
    if (value instanceof ThreadlineError) return value;
    return new ThreadlineError("INTERNAL_ERROR", `${where} failed unexpectedly: ${describeValue(value)}`, { cause: value });
  }
}

/**
 * Something was wrong with the input but Threadline carried on (an unknown event dropped,
 * an unknown property stripped, a patch that could not apply). Delivered to `onWarning`;
 * the default handler writes it to `console.warn`.
 */
export interface ThreadlineWarning {
  readonly code: string;
  readonly message: string;
  /** Index of the offending event in its stream, when the warning concerns one. */
  readonly index?: number;
  /** The offending event or value, as received. */
  readonly event?: unknown;
}

export type WarningHandler = (warning: ThreadlineWarning) => void;

export const warnToConsole: WarningHandler = (warning) => {
  console.warn(`[threadline] ${warning.code}: ${warning.message}`);
};
