import type { Interrupt } from "../protocol/events.js";
import type { MiddlewareEvent } from "./event-stream.js";
import type { MiddlewareObject } from "./middleware.js";

export interface CustomInterruptsOptions {
  /** The CUSTOM event name that signals an interrupt. Default `"on_interrupt"` (LangGraph). */
  readonly name?: string;
  /** The `reason` given to an interrupt whose value names none. Default `"input_required"`. */
  readonly reason?: string;
}

/**
 * Opt-in middleware for backends that signal an interrupt with a CUSTOM event (LangGraph's
 * `on_interrupt`, ag-ui#2058) instead of RUN_FINISHED's interrupt outcome. The CUSTOM events pass
 * on unchanged (listeners still hear them); the run's RUN_FINISHED then carries
 * `outcome: { type: "interrupt", interrupts }`, so the thread's `pendingInterrupts`, the chat's
 * `resume` and approvals work as for a 1.0 backend.
 *
 * Exactly once: a RUN_FINISHED that already has an interrupt outcome is left alone (the backend
 * sent both signals), a repeated CUSTOM for the same interrupt id counts once, and a cancelled
 * run stays cancelled. Each run starts with none.
 *
 * The value may be an object (`id`, `reason`, `message` are read when they are strings), a JSON
 * string of one, or anything else; the whole value is kept as the interrupt's `metadata.value`.
 */
export function customInterrupts(options: CustomInterruptsOptions = {}): MiddlewareObject {
  const name = options.name ?? "on_interrupt";
  const reason = options.reason ?? "input_required";
  let seen: Interrupt[] = [];
  let ids = new Set<string>();
  let runId = "run";
  return {
    name: `customInterrupts(${name})`,
    onEvent(event, emit) {
      if (event.type === "RUN_STARTED") {
        seen = [];
        ids = new Set();
        runId = typeof event.runId === "string" ? event.runId : "run";
      } else if (event.type === "CUSTOM" && event.name === name) {
        const interrupt = toInterrupt(event.value, `${runId}-interrupt-${seen.length + 1}`, reason);
        if (!ids.has(interrupt.id)) {
          ids.add(interrupt.id);
          seen.push(interrupt);
        }
      } else if (event.type === "RUN_FINISHED" && seen.length > 0) {
        const collected = seen;
        seen = [];
        ids = new Set();
        const outcome = (event as { outcome?: { type?: unknown } }).outcome;
        if (outcome?.type !== "interrupt" && outcome?.type !== "cancelled") {
          emit({ ...event, outcome: { type: "interrupt", interrupts: collected } } as MiddlewareEvent);
          return;
        }
      }
      emit(event);
    },
  };
}

function toInterrupt(raw: unknown, fallbackId: string, fallbackReason: string): Interrupt {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      // Not JSON: the string itself is the interrupt's message.
    }
  }
  const fields = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const text = (key: string): string | undefined => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);
  const message = text("message") ?? (typeof value === "string" ? value : undefined);
  const interrupt: Interrupt = {
    id: text("id") ?? fallbackId,
    reason: text("reason") ?? fallbackReason,
    metadata: { value: raw },
  };
  return message === undefined ? interrupt : { ...interrupt, message };
}
