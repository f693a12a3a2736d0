import { DEV } from "esm-env";
import { EventType, type AGUIEvent } from "../protocol/events.js";
import { protocolError, type StreamPosition } from "../protocol/protocol-error.js";
import { ownerName, type Owner, type RunLedger } from "./run-ledger.js";

type RunBoundary = EventType.RUN_STARTED | EventType.RUN_FINISHED | EventType.RUN_ERROR;
type Chunk = EventType.TEXT_MESSAGE_CHUNK | EventType.TOOL_CALL_CHUNK | EventType.REASONING_MESSAGE_CHUNK;
/** Everything the lifecycle switch hands over: no run boundaries, no chunks. */
export type InRunEvent = Exclude<AGUIEvent, { type: RunBoundary | Chunk }>;

/**
 * The rules inside a running run (AG-UI 1.1 "Streaming Messages", "Runs and Steps",
 * "Subagents"): an item opens before it continues and closes once; a continuation agrees with
 * the subagent that opened its item; steps are matched per owner; a subagent starts once and
 * finishes once. Updates `ledger`; throws a ProtocolError on a violation.
 */
export function verifyStreaming(event: InRunEvent, ledger: RunLedger, position: StreamPosition): void {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_START:
      open(event.type, "text message", event.messageId, ledger.messages, ledger.messageOwners, event.subagentRunId, position);
      return;
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.TEXT_MESSAGE_END:
      if (!ledger.messages.has(event.messageId)) {
        throw protocolError(
          "UNKNOWN_MESSAGE_ID",
          DEV ? `${event.type} for message '${event.messageId}', but no text message with that id is open: open it with TEXT_MESSAGE_START first.` : "",
          position,
        );
      }
      if (event.subagentRunId !== undefined) agree(event.type, "text message", event.messageId, event.subagentRunId, ledger.messageOwners.get(event.messageId), position);
      if (event.type === EventType.TEXT_MESSAGE_END) ledger.messages.delete(event.messageId);
      return;

    case EventType.TOOL_CALL_START:
      toolCallStart(event, ledger, position);
      return;
    case EventType.TOOL_CALL_ARGS:
    case EventType.TOOL_CALL_END:
      if (!ledger.toolCalls.has(event.toolCallId)) {
        throw protocolError(
          "UNKNOWN_TOOL_CALL_ID",
          DEV ? `${event.type} for tool call '${event.toolCallId}', but no tool call with that id is open: open it with TOOL_CALL_START first.` : "",
          position,
        );
      }
      if (event.subagentRunId !== undefined) agree(event.type, "tool call", event.toolCallId, event.subagentRunId, ledger.toolCallOwners.get(event.toolCallId), position);
      if (event.type === EventType.TOOL_CALL_END) ledger.toolCalls.delete(event.toolCallId);
      return;
    case EventType.TOOL_CALL_RESULT:
      // The result mints its own message; its newest writer owns it.
      ledger.messageOwners.set(event.messageId, event.subagentRunId ?? null);
      return;

    case EventType.REASONING_START:
      open(event.type, "reasoning span", event.messageId, ledger.reasoningSpans, ledger.reasoningOwners, event.subagentRunId, position);
      return;
    case EventType.REASONING_MESSAGE_START:
      open(event.type, "reasoning message", event.messageId, ledger.reasoningMessages, ledger.reasoningOwners, event.subagentRunId, position);
      return;
    case EventType.REASONING_MESSAGE_CONTENT:
    case EventType.REASONING_MESSAGE_END:
    case EventType.REASONING_END: {
      const isSpan = event.type === EventType.REASONING_END;
      const openIds = isSpan ? ledger.reasoningSpans : ledger.reasoningMessages;
      if (!openIds.has(event.messageId)) {
        throw protocolError(
          "UNKNOWN_REASONING_ID",
          DEV
            ? isSpan
              ? `REASONING_END for span '${event.messageId}', but no reasoning span with that id is open: open it with REASONING_START first.`
              : `${event.type} for reasoning message '${event.messageId}', but no reasoning message with that id is open: open it with REASONING_MESSAGE_START first.`
            : "",
          position,
        );
      }
      if (event.subagentRunId !== undefined) agree(event.type, "reasoning message", event.messageId, event.subagentRunId, ledger.reasoningOwners.get(event.messageId), position);
      if (event.type !== EventType.REASONING_MESSAGE_CONTENT) openIds.delete(event.messageId);
      return;
    }
    case EventType.REASONING_ENCRYPTED_VALUE: {
      // Opens and closes nothing, and may arrive after its entity closed: ownership only.
      const owner =
        event.subtype === "tool-call"
          ? ledger.toolCallOwners.get(event.entityId)
          : ledger.messageOwners.get(event.entityId) ?? ledger.reasoningOwners.get(event.entityId);
      agree(event.type, event.subtype === "tool-call" ? "tool call" : "message", event.entityId, event.subagentRunId, owner, position);
      return;
    }

    case EventType.STEP_STARTED: {
      const owner = event.subagentRunId ?? null;
      const steps = ledger.stepsOf(owner);
      if (steps.has(event.stepName)) {
        throw protocolError(
          "STEP_ALREADY_OPEN",
          DEV ? `STEP_STARTED for step '${event.stepName}' of ${ownerName(owner)}, but that step is already open: finish it with STEP_FINISHED first.` : "",
          position,
        );
      }
      steps.add(event.stepName);
      return;
    }
    case EventType.STEP_FINISHED: {
      const owner = event.subagentRunId ?? null;
      const steps = ledger.stepsOf(owner);
      if (!steps.delete(event.stepName)) {
        const other = ledger.otherStepOwner(owner, event.stepName);
        throw protocolError(
          "STEP_NOT_STARTED",
          DEV
            ? other === undefined
              ? `STEP_FINISHED for step '${event.stepName}' that was not started.`
              : `STEP_FINISHED for step '${event.stepName}' of ${ownerName(owner)}, but that step is open under ${ownerName(other)}: a step is finished by whoever started it.`
            : "",
          position,
        );
      }
      return;
    }

    case EventType.ACTIVITY_SNAPSHOT:
      // A snapshot that replaces the activity takes it over; `replace: false` only adds to it.
      if (event.replace !== false || !ledger.activityOwners.has(event.messageId)) {
        ledger.activityOwners.set(event.messageId, event.subagentRunId ?? null);
      }
      return;
    case EventType.ACTIVITY_DELTA:
      agree(event.type, "activity", event.messageId, event.subagentRunId, ledger.activityOwners.get(event.messageId), position);
      return;

    case EventType.SUBAGENT_STARTED:
      subagentStarted(event, ledger, position);
      return;
    case EventType.SUBAGENT_FINISHED:
    case EventType.SUBAGENT_ERROR:
      if (!ledger.activeSubagents.delete(event.subagentRunId)) {
        throw protocolError(
          "UNKNOWN_SUBAGENT",
          DEV ? `${event.type} for subagent '${event.subagentRunId}', but no subagent with that id is running: it must be started with SUBAGENT_STARTED first.` : "",
          position,
        );
      }
      ledger.finishedSubagents.add(event.subagentRunId);
      return;

    case EventType.MESSAGES_SNAPSHOT:
      ledger.seedOwners(event.messages, true);
      return;
    case EventType.STATE_SNAPSHOT:
    case EventType.STATE_DELTA:
    case EventType.RAW:
    case EventType.CUSTOM:
      // Standalone events: attribution on state is provenance only.
      return;
    default: {
      const unreachable: never = event;
      throw new Error(`unhandled event ${(unreachable as { type: string }).type}`);
    }
  }
}

