import { DEV } from "esm-env";
import { JsonError } from "./errors.js";

/**
 * A value Threadline copies (run input, event payloads, state, a hook's mutation) refers back to
 * itself: it is not JSON, so it cannot be sent or kept. `path` is where the reference back is,
 * `target` the ancestor it points to.
 */
export class CircularValueError extends JsonError {
  declare readonly code: "CIRCULAR_VALUE";
  readonly path: string;
  readonly target: string;

  constructor(path: string, target: string) {
    super("CIRCULAR_VALUE", DEV ? `${path} refers back to ${target}: a circular value is not JSON and cannot be copied.` : "", { where: path });
    this.path = path;
    this.target = target;
  }
}
