import type { EventHub } from "./event-hub.js";
import type { ThreadEventListener } from "./types.js";

/**
 * `hub.onEvent(listener)`, except that the listener is not called for TEXT_MESSAGE_CONTENT: when no
 * other listener hears tokens, the fold dispatches none (the chat's tool-call watch, which a token
 * does not concern). A file of its own so that it loads with the engine, not up front.
 */
export function listenDeafToTextDeltas(hub: EventHub, listener: ThreadEventListener): () => void {
  const off = hub.onEvent(listener);
  hub.deafToTextDeltas.add(listener);
  return () => {
    off();
    hub.deafToTextDeltas.delete(listener);
  };
}
