import { DEV } from "esm-env";
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
 *
 * Messages are for development builds. Each place that throws writes `DEV ? "the sentence" : ""`
 * (`DEV` from esm-env), so a production build (the bundler resolves the `production` condition)
 * folds the sentence away, and the message is the one `productionMessage` makes: the code and,
 * when the stage names it, where (`INVALID_OPTION at maxSteps`). The code and the error's fields
 * carry the same facts in both builds; only the prose goes.
 */
export class ThreadlineError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;

  /**
   * `message` "" (a production build) is replaced by `productionMessage(code, options.where)`.
   * `options.cause` undefined is no cause at all (the error has no `cause` property then).
   */
  constructor(code: C, message: string, options?: { cause?: unknown; where?: string | undefined }) {
    super(message || productionMessage(code, options?.where), options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = new.target.name;
  }

  /**
   * `value` as a ThreadlineError: itself when it already is one, otherwise an `INTERNAL_ERROR`
   * saying where it was thrown (`where`, such as "The run") and what it was, the value as `cause`.
   */
  static from(value: unknown, where: string): ThreadlineError {
    if (value instanceof ThreadlineError) return value;
    return new ThreadlineError("INTERNAL_ERROR", DEV ? `${where} failed unexpectedly: ${describeValue(value)}` : "", { cause: value, where });
  }
}

/**
 * The message of an error thrown by a production build, whose sentences were compiled away:
 * `INVALID_OPTION at maxSteps (…)`. The docs' Errors and warnings page explains every code.
 */
export function productionMessage(code: string, where?: string): string {
  return `${code}${where === undefined || where === "" ? "" : ` at ${where}`} (a production build: Errors and warnings in the Threadline docs explains the code)`;
}

/**
 * Something was wrong with the input but Threadline carried on (an unknown event dropped,
 * an unknown property stripped, a patch that could not apply). Delivered to `onWarning`;
 * the default handler writes it to `console.warn`.
 */
export interface ThreadlineWarning {
  readonly code: string;
  /** The sentence, in development builds; "" in a production build (`code`, `index` and `event` say what). */
  readonly message: string;
  /** Index of the offending event in its stream, when the warning concerns one. */
  readonly index?: number;
  /** The offending event or value, as received. */
  readonly event?: unknown;
}

export type WarningHandler = (warning: ThreadlineWarning) => void;

export const warnToConsole: WarningHandler = (warning) => {
  console.warn(warning.message === "" ? `[threadline] ${warning.code}` : `[threadline] ${warning.code}: ${warning.message}`);
};
