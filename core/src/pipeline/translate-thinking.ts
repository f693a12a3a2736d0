import { DEV } from "esm-env";
import type { WarningHandler } from "../errors.js";
import { EventType, type AGUIEvent } from "../protocol/events.js";
import type { IncomingEvent, LegacyThinkingEvent } from "../protocol/legacy-events.js";
import { protocolError, type StreamPosition } from "../protocol/protocol-error.js";
import { reportWarning } from "../protocol/protocol-warning.js";
import type { Stage } from "./stage.js";

/**
 * Legacy translation: the retired THINKING_* events (AG-UI ≤ 0.0.45) become REASONING_*.
 * THINKING events carry no ids, so this stage names the span and the message itself, from
 * the run id and the stream position of the opener — deterministic, so replaying a stream
 * yields the same ids. Everything else passes through untouched.
 */
export function createThinkingTranslator(
  next: (event: AGUIEvent) => void,
  position: StreamPosition,
  onWarning: WarningHandler,
): Stage<IncomingEvent> {
  let runId = "";
  let spanId: string | undefined;
  let messageId: string | undefined;
  let announced = false;

  function translated(event: LegacyThinkingEvent, into: EventType): void {
    if (announced) return;
    announced = true;
    reportWarning(
      onWarning,
      "LEGACY_THINKING_TRANSLATED",
      DEV ? `Translated the retired ${event.type} into ${into}: THINKING_* events left the protocol after 0.0.45, ` +
        "emit REASONING_* instead (reported once per stream)" : "",
      position,
    );
  }

  return {
    push(event) {
      switch (event.type) {
        case "THINKING_START": {
          if (spanId !== undefined) {
            throw protocolError("ALREADY_OPEN", DEV ? `THINKING_START while the thinking span '${spanId}' is still open: legacy thinking spans do not nest.` : "", position);
          }
          translated(event, EventType.REASONING_START);
          if (event.title !== undefined) {
            reportWarning(
              onWarning,
              "LEGACY_THINKING_TITLE_DROPPED",
              DEV ? `Dropped THINKING_START.title ${JSON.stringify(event.title)}: REASONING_START has no title field` : "",
              position,
            );
          }
          spanId = `thinking-${runId}-${position.index}`;
          next(withBaseFields(event, { type: EventType.REASONING_START, messageId: spanId }));
          return;
        }
        case "THINKING_TEXT_MESSAGE_START": {
          if (messageId !== undefined) {
            throw protocolError(
              "ALREADY_OPEN",
              DEV ? `THINKING_TEXT_MESSAGE_START while the thinking message '${messageId}' is still open.` : "",
              position,
            );
          }
          translated(event, EventType.REASONING_MESSAGE_START);
          messageId = `thinking-message-${runId}-${position.index}`;
          next(withBaseFields(event, { type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning" }));
          return;
        }
        case "THINKING_TEXT_MESSAGE_CONTENT": {
          const id = openMessage(event);
          translated(event, EventType.REASONING_MESSAGE_CONTENT);
          next(withBaseFields(event, { type: EventType.REASONING_MESSAGE_CONTENT, messageId: id, delta: event.delta }));
          return;
        }
        case "THINKING_TEXT_MESSAGE_END": {
          const id = openMessage(event);
          translated(event, EventType.REASONING_MESSAGE_END);
          messageId = undefined;
          next(withBaseFields(event, { type: EventType.REASONING_MESSAGE_END, messageId: id }));
          return;
        }
        case "THINKING_END": {
          if (spanId === undefined) {
            throw protocolError("UNKNOWN_REASONING_ID", DEV ? "THINKING_END, but no THINKING_START is open." : "", position);
          }
          translated(event, EventType.REASONING_END);
          const id = spanId;
          spanId = undefined;
          next(withBaseFields(event, { type: EventType.REASONING_END, messageId: id }));
          return;
        }
        case EventType.RUN_STARTED:
          runId = event.runId;
          spanId = messageId = undefined;
          next(event);
          return;
        case EventType.RUN_FINISHED:
        case EventType.RUN_ERROR:
          // Whatever was open is the verifier's to judge; a new run starts with nothing open.
          spanId = messageId = undefined;
          next(event);
          return;
        default:
          next(event);
      }
    },
    end() {},
  };

  function openMessage(event: LegacyThinkingEvent): string {
    if (messageId === undefined) {
      throw protocolError("UNKNOWN_REASONING_ID", DEV ? `${event.type}, but no THINKING_TEXT_MESSAGE_START is open.` : "", position);
    }
    return messageId;
  }
}

/** The fields every event may carry survive the translation. */
function withBaseFields(from: LegacyThinkingEvent, into: AGUIEvent): AGUIEvent {
  if (from.timestamp !== undefined) into.timestamp = from.timestamp;
  if (from.rawEvent !== undefined) into.rawEvent = from.rawEvent;
  if (from.metadata !== undefined) into.metadata = from.metadata;
  return into;
}
