import { legacyEvents } from "../pipeline/legacy-stage.js";
import type { LegacyEvents } from "../pipeline/legacy.js";
import { legacyPeerProfile } from "./legacy-outgoing.js";
import type { PeerProfile } from "./outgoing-compat.js";

/** `legacyProtocol(options)`. */
export interface LegacyProtocolOptions {
  /**
   * The highest AG-UI version the agent speaks (`maxProtocolVersion` in @ag-ui/client), when it is
   * pinned to an older one. At or below 0.0.57, SUBAGENT_* events are dropped with a warning and
   * subagent attribution is removed, both ways; at or below 0.0.39, outgoing content is flattened
   * to text and `parentRunId` left out; below 1.0, `protocolVersion` is not declared. Absent: a
   * current agent, no downgrade.
   */
  readonly peerProtocolVersion?: string;
}

/**
 * The `legacy` option of `ChatClient`, `RunLoop`, `createPipeline` and `foldEvents`, made by
 * `legacyProtocol()`: what AG-UI retired is still read (THINKING_* events become REASONING_*, a
 * `binary` content part becomes a media part, in and out) and an agent pinned to an older version
 * is spoken to in it. Without it an app ships none of that: a THINKING_* event is an unknown one
 * (dropped with `UNKNOWN_EVENT_DROPPED`), a binary part an unknown part kind (removed on the way
 * in, sent as it is on the way out), and runs go out as the current protocol has them.
 */
export interface LegacyProtocol extends LegacyEvents {
  readonly peerProtocolVersion: string | undefined;
  /** How a run's input goes out to the peer. */
  readonly peer: PeerProfile;
}

export function legacyProtocol(options: LegacyProtocolOptions = {}): LegacyProtocol {
  const { peerProtocolVersion } = options;
  return { ...legacyEvents(peerProtocolVersion), peerProtocolVersion, peer: legacyPeerProfile(peerProtocolVersion) };
}
