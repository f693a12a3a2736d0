import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
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

/**
 * The problem refusing the option `legacyProtocol` replaced (thrown by the chat, RunLoop and the
 * pipeline): the sentence in development, the option's name in a production build.
 */
export const PEER_VERSION_MOVED = DEV
  ? "`peerProtocolVersion` moved into the legacy plug-in: pass `legacy: legacyProtocol({ peerProtocolVersion })` (from @threadline/core)."
  : "peerProtocolVersion";

/**
 * What is wrong with the `legacy` option and the one it replaced, or undefined. A `legacy: true`
 * would otherwise fail as a TypeError deep in the first run's validation. Never "" on a problem:
 * in development the message, in a production build the option at fault (`peerProtocolVersion`
 * or `legacy`), which callers pass as `where` with a message of `DEV ? problem : ""`.
 */
export function legacyOptionProblem(options: object): string | undefined {
  if ((options as { readonly peerProtocolVersion?: unknown }).peerProtocolVersion !== undefined) return PEER_VERSION_MOVED;
  const legacy = (options as { readonly legacy?: unknown }).legacy;
  if (legacy === undefined || (typeof legacy === "object" && legacy !== null && typeof (legacy as LegacyEvents).stage === "function")) return undefined;
  return DEV ? `\`legacy\` must be legacyProtocol() (from @threadline/core), or absent; got ${describeValue(legacy)}.` : "legacy";
}
