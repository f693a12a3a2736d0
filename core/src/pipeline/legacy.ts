import type { WarningHandler } from "../errors.js";
import type { AGUIEvent } from "../protocol/events.js";
import type { IncomingEvent } from "../protocol/legacy-events.js";
import type { StreamPosition } from "../protocol/protocol-error.js";
import type { RetiredShapes } from "../protocol/validate.js";
import type { Stage } from "./stage.js";

/**
 * The pipeline's part of the legacy plug-in (`legacyProtocol()`, run/legacy-protocol.ts): the
 * retired shapes validation knows besides the current ones, and the stage between validation and
 * chunk expansion (peer downgrade, THINKING_* translation). Without it a THINKING_* event is an
 * unknown one (dropped with `UNKNOWN_EVENT_DROPPED`) and a binary part an unknown part kind.
 */
export interface LegacyEvents extends RetiredShapes {
  readonly stage: (next: (event: AGUIEvent) => void, position: StreamPosition, onWarning: WarningHandler) => Stage<IncomingEvent>;
}

/** The message refusing the option `legacyProtocol` replaced (thrown by the chat, RunLoop and the pipeline). */
export const PEER_VERSION_MOVED =
  "`peerProtocolVersion` moved into the legacy plug-in: pass `legacy: legacyProtocol({ peerProtocolVersion })` (from @threadline/core).";

export function givesPeerVersion(options: object): boolean {
  return (options as { readonly peerProtocolVersion?: unknown }).peerProtocolVersion !== undefined;
}
