import { base } from "../protocol/event-shapes.js";
import { legacyBinaryPart } from "../protocol/legacy-content.js";
import { objectShape, optional, required, string } from "../protocol/shape.js";
import type { LegacyEvents } from "./legacy.js";
import { createPeerDowngrade } from "./peer-downgrade.js";
import { createThinkingTranslator } from "./translate-thinking.js";

// The retired THINKING_* shapes (AG-UI ≤ 0.0.45): known to validation so that the translation
// turns them into REASONING_* instead of their being dropped as unknown.
const thinkingShapes = new Map(
  Object.entries({
    THINKING_START: { ...base, title: optional(string) },
    THINKING_END: base,
    THINKING_TEXT_MESSAGE_START: base,
    THINKING_TEXT_MESSAGE_CONTENT: { ...base, delta: required(string) },
    THINKING_TEXT_MESSAGE_END: base,
  }).map(([type, fields]) => [type, objectShape(type, fields)]),
);

/** The incoming side of `legacyProtocol({ peerProtocolVersion })`. */
export function legacyEvents(peerProtocolVersion: string | undefined): LegacyEvents {
  return {
    shapes: thinkingShapes,
    binaryPart: legacyBinaryPart,
    stage(next, position, onWarning) {
      const translator = createThinkingTranslator(next, position, onWarning);
      return (peerProtocolVersion === undefined ? undefined : createPeerDowngrade(peerProtocolVersion, translator.push, position, onWarning)) ?? translator;
    },
  };
}
