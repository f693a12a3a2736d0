// AG-UI's event discriminator as a plain object. @ag-ui/core ships it as an enum in a module whose
// import also evaluates its other exports, which no bundler can drop (about 12 KB in every app that
// only needed these strings). Here the value is ours and the types stay @ag-ui/core's: the event
// union's `type` fields are typed with its enum members, so each property below is cast to the
// member of the same name (the compiler rejects the cast if a value differs or a member is
// missing), and `EventType.X` still names that member in a type position.
import type { EventType as AgUiEventType } from "@ag-ui/core";

export type EventType = AgUiEventType;

export const EventType = {
  TEXT_MESSAGE_START: "TEXT_MESSAGE_START",
  TEXT_MESSAGE_CONTENT: "TEXT_MESSAGE_CONTENT",
  TEXT_MESSAGE_END: "TEXT_MESSAGE_END",
  TEXT_MESSAGE_CHUNK: "TEXT_MESSAGE_CHUNK",
  TOOL_CALL_START: "TOOL_CALL_START",
  TOOL_CALL_ARGS: "TOOL_CALL_ARGS",
  TOOL_CALL_END: "TOOL_CALL_END",
  TOOL_CALL_CHUNK: "TOOL_CALL_CHUNK",
  TOOL_CALL_RESULT: "TOOL_CALL_RESULT",
  STATE_SNAPSHOT: "STATE_SNAPSHOT",
  STATE_DELTA: "STATE_DELTA",
  MESSAGES_SNAPSHOT: "MESSAGES_SNAPSHOT",
  ACTIVITY_SNAPSHOT: "ACTIVITY_SNAPSHOT",
  ACTIVITY_DELTA: "ACTIVITY_DELTA",
  RAW: "RAW",
  CUSTOM: "CUSTOM",
  RUN_STARTED: "RUN_STARTED",
  RUN_FINISHED: "RUN_FINISHED",
  RUN_ERROR: "RUN_ERROR",
  STEP_STARTED: "STEP_STARTED",
  STEP_FINISHED: "STEP_FINISHED",
  REASONING_START: "REASONING_START",
  REASONING_MESSAGE_START: "REASONING_MESSAGE_START",
  REASONING_MESSAGE_CONTENT: "REASONING_MESSAGE_CONTENT",
  REASONING_MESSAGE_END: "REASONING_MESSAGE_END",
  REASONING_MESSAGE_CHUNK: "REASONING_MESSAGE_CHUNK",
  REASONING_END: "REASONING_END",
  REASONING_ENCRYPTED_VALUE: "REASONING_ENCRYPTED_VALUE",
  SUBAGENT_STARTED: "SUBAGENT_STARTED",
  SUBAGENT_FINISHED: "SUBAGENT_FINISHED",
  SUBAGENT_ERROR: "SUBAGENT_ERROR",
} as { readonly [K in keyof typeof AgUiEventType]: (typeof AgUiEventType)[K] };

// The enum's members as types (`AGUIEventOf<EventType.RUN_STARTED>`), which a const alone lacks.
export declare namespace EventType {
  type TEXT_MESSAGE_START = AgUiEventType.TEXT_MESSAGE_START;
  type TEXT_MESSAGE_CONTENT = AgUiEventType.TEXT_MESSAGE_CONTENT;
  type TEXT_MESSAGE_END = AgUiEventType.TEXT_MESSAGE_END;
  type TEXT_MESSAGE_CHUNK = AgUiEventType.TEXT_MESSAGE_CHUNK;
  type TOOL_CALL_START = AgUiEventType.TOOL_CALL_START;
  type TOOL_CALL_ARGS = AgUiEventType.TOOL_CALL_ARGS;
  type TOOL_CALL_END = AgUiEventType.TOOL_CALL_END;
  type TOOL_CALL_CHUNK = AgUiEventType.TOOL_CALL_CHUNK;
  type TOOL_CALL_RESULT = AgUiEventType.TOOL_CALL_RESULT;
  type STATE_SNAPSHOT = AgUiEventType.STATE_SNAPSHOT;
  type STATE_DELTA = AgUiEventType.STATE_DELTA;
  type MESSAGES_SNAPSHOT = AgUiEventType.MESSAGES_SNAPSHOT;
  type ACTIVITY_SNAPSHOT = AgUiEventType.ACTIVITY_SNAPSHOT;
  type ACTIVITY_DELTA = AgUiEventType.ACTIVITY_DELTA;
  type RAW = AgUiEventType.RAW;
  type CUSTOM = AgUiEventType.CUSTOM;
  type RUN_STARTED = AgUiEventType.RUN_STARTED;
  type RUN_FINISHED = AgUiEventType.RUN_FINISHED;
  type RUN_ERROR = AgUiEventType.RUN_ERROR;
  type STEP_STARTED = AgUiEventType.STEP_STARTED;
  type STEP_FINISHED = AgUiEventType.STEP_FINISHED;
  type REASONING_START = AgUiEventType.REASONING_START;
  type REASONING_MESSAGE_START = AgUiEventType.REASONING_MESSAGE_START;
  type REASONING_MESSAGE_CONTENT = AgUiEventType.REASONING_MESSAGE_CONTENT;
  type REASONING_MESSAGE_END = AgUiEventType.REASONING_MESSAGE_END;
  type REASONING_MESSAGE_CHUNK = AgUiEventType.REASONING_MESSAGE_CHUNK;
  type REASONING_END = AgUiEventType.REASONING_END;
  type REASONING_ENCRYPTED_VALUE = AgUiEventType.REASONING_ENCRYPTED_VALUE;
  type SUBAGENT_STARTED = AgUiEventType.SUBAGENT_STARTED;
  type SUBAGENT_FINISHED = AgUiEventType.SUBAGENT_FINISHED;
  type SUBAGENT_ERROR = AgUiEventType.SUBAGENT_ERROR;
}
