// @threadline/core/devtools: the event inspector — recording, time travel, fixtures, the panel.
// Nothing here runs unless it is imported and attached; the root entry does not import it.
export { createInspector, Inspector } from "./inspector.js";
export type { InspectorOptions, InspectorTab } from "./inspector.js";
export { DEFAULT_MAX_EVENTS, EventRecorder, recordEvents } from "./recorder.js";
export type { EventOrigin, RecordedEvent, RecorderOptions } from "./recorder.js";
export { Replay, replayEvents, sandboxOptionsOf, threadAt, TimeTravel } from "./replay.js";
export type { SandboxOptions } from "./replay.js";
export { parseFixture, toFixture } from "./fixture.js";
export type { FixtureFormat } from "./fixture.js";
export { timelineOf } from "./timeline.js";
export type { Span, SpanKind, SpanStatus } from "./timeline.js";
export { stateChanges } from "./state-changes.js";
export type { StateChange } from "./state-changes.js";
export { matchesShortcut, parseShortcut } from "./shortcut.js";
export type { Shortcut } from "./shortcut.js";
export { DevtoolsError } from "./errors.js";
export type { DevtoolsErrorCode } from "./errors.js";
export type { InspectTarget } from "./target.js";
