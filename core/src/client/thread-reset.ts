import { batch } from "@preact/signals-core";
import type { ThreadImpl } from "../model/thread.js";
import { replaceMessages, replaceState } from "./thread-writes.js";

const NONE: readonly never[] = Object.freeze([]);

/**
 * An empty conversation on the same thread (`clear()`, a thread switch): no messages, the default
 * state `{}`, no run, no pending interrupts. Only when no run is active.
 */
export function resetThread(thread: ThreadImpl): void {
  batch(() => {
    replaceMessages(thread, NONE);
    thread.peekTree()?.reset();
    replaceState(thread, {});
    thread.openMessages.clear();
    thread.openToolCalls.clear();
    thread.pendingInterrupts.value = NONE;
    thread.activeSteps.value = NONE;
    thread.runId.value = undefined;
    thread.outcome.value = undefined;
    thread.error.value = undefined;
    thread.status.value = "idle";
  });
}
