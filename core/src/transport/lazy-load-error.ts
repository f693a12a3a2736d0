import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { TransportError } from "./transport-error.js";

/**
 * A part of Threadline loaded on first use (the chat's engine, `HttpAgent`'s exchange) could not
 * be loaded: the network failed, or a deploy replaced the chunk. `part` names it; the loader's
 * error is the `cause`. Nothing that needed it was done (a request was not sent; a run that met a
 * `*_CHUNK` event failed there); the next call that needs the part loads it again.
 */
export class LazyLoadError extends TransportError {
  declare readonly code: "LAZY_LOAD_FAILED";
  readonly part: string;
  constructor(part: string, cause: unknown) {
    super("LAZY_LOAD_FAILED", DEV ? `${part} could not be loaded: ${describeValue(cause)}. Nothing that needed it was done; the next call that needs it loads it again.` : "", { cause, where: part });
    this.part = part;
  }
}
