import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { type errorCodes, ThreadlineError } from "../errors.js";

/**
 * The event path itself failed: a middleware threw, the pipeline was misused (a push after its end,
 * schema validation without schemas, a chunk that skipped expansion). Catch this class and branch
 * on `code`.
 */
export class PipelineError extends ThreadlineError<PipelineErrorCode> {}

export type PipelineErrorCode = (typeof errorCodes.pipeline)[number];

/** A middleware threw (its function, or one of its hooks). The run fails with this error. */
export class MiddlewareError extends PipelineError {
  declare readonly code: "MIDDLEWARE_FAILED";
  /** The middleware's `name`, or `middleware #<index>` in the chain. */
  readonly middleware: string;

  constructor(middleware: string, where: string, cause: unknown) {
    super("MIDDLEWARE_FAILED", DEV ? `Middleware ${middleware} failed in ${where}: ${describeValue(cause)}` : "", { cause, where: middleware });
    this.middleware = middleware;
  }
}
