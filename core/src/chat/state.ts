import { DEV } from "esm-env";
import { MAX_JSON_DEPTH } from "../json/json-depth.js";
import { describeValue } from "../describe-value.js";
import { copyJson, ownJson } from "../json/json-value.js";
import type { ThreadImpl } from "../model/thread.js";
import { ChatInputError } from "../tools/errors.js";

/**
 * What `chat.setState` takes: the new state (any JSON value), or a function from the current
 * state to the new one. State is JSON, so a function is never a state value: the two forms cannot
 * be confused.
 */
export type StateUpdate = unknown | StateUpdater;

/** The functional form of `setState`: gets a frozen copy of the current state, returns the new one. */
export type StateUpdater = (current: unknown) => unknown;

/**
 * A `setState` argument, checked and made private: a value is copied now (so the caller changing
 * its object later cannot reach the thread, even when the edit waits for a run to end); a function
 * is kept and called when the edit is applied. Throws `INVALID_ARGUMENT` naming the first part of
 * a value that is not JSON.
 */
export function acceptStateUpdate(update: StateUpdate): StateUpdate {
  if (typeof update === "function") return update;
  checkJsonState(update, "setState");
  return copyJson(update);
}

/**
 * The state `update` makes of the thread's current state. A function gets a frozen copy (the
 * model's own document shares subtrees between versions, so an in-place edit must fail loudly
 * rather than corrupt them) and must return JSON. Throws `INVALID_ARGUMENT` when it throws or
 * returns something else.
 */
export function resolveStateUpdate(thread: ThreadImpl, update: StateUpdate): unknown {
  if (typeof update !== "function") return update;
  let next: unknown;
  try {
    next = (update as (current: unknown) => unknown)(ownJson(thread.state.peek()));
  } catch (error) {
    throw new ChatInputError("INVALID_ARGUMENT", DEV ? `setState: the update function threw (${describeValue(error, "message")}); the state was left as it was.` : "", "state");
  }
  checkJsonState(next, DEV ? "setState: the update function's result" : "");
  return copyJson(next);
}

/** One write of the state signal, with a new object identity (`next` is already a private copy). */
export function writeState(thread: ThreadImpl, next: unknown): void {
  thread.stateDoc.replace(next);
}

/**
 * Throws `INVALID_ARGUMENT` unless `value` is JSON: null, a boolean, a finite number, a string, an
 * array or a plain object of those, without cycles. An undefined state or array item is refused
 * (`{}` is "no state"; JSON would drop or null it); an undefined property counts as absent.
 */
function checkJsonState(value: unknown, where: string): void {
  const problem = jsonProblem(value, "state", new Set(), 0);
  // In a production build the problem is its path alone (`state.items[2]`): still the flag, and the where.
  if (problem !== undefined) throw new ChatInputError("INVALID_ARGUMENT", DEV ? `${where}: the state must be JSON; ${problem}.` : "", "state", problem);
}

function jsonProblem(value: unknown, path: string, seen: Set<object>, depth: number): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : DEV ? `${path} is ${String(value)}` : path;
  if (typeof value !== "object") return DEV ? `${path} is ${value === undefined ? "undefined" : `a ${typeof value}`}` : path;
  if (seen.has(value)) return DEV ? `${path} refers back to itself` : path;
  if (depth >= MAX_JSON_DEPTH) return DEV ? `${path} nests more than ${MAX_JSON_DEPTH} objects/arrays deep (MAX_JSON_DEPTH)` : path;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    return DEV ? `${path} is a ${(value as { constructor?: { name?: string } }).constructor?.name ?? "non-plain object"}, not a plain object` : path;
  }
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonProblem(value[i], `${path}[${i}]`, seen, depth + 1);
      if (problem !== undefined) return problem;
    }
  } else {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      // As in JSON.stringify, a property set to undefined is simply absent.
      if (item === undefined) continue;
      const problem = jsonProblem(item, `${path}.${key}`, seen, depth + 1);
      if (problem !== undefined) return problem;
    }
  }
  seen.delete(value);
  return undefined;
}
