// The retired THINKING_* events (AG-UI ≤ 0.0.45). @ag-ui/core 1.0.0 no longer describes them;
// older producers still send them, so validation knows their shapes and the pipeline
// translates them to REASONING_* before anything else sees them.
import type { AGUIEvent } from "./events.js";

interface LegacyBase {
  timestamp?: number;
  rawEvent?: unknown;
  metadata?: Record<string, unknown>;
}

export interface ThinkingStartEvent extends LegacyBase {
  type: "THINKING_START";
  title?: string;
}
export interface ThinkingEndEvent extends LegacyBase {
  type: "THINKING_END";
}
export interface ThinkingTextMessageStartEvent extends LegacyBase {
  type: "THINKING_TEXT_MESSAGE_START";
}
export interface ThinkingTextMessageContentEvent extends LegacyBase {
  type: "THINKING_TEXT_MESSAGE_CONTENT";
  delta: string;
}
export interface ThinkingTextMessageEndEvent extends LegacyBase {
  type: "THINKING_TEXT_MESSAGE_END";
}

export type LegacyThinkingEvent =
  | ThinkingStartEvent
  | ThinkingEndEvent
  | ThinkingTextMessageStartEvent
  | ThinkingTextMessageContentEvent
  | ThinkingTextMessageEndEvent;

/** What validation hands on: a current event, or a retired one awaiting translation. */
export type IncomingEvent = AGUIEvent | LegacyThinkingEvent;
