import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import { DEV } from "esm-env";
import { absolutePath } from "./data-path.js";
import type { A2uiFunctionContext } from "./functions.js";
import type { A2uiSurface } from "./surface.js";

/** A `{ path }` binding: an object whose only key is a string `path`. */
export function bindingPath(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const path = (value as Record<string, unknown>)["path"];
  return keys.length === 1 && typeof path === "string" ? path : undefined;
}

/** A `{ call, args? }` function call. */
export function functionCall(value: unknown): { readonly call: string; readonly args: Readonly<Record<string, unknown>> } | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const call = record["call"];
  if (typeof call !== "string") return undefined;
  const args = record["args"];
  return { call, args: typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {} };
}

/**
 * The value of a dynamic value now, reading the data model through its signals (so inside a
 * `computed` the reads are tracked): a literal is itself, `{ path }` the value at the path (relative
 * to `scope`), `{ call, args }` the function's result with its arguments resolved the same way.
 */
export function resolveValue(surface: A2uiSurface, value: unknown, scope: string, depth = 0): unknown {
  if (depth > 32) return undefined;
  const path = bindingPath(value);
  if (path !== undefined) return surface.data.read(absolutePath(path, scope)).value;
  const call = functionCall(value);
  if (call !== undefined) {
    const args: Record<string, unknown> = {};
    for (const key of Object.keys(call.args)) {
      const arg = call.args[key];
      const resolved = Array.isArray(arg) ? arg.map((item) => resolveValue(surface, item, scope, depth + 1)) : resolveValue(surface, arg, scope, depth + 1);
      Object.defineProperty(args, key, { value: resolved, enumerable: true, writable: true, configurable: true });
    }
    return callFunction(surface, call.call, args, scope);
  }
  return value;
}

/** Calls catalog function `name`; an unknown one warns and gives undefined. */
export function callFunction(surface: A2uiSurface, name: string, args: Readonly<Record<string, unknown>>, scope: string): unknown {
  const fn = Object.hasOwn(surface.functions, name) ? surface.functions[name] : undefined;
  if (fn === undefined) {
    surface.warn({ code: "A2UI_UNKNOWN_FUNCTION", message: DEV ? `The function '${name}' is not in the catalog; it gave no value.` : "", surfaceId: surface.id });
    return undefined;
  }
  const context: A2uiFunctionContext = {
    read: (path) => surface.data.read(absolutePath(path, scope)).value,
    call: (inner, innerArgs) => callFunction(surface, inner, innerArgs, scope),
    openUrl: (url) => surface.openUrl(url),
  };
  try {
    return fn(args, context);
  } catch {
    return undefined;
  }
}

const constants = new WeakMap<object, ReadonlySignal<unknown>>();

/** A signal of a dynamic value: a binding's own signal, a computed for a call, a constant for a literal. */
export function dynamicSignal(surface: A2uiSurface, value: unknown, scope: string): ReadonlySignal<unknown> {
  const path = bindingPath(value);
  if (path !== undefined) return surface.data.read(absolutePath(path, scope));
  if (functionCall(value) !== undefined) return computed(() => resolveValue(surface, value, scope));
  if (typeof value === "object" && value !== null) {
    let constant = constants.get(value);
    if (constant === undefined) constants.set(value, (constant = signal(value)));
    return constant;
  }
  return signal(value);
}
