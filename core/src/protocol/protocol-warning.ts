import { DEV } from "esm-env";
import type { WarningHandler } from "../errors.js";
import type { StreamPosition } from "./protocol-error.js";

/** Every warning the pipeline may report through `onWarning`. None of them stops the run. */
export type ProtocolWarningCode =
  | "UNKNOWN_EVENT_DROPPED" // an event type this protocol version does not describe
  | "UNKNOWN_PROPERTY_STRIPPED" // a property no shape describes
  | "UNRECOGNISED_VALUE_STRIPPED" // an unknown member of a closed set or tagged union, removed
  | "UNRECOGNISED_EVENT_DROPPED" // a required field held an unknown member, so the event went
  | "MALFORMED_USAGE_DROPPED" // a token-usage entry the protocol rejects, dropped; its event stays
  | "NUMBER_NOT_FINITE" // a number beyond what a double holds (1e400 parses to Infinity); JSON sends it back as null
  | "LEGACY_NULL_OMITTED" // `field: null` where the protocol now says "omit the field"
  | "LEGACY_BINARY_CONTENT_UPGRADED" // a retired `binary` content part became an image/audio/video/document part
  | "LEGACY_THINKING_TRANSLATED" // THINKING_* turned into REASONING_*
  | "LEGACY_THINKING_TITLE_DROPPED" // THINKING_START.title has no REASONING_* counterpart
  | "PEER_ERA_EVENT_DROPPED" // an event the pinned (older) peer cannot mean, dropped
  | "PROTOCOL_VERSION_NEWER" // the producer speaks a newer protocol than Threadline
  | "PROTOCOL_VERSION_UNINTERPRETABLE"; // the producer's version is not MAJOR.MINOR

export function reportWarning(
  onWarning: WarningHandler,
  code: ProtocolWarningCode,
  message: string,
  position: StreamPosition,
): void {
  onWarning({ code, message: DEV ? `${message} (event #${position.index})` : "", index: position.index, event: position.raw });
}
