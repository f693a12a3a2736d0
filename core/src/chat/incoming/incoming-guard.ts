import type { ClearedRunFilter } from "./cleared-run-filter.js";
import type { ChatPresence } from "../presence/generation.js";
import type { BaseEvent } from "../../protocol/events.js";
import type { MiddlewareObject } from "../../pipeline/middleware.js";

/**
 * The chat client's innermost middleware: every event the source delivers passes here first,
 * before the user's middleware, the pipeline and the fold.
 * - RUN_STARTED / RUN_FINISHED / RUN_ERROR drive `sessionGenerating`, stale or not (a cleared run
 *   that ends still stops generating).
 * - Events of a conversation the user cleared are dropped (see `ClearedRunFilter`): they never
 *   reach the pipeline, the thread, or storage. Only streams that outlive the clear can carry
 *   them — the cleared run's own stream is aborted by `clear()` — such as a server that replays
 *   the tail of the cleared run at the start of the next run's response.
 * Per event: a few property reads and set lookups, no allocation.
 */
export function incomingGuard(filter: ClearedRunFilter, presence: () => ChatPresence): MiddlewareObject {
  return {
    name: "threadline:incoming-guard",
    onEvent(event, emit) {
      const type = event.type;
      if (type === "RUN_STARTED" || type === "RUN_FINISHED" || type === "RUN_ERROR") presence().observeEvent(event as BaseEvent);
      if (!filter.isStale(event as BaseEvent)) emit(event);
    },
  };
}
