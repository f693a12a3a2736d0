import type { ThreadImpl } from "../../model/thread.js";
import { positionOf } from "../branches.js";

/**
 * The position of the user message an edit replaces, where the edit forks the conversation, or
 * undefined when it is no longer on the active path (by the time the edit's turn starts). Only the
 * engine's turns ask, so it stays out of the checks `editMessage` makes at the call (branches.ts).
 */
export function editStart(thread: ThreadImpl, messageId: string): number | undefined {
  const at = positionOf(thread, messageId);
  return at === -1 || thread.list.peek()[at]!.role !== "user" ? undefined : at;
}