/** A *_START: the id must not be open; reopening a closed id must agree with its owner. */
function open(
  type: string,
  entity: string,
  id: string,
  openIds: Set<string>,
  owners: Map<string, Owner>,
  tag: string | undefined,
  position: StreamPosition,
): void {
  if (openIds.has(id)) {
    throw protocolError("ALREADY_OPEN", DEV ? `${type} for ${entity} '${id}', but a ${entity} with that id is already open: end it first.` : "", position);
  }
  const owner = owners.get(id);
  if (owner === undefined) owners.set(id, tag ?? null);
  else agree(type, entity, id, tag, owner, position);
  openIds.add(id);
}

/**
 * A continuation must not disagree with the owner of what it continues. An absent tag never
 * disagrees (attribution is optional), and an unrecorded owner has nothing to disagree with; so the
 * per-token sites look the owner up only for a tagged event, and a stream that names no subagent
 * pays no lookup for lanes.
 */
function agree(
  type: string,
  entity: string,
  id: string,
  tag: string | undefined,
  owner: Owner | undefined,
  position: StreamPosition,
): void {
  if (tag === undefined || owner === undefined || owner === tag) return;
  throw protocolError(
    "SUBAGENT_MISMATCH",
    DEV ? `${type} for ${entity} '${id}' says subagent '${tag}', which does not match its owner, ${ownerName(owner)}.` : "",
    position,
  );
}

