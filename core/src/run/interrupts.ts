import { DEV } from "esm-env";
import type { Interrupt, ResumeEntry } from "../protocol/events.js";
import { InterruptResumeError } from "./loop-errors.js";

/**
 * The gate in front of every run (spec: interrupts; the reference's `onInitialize`): when the
 * thread's last run ended on interrupts, the next run must answer each of them in `resume`, and an
 * interrupt whose `expiresAt` has passed can only be answered `cancelled`. Throws before anything
 * is sent. `now` is injectable so expiry is testable.
 */
export function checkResume(
  pending: readonly Interrupt[],
  resume: readonly ResumeEntry[] | undefined,
  now: number,
): void {
  const entries = resume ?? [];
  entries.forEach((entry, i) => {
    const e = entry as Partial<ResumeEntry> | null;
    if (
      e === null ||
      typeof e !== "object" ||
      typeof e.interruptId !== "string" ||
      (e.status !== "resolved" && e.status !== "cancelled")
    ) {
      throw new InterruptResumeError(
        "INVALID_RESUME",
        DEV ? `resume[${i}] must be { interruptId: string, status: "resolved" | "cancelled", payload? }, got ${preview(entry)}.` : "",
        [String(i)],
      );
    }
  });
  if (pending.length === 0) return;

  const byId = new Map<string, ResumeEntry>();
  for (const entry of entries) byId.set(entry.interruptId, entry);

  const missing = pending.filter((interrupt) => !byId.has(interrupt.id)).map((interrupt) => interrupt.id);
  if (missing.length > 0) {
    throw new InterruptResumeError(
      "INTERRUPT_NOT_RESUMED",
      DEV
        ? `The thread has ${pending.length} pending interrupt(s); the run's resume does not answer ` +
            `${missing.map((id) => `'${id}'`).join(", ")}. Pass resume: [{ interruptId, status: "resolved", payload }] ` +
            `(or status "cancelled") for every one of them.`
        : "",
      missing,
    );
  }

  const expired = pending.filter((interrupt) => isExpired(interrupt, now) && byId.get(interrupt.id)?.status !== "cancelled");
  if (expired.length > 0) {
    throw new InterruptResumeError(
      "INTERRUPT_EXPIRED",
      DEV
        ? `Interrupt(s) ${expired.map((i) => `'${i.id}' (expired at ${i.expiresAt})`).join(", ")} can no longer be ` +
            `answered; resume them with status "cancelled" to continue the thread.`
        : "",
      expired.map((interrupt) => interrupt.id),
    );
  }
}

/**
 * Whether the interrupt's `expiresAt` is at or before `now`. A value that does not parse as a date
 * leaves the interrupt unexpired (the schema does not constrain the format; see @ag-ui/core).
 */
export function isExpired(interrupt: Interrupt, now: number): boolean {
  if (interrupt.expiresAt === undefined) return false;
  const at = Date.parse(interrupt.expiresAt);
  return !Number.isNaN(at) && at <= now;
}

function preview(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 120)}…` : text;
  } catch {
    return String(value);
  }
}
