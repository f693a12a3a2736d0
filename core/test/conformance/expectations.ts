// How the reference's wording maps onto Threadline's codes, fixture by fixture, and the
// fixtures Threadline deliberately treats differently. The deviation table (docs/reference/deviations.md)
// must list every entry of DEVIATIONS (a test checks it).
import type { ProtocolErrorCode, ProtocolWarningCode } from "../../src/pipeline/index.js";
import type { Expectation } from "./fixture.js";

export interface ErrorMapping {
  code: ProtocolErrorCode;
  /** A substring our own message must contain (an id or path the reference also names). */
  mentions?: string;
}

export interface WarningMapping {
  /** A pipeline warning code, or another stage's (the fold's, the run loop's request building). */
  code: ProtocolWarningCode | "STATE_PATCH_FAILED" | "CONTENT_PARTS_DROPPED";
  /** A substring our own message must contain. */
  mentions?: string;
  /** Raised while the outgoing request is built: only a lane that sends one can see it. */
  requestSide?: true;
}

/** errorContains (the reference's wording) → the ProtocolError we raise. */
export const ERROR_CODES: Readonly<Record<string, ErrorMapping>> = {
  "chunk-conflicting-role-fatal": { code: "CHUNK_CONFLICT", mentions: "role 'assistant'" },
  "chunk-conflicting-tool-name-fatal": { code: "CHUNK_CONFLICT", mentions: "toolCallName 'delete'" },
  "content-without-start-fatal": { code: "UNKNOWN_MESSAGE_ID", mentions: "'orphan-content-m1'" },
  "custom-closes-chunk-stream-fatal": { code: "CHUNK_MISSING_ID", mentions: "messageId" },
  "event-after-run-finished-fatal": { code: "EVENT_AFTER_RUN_FINISHED" },
  "first-chunk-missing-id-fatal": { code: "CHUNK_MISSING_ID", mentions: "messageId" },
  "first-event-not-run-started-fatal": { code: "FIRST_EVENT_NOT_RUN_STARTED" },
  "first-tool-chunk-missing-name-fatal": { code: "CHUNK_MISSING_NAME", mentions: "toolCallName" },
  "malformed-known-field-fatal": { code: "MALFORMED_FIELD", mentions: "/delta" },
  "nested-run-started-fatal": { code: "NESTED_RUN_STARTED" },
  "open-message-at-run-finished-fatal": { code: "OPEN_AT_RUN_FINISHED", mentions: "text messages 'open-message-at-run-finished-m-1'" },
  "reasoning-discipline-verified": { code: "UNKNOWN_REASONING_ID", mentions: "'m-reasoning-discipline-1'" },
  "reasoning-message-wrong-role-fatal": { code: "MALFORMED_FIELD", mentions: "/role" },
  "run-finished-with-active-subagent-fatal": { code: "OPEN_AT_RUN_FINISHED", mentions: "s-run-finished-active-subagent-1" },
  "step-finished-without-start-fatal": { code: "STEP_NOT_STARTED", mentions: "step-finished-without-start-never-opened" },
  "subagent-attribution-mismatch-fatal": { code: "SUBAGENT_MISMATCH", mentions: "s-subagent-attribution-mismatch-2" },
  "subagent-finished-unstarted-fatal": { code: "UNKNOWN_SUBAGENT", mentions: "s-subagent-finished-unstarted-1" },
  "subagent-started-missing-name-fatal": { code: "MISSING_FIELD", mentions: "/name" },
  "unknown-outcome-array-fatal": { code: "MALFORMED_FIELD", mentions: "/outcome" },
};

/** Each `warnings` substring (the reference's wording) → the warning we emit. */
export const WARNING_CODES: Readonly<Record<string, Readonly<Record<string, WarningMapping>>>> = {
  "era-0-0-39-flattens-content": {
    // The 0.0.39 downgrade flattens the outgoing input's content parts: a request-side shim.
    "DROPS non-text parts": { code: "CONTENT_PARTS_DROPPED", mentions: "DROPS non-text parts (image)", requestSide: true },
  },
  "era-0-0-45-thinking-translated": { THINKING_START: { code: "LEGACY_THINKING_TRANSLATED", mentions: "THINKING_START" } },
  "era-0-0-57-subagent-dropped-with-warning": {
    "dropping SUBAGENT_STARTED": { code: "PEER_ERA_EVENT_DROPPED", mentions: "SUBAGENT_STARTED" },
  },
  "producer-declares-newer-version-warns": { "1.1": { code: "PROTOCOL_VERSION_NEWER", mentions: "1.1" } },
  "producer-declares-uninterpretable-version-warns": {
    "cannot interpret": { code: "PROTOCOL_VERSION_UNINTERPRETABLE", mentions: "\"draft\"" },
  },
  "state-delta-unappliable-warns-and-keeps": {
    "Failed to apply state patch": { code: "STATE_PATCH_FAILED" },
  },
  "state-delta-unknown-op-dropped": { "/delta/0": { code: "UNRECOGNISED_VALUE_STRIPPED", mentions: "/delta/0" } },
  "unknown-event-dropped": { FUTURE_EVENT: { code: "UNKNOWN_EVENT_DROPPED", mentions: "'FUTURE_EVENT'" } },
  "unknown-outcome-stripped": { "/outcome": { code: "UNRECOGNISED_VALUE_STRIPPED", mentions: "/outcome" } },
  "unknown-part-in-message-list": {
    "/messages/0/content/1": { code: "UNRECOGNISED_VALUE_STRIPPED", mentions: "/messages/0/content/1" },
  },
  "unknown-property-stripped": { "/futureProp": { code: "UNKNOWN_PROPERTY_STRIPPED", mentions: "/futureProp" } },
  // Only used by DEVIATIONS below.
  "unknown-enum-value-role-fatal": { "/role": { code: "UNRECOGNISED_VALUE_STRIPPED", mentions: "/role" } },
};

export interface Deviation {
  /** What the AG-UI reference (the TypeScript client) does. */
  reference: string;
  /** What Threadline does instead. */
  threadline: string;
  why: string;
  /** Replaces these keys of the fixture's expectation (a shallow merge, like expectOverrides). */
  expect: Expectation;
}

export const DEVIATIONS: Readonly<Record<string, Deviation>> = {
  "unknown-enum-value-role-fatal": {
    reference:
      "fails the run: an unknown TEXT_MESSAGE_START.role ('narrator') is checked as a leaf of a closed set (an admitted gap, per the 1.1 processing-model Note)",
    threadline:
      "strips the unrecognised role with a UNRECOGNISED_VALUE_STRIPPED warning naming /role; the message streams as an assistant message (an absent role means assistant)",
    why:
      "AG-UI 1.1 processing model: an unrecognised union member in an optional position MUST NOT abort the run and is stripped; the spec calls the reference's behaviour a gap against the rule",
    expect: {
      outcome: "completed",
      errorContains: "",
      warnings: ["/role"],
      eventTypes: ["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"],
      eventAbsentPaths: ["1.role"],
      messageCount: 1,
      messages: [{ id: "m-unknown-role", role: "assistant", content: "the role above is the only defect in this stream" }],
    },
  },
};
