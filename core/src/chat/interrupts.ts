import { DEV } from "esm-env";
import type { ThreadImpl } from "../model/thread.js";
import type { ResumeEntry } from "../protocol/events.js";
import { ChatInputError } from "../tools/errors.js";

/**
 * `resume` (status `resolved`) and `cancelInterrupt` (status `cancelled`): the answer to one
 * pending interrupt, checked; the agent is resumed once every pending interrupt has one (AG-UI
 * resumes them all in one run). Throws `UNKNOWN_INTERRUPT` for an interrupt that is not pending,
 * or that `answerable` refuses (already answered, or, while a run is active, not raised by that
 * run's own RUN_FINISHED).
 */
export function interruptAnswer(
  thread: ThreadImpl,
  interruptId: string,
  status: ResumeEntry["status"],
  payload: unknown,
  answerable: (interruptId: string) => boolean,
): ResumeEntry {
  const method = status === "resolved" ? "resume" : "cancelInterrupt";
  if (typeof interruptId !== "string") throw new ChatInputError("INVALID_ARGUMENT", DEV ? `${method} needs the interrupt's id (a string).` : "", "interruptId");
  const pending = thread.pendingInterrupts.peek().some((interrupt) => interrupt.id === interruptId);
  if (!pending || !answerable(interruptId)) {
    throw new ChatInputError("UNKNOWN_INTERRUPT", DEV ? `${method}: interrupt '${interruptId}' is not pending (or was already answered).` : "", "interruptId", interruptId);
  }
  return payload === undefined ? { interruptId, status } : { interruptId, status, payload };
}
