import { describeValue } from "../describe-value.js";
import { ThreadlineError } from "../errors.js";

/** A middleware threw (its function, or one of its hooks). The run fails with this error. */
export class MiddlewareError extends ThreadlineError {
  declare readonly code: "MIDDLEWARE_FAILED";
  /** The middleware's `name`, or `middleware #<index>` in the chain. */
  readonly middleware: string;

  constructor(middleware: string, where: string, cause: unknown) {
    super("MIDDLEWARE_FAILED", `Middleware ${middleware} failed in ${where}: ${describeValue(cause)}`, { cause });
    this.middleware = middleware;
  }
}