function toolCallStart(
  event: Extract<InRunEvent, { type: EventType.TOOL_CALL_START }>,
  ledger: RunLedger,
  position: StreamPosition,
): void {
  const { toolCallId: id, parentMessageId, subagentRunId: tag } = event;
  if (ledger.toolCalls.has(id)) {
    throw protocolError("ALREADY_OPEN", DEV ? `TOOL_CALL_START for tool call '${id}', but a tool call with that id is already open: end it first.` : "", position);
  }
  // A tool call belongs to the message that carries it: an untagged call inherits its owner.
  const parentOwner = parentMessageId === undefined ? undefined : ledger.messageOwners.get(parentMessageId);
  if (parentOwner !== undefined && tag !== undefined && tag !== parentOwner) {
    throw protocolError(
      "SUBAGENT_MISMATCH",
      DEV ? `TOOL_CALL_START for tool call '${id}' says subagent '${tag}', but its parent message '${parentMessageId ?? ""}' belongs to ${ownerName(parentOwner)}.` : "",
      position,
    );
  }
  const owner = tag ?? parentOwner ?? null;
  const recorded = ledger.toolCallOwners.get(id);
  if (recorded === undefined) ledger.toolCallOwners.set(id, owner);
  else if ((tag !== undefined || parentOwner !== undefined) && recorded !== owner) {
    throw protocolError(
      "SUBAGENT_MISMATCH",
      DEV ? `TOOL_CALL_START reopens tool call '${id}' for ${ownerName(owner)}, but it belongs to ${ownerName(recorded)}.` : "",
      position,
    );
  }
  ledger.toolCalls.add(id);
}

function subagentStarted(
  event: Extract<InRunEvent, { type: EventType.SUBAGENT_STARTED }>,
  ledger: RunLedger,
  position: StreamPosition,
): void {
  const id = event.subagentRunId;
  if (ledger.activeSubagents.has(id) || ledger.finishedSubagents.has(id)) {
    throw protocolError(
      "SUBAGENT_ALREADY_STARTED",
      DEV
        ? ledger.activeSubagents.has(id)
          ? `SUBAGENT_STARTED for subagent '${id}', which is already running: finish it first.`
          : `SUBAGENT_STARTED for subagent '${id}', which already finished in this run: a subagentRunId names one invocation.`
        : "",
      position,
    );
  }
  const parent = event.parentSubagentRunId;
  if (parent !== undefined && !ledger.activeSubagents.has(parent) && !ledger.finishedSubagents.has(parent)) {
    throw protocolError(
      "UNKNOWN_SUBAGENT",
      DEV ? `SUBAGENT_STARTED for subagent '${id}' names parent subagent '${parent}', which has not been started in this run.` : "",
      position,
    );
  }
  ledger.activeSubagents.add(id);
}
