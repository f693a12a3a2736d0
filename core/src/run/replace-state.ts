import { copyJson } from "../json/json-value.js";
import type { ThreadImpl } from "../model/thread.js";

/**
 * The thread's state replaced whole outside the fold (a subscriber's mutation, a stored or
 * followed thread read back), as STATE_SNAPSHOT does: a private, unfrozen copy (the model patches
 * it by copying paths). Only the engine writes it: a chat's own `setState` goes through chat/state.ts.
 */
export function replaceState(thread: ThreadImpl, state: unknown): void {
  thread.stateDoc.replace(copyJson(state));
}
