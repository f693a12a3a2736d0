import { DEV } from "esm-env";
import type { AGUIEvent } from "@ag-ui/core";
import type { EventHub } from "../model/event-hub.js";

/**
 * Hands a folded event to the thread's listeners (`onCustom`, `onRaw`, `onEvent`), after the
 * fold's batch, so they see the graph already updated. The caller skips it when `hub.size` is 0.
 */
export function dispatchEvent(hub: EventHub, event: AGUIEvent): void {
  if (event.type === "CUSTOM") {
    call(hub, hub.custom.get(event.name), event);
    call(hub, hub.custom.get("*"), event);
  } else if (event.type === "RAW") {
    call(hub, hub.raw, event);
  }
  if (event.type === "TEXT_MESSAGE_CONTENT" && hub.deafToTextDeltas.size !== 0) {
    for (const listener of hub.all) if (!hub.deafToTextDeltas.has(listener)) callOne(hub, listener, event);
    return;
  }
  call(hub, hub.all, event);
}

/** A listener that throws is reported as a warning and the others still run. */
function call<E>(hub: EventHub, listeners: Set<(event: E) => void> | undefined, event: E): void {
  if (listeners === undefined) return;
  for (const listener of listeners) callOne(hub, listener, event);
}

function callOne<E>(hub: EventHub, listener: (event: E) => void, event: E): void {
  try {
    listener(event);
  } catch (error) {
    hub.warn({
      code: "LISTENER_FAILED",
      message: DEV ? `A listener for ${(event as { type: string }).type} threw: ${error instanceof Error ? error.message : String(error)}` : "",
      event,
    });
  }
}
