import { DEV } from "esm-env";
import { JsonError } from "./errors.js";

/**
 * How deeply a JSON value that reaches Threadline from outside may nest: an event (counting the
 * event object itself as level 1), a tool call's arguments, what a JSON Patch writes (counting
 * from the document's root), a stored record's values. Deeper input is refused with a typed error
 * naming this limit — never a stack overflow.
 *
 * Why a limit and not "whatever JSON.parse accepts": `JSON.parse` builds 100,000 levels, but
 * `JSON.stringify` and `structuredClone` (sending the state back to the agent, storing the thread)
 * overflow V8's stack at about 4,000, and so would any recursive walk in an application's code.
 * Real payloads nest a few dozen levels; 1,000 leaves room for anything sane.
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * Where Threadline's own walks (copy, freeze, compare) stop: above `MAX_JSON_DEPTH` by the few
 * levels Threadline wraps values in (a run input, a snapshot, a stored record), so a value that
 * was accepted never reaches it. Only a value that skipped the checks above (one passed straight
 * to `setState`, say) can, and it gets `JsonDepthError` instead of a RangeError.
 */
export const WALK_DEPTH_LIMIT = MAX_JSON_DEPTH + 100;

/** A value nests deeper than Threadline walks (see `WALK_DEPTH_LIMIT`). `path` names the first level too deep. */
export class JsonDepthError extends JsonError {
  declare readonly code: "JSON_TOO_DEEP";
  readonly path: string;
  readonly limit: number;

  constructor(path: string, limit: number) {
    super(
      "JSON_TOO_DEEP",
      DEV ? `${path} nests more than ${limit} objects/arrays deep, beyond what Threadline walks (MAX_JSON_DEPTH is ${MAX_JSON_DEPTH}); the value was refused.` : "",
      { where: path },
    );
    this.path = path;
    this.limit = limit;
  }
}
