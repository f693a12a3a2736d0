import type { WarningHandler } from "../errors.js";
import type { Message } from "../protocol/events.js";

/**
 * What the outgoing `RunAgentInput` must look like for the peer it goes to (spec: versioning). A
 * current peer takes the thread's messages as they are; an older one, and retired content parts,
 * are the legacy plug-in's (`legacyProtocol()`, run/legacy-outgoing.ts).
 */
export interface PeerProfile {
  /** `protocolVersion` is declared (an older peer may reject a member it does not know). */
  readonly declaresVersion: boolean;
  /** Content is flattened to text and `parentRunId` left out (AG-UI 0.0.39 and older). */
  readonly flattensContent: boolean;
  /** One message as the peer must receive it; the same object when nothing changes. */
  readonly message?: (message: Message, warn: WarningHandler) => Message;
}

export const CURRENT_PEER: PeerProfile = { declaresVersion: true, flattensContent: false };

export function outgoingMessage(message: Message, profile: PeerProfile, warn: WarningHandler): Message {
  return profile.message === undefined ? message : profile.message(message, warn);
}
