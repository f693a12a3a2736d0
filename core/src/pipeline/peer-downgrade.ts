import { DEV } from "esm-env";
import type { WarningHandler } from "../errors.js";
import { EventType } from "../protocol/events.js";
import type { IncomingEvent } from "../protocol/legacy-events.js";
import type { StreamPosition } from "../protocol/protocol-error.js";
import { reportWarning } from "../protocol/protocol-warning.js";
import { peerIsAtOrBelow } from "../protocol/version.js";
import type { Stage } from "./stage.js";

/** The last protocol version without subagents. */
const BEFORE_SUBAGENTS = "0.0.57";

/**
 * The event-side downgrade for an agent pinned to an older protocol (`peerProtocolVersion`),
 * installed only when one applies. At or below 0.0.57 the peer has no subagents: SUBAGENT_*
 * events are dropped with a warning (a lossy downgrade must say so) and `subagentRunId`
 * attribution is removed silently (lossless: the events still arrive, flattened into the
 * parent's thread). The request-side downgrades for older peers belong to the transport.
 * Returns undefined when the peer needs nothing.
 */
export function createPeerDowngrade(
  peerProtocolVersion: string,
  next: (event: IncomingEvent) => void,
  position: StreamPosition,
  onWarning: WarningHandler,
): Stage<IncomingEvent> | undefined {
  if (!peerIsAtOrBelow(peerProtocolVersion, BEFORE_SUBAGENTS)) return undefined;
  return {
    push(event) {
      switch (event.type) {
        case EventType.SUBAGENT_STARTED:
        case EventType.SUBAGENT_FINISHED:
        case EventType.SUBAGENT_ERROR:
          reportWarning(
            onWarning,
            "PEER_ERA_EVENT_DROPPED",
            DEV ? `Dropping ${event.type} (subagent '${event.subagentRunId}'): the agent is pinned to AG-UI ${peerProtocolVersion}, ` +
              "which predates subagents; the subagent's own events flatten into the parent's thread" : "",
            position,
          );
          return;
        case EventType.MESSAGES_SNAPSHOT:
          next({ ...event, messages: event.messages.map(withoutAttribution) });
          return;
        case EventType.RUN_STARTED:
          next(event.input === undefined ? event : { ...event, input: { ...event.input, messages: event.input.messages.map(withoutAttribution) } });
          return;
        default:
          next(withoutAttribution(event));
      }
    },
    end() {},
  };
}

function withoutAttribution<T extends object>(value: T): T {
  if (!("subagentRunId" in value)) return value;
  const { subagentRunId: _removed, ...rest } = value as T & { subagentRunId?: string };
  return rest as T;
}
