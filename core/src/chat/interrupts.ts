import type { ThreadImpl } from "../model/thread.js";
import type { ResumeEntry } from "../protocol/events.js";
import type { ChatParts } from "./assembly.js";
import { ChatInputError } from "../tools/errors.js";
import type { TurnResult } from "./types.js";

/**
 * `resume` (status `resolved`) and `cancelInterrupt` (status `cancelled`): records the answer to
 * one pending interrupt; the agent is resumed once every pending interrupt has one (AG-UI resumes
 * them all in one run). Throws `UNKNOWN_INTERRUPT` for an interrupt that is not pending, already
 * answered, or (while a run is active) not raised by that run's own RUN_FINISHED.
 */
export function answerInterrupt(
  parts: ChatParts,
  thread: ThreadImpl,
  interruptId: string,
  status: ResumeEntry["status"],
  payload: unknown,
): Promise<TurnResult> {
  const { turns, answers } = parts;
  const method = status === "resolved" ? "resume" : "cancelInterrupt";
  if (typeof interruptId !== "string") throw new ChatInputError("INVALID_ARGUMENT", `${method} needs the interrupt's id (a string).`, "interruptId");
  const pending = thread.pendingInterrupts.peek().some((interrupt) => interrupt.id === interruptId);
  // While a run is active, only interrupts its own RUN_FINISHED just raised can be answered.
  const answerable = turns.activeRecord() === undefined || thread.status.peek() === "interrupted";
  if (!pending || !answerable || answers.isAnswered(interruptId)) {
    throw new ChatInputError("UNKNOWN_INTERRUPT", `${method}: interrupt '${interruptId}' is not pending (or was already answered).`, "interruptId");
  }
  const entry: ResumeEntry = payload === undefined ? { interruptId, status } : { interruptId, status, payload };
  return turns.act(() => answers.answerInterrupt(entry), { kind: "interrupt", entry });
}
