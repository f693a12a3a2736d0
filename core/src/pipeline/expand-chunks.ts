import { DEV } from "esm-env";
import {
  EventType,
  type AGUIEvent,
  type AGUIEventOf,
} from "../protocol/events.js";
import { protocolError, type StreamPosition } from "../protocol/protocol-error.js";
import { ownerName } from "./run-ledger.js";
import type { Stage } from "./stage.js";

type TextMessageRole = NonNullable<AGUIEventOf<EventType.TEXT_MESSAGE_START>["role"]>;
type ChunkKind = "text" | "tool" | "reasoning";

/** One chunk stream being assembled. The lane key is its owner: a subagentRunId, or undefined. */
type PendingStream =
  | { kind: "text"; id: string; owner: string | undefined; role: TextMessageRole; name: string | undefined }
  | { kind: "tool"; id: string; owner: string | undefined; toolCallName: string; parentMessageId: string | undefined }
  | { kind: "reasoning"; id: string; owner: string | undefined };

const ENTITY: Record<ChunkKind, string> = { text: "text message", tool: "tool call", reasoning: "reasoning message" };
const ID_FIELD: Record<ChunkKind, string> = { text: "messageId", tool: "toolCallId", reasoning: "messageId" };
const CHUNK_TYPE: Record<ChunkKind, string> = {
  text: "TEXT_MESSAGE_CHUNK",
  tool: "TOOL_CALL_CHUNK",
  reasoning: "REASONING_MESSAGE_CHUNK",
};

/**
 * Chunk expansion (AG-UI 1.1 "Streaming Messages"): TEXT_MESSAGE_CHUNK, TOOL_CALL_CHUNK and
 * REASONING_MESSAGE_CHUNK become START / CONTENT|ARGS / END. Each owner (the parent agent, or a
 * subagent) has one lane holding at most one pending chunk stream; the synthesized END goes
 * out before the event that closes the stream:
 * - a chunk opening a different item in the same lane;
 * - a message, tool-call, step, state, custom or reasoning event in the lane;
 * - a run-level event (RUN_*, MESSAGES_SNAPSHOT), which closes every lane;
 * - the lane owner's SUBAGENT_FINISHED / SUBAGENT_ERROR;
 * - the end of the source stream.
 * RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE and SUBAGENT_STARTED stand aside and close nothing.
 */
export function createChunkExpander(next: (event: AGUIEvent) => void, position: StreamPosition): Stage<AGUIEvent> {
  // Insertion order is opening order: a lane is deleted when it closes and set when it opens.
  const lanes = new Map<string | undefined, PendingStream>();

  function closeLane(owner: string | undefined): void {
    const pending = lanes.get(owner);
    if (pending === undefined) return;
    lanes.delete(owner);
    let end: AGUIEvent;
    switch (pending.kind) {
      case "text":
        end = { type: EventType.TEXT_MESSAGE_END, messageId: pending.id };
        break;
      case "tool":
        end = { type: EventType.TOOL_CALL_END, toolCallId: pending.id };
        break;
      case "reasoning":
        end = { type: EventType.REASONING_MESSAGE_END, messageId: pending.id };
        break;
    }
    if (owner !== undefined) end.subagentRunId = owner;
    next(end);
  }

  function closeAllLanes(): void {
    if (lanes.size === 0) return;
    for (const owner of [...lanes.keys()]) closeLane(owner);
  }

  /** Which lane a chunk belongs to (AG-UI 1.1 attribution and continuation resolution). */
  function resolveLane(kind: ChunkKind, id: string | undefined, tag: string | undefined): string | undefined {
    if (id !== undefined) {
      const own = lanes.get(tag);
      if (own !== undefined && own.kind === kind && own.id === id) return tag;
      // The lane already assembling this id wins, whoever sends the continuation.
      for (const [owner, pending] of lanes) {
        if (pending.kind !== kind || pending.id !== id) continue;
        if (tag !== undefined && tag !== owner) {
          throw protocolError(
            "SUBAGENT_MISMATCH",
            DEV ? `${CHUNK_TYPE[kind]} for ${ENTITY[kind]} '${id}' says subagent '${tag}', but that chunk stream was opened by ${ownerName(owner ?? null)}.` : "",
            position,
          );
        }
        return owner;
      }
      return tag;
    }
    if (tag !== undefined) return tag;
    if (lanes.get(undefined)?.kind === kind) return undefined;
    let found: string | undefined;
    let candidates = 0;
    for (const [owner, pending] of lanes) {
      if (pending.kind !== kind) continue;
      candidates++;
      found = owner;
    }
    if (candidates > 1) {
      throw protocolError(
        "CHUNK_AMBIGUOUS",
        DEV ? `${CHUNK_TYPE[kind]} carries neither a ${ID_FIELD[kind]} nor a subagentRunId, and ${candidates} subagents have an open ${ENTITY[kind]}: attribute the chunk to the one it continues.` : "",
        position,
      );
    }
    return found;
  }

  function conflict(kind: ChunkKind, id: string, field: string, said: string, established: string | undefined): never {
    throw protocolError(
      "CHUNK_CONFLICT",
      DEV ? `${CHUNK_TYPE[kind]} for ${ENTITY[kind]} '${id}' says ${field} '${said}', but the stream was opened with ` +
        `${established === undefined ? `no ${field}` : `${field} '${established}'`}; a continuation may only repeat it unchanged.` : "",
      position,
    );
  }

  function missing(kind: ChunkKind, field: string): never {
    throw protocolError(
      field === ID_FIELD[kind] ? "CHUNK_MISSING_ID" : "CHUNK_MISSING_NAME",
      DEV ? `${CHUNK_TYPE[kind]} opens a new ${ENTITY[kind]} but carries no ${field}: the first chunk of a ${ENTITY[kind]} must name it.` : "",
      position,
    );
  }

  function expandText(chunk: AGUIEventOf<EventType.TEXT_MESSAGE_CHUNK>): void {
    const lane = resolveLane("text", chunk.messageId, chunk.subagentRunId);
    const open = lanes.get(lane);
    let stream: PendingStream & { kind: "text" };
    let opened = false;
    if (open?.kind === "text" && (chunk.messageId === undefined || chunk.messageId === open.id)) {
      if (chunk.role !== undefined && chunk.role !== open.role) conflict("text", open.id, "role", chunk.role, open.role);
      if (chunk.name !== undefined && chunk.name !== open.name) conflict("text", open.id, "name", chunk.name, open.name);
      stream = open;
    } else {
      if (open !== undefined) closeLane(lane);
      if (chunk.messageId === undefined) missing("text", "messageId");
      // An absent role means assistant, exactly as on TEXT_MESSAGE_START.
      stream = { kind: "text", id: chunk.messageId, owner: lane, role: chunk.role ?? "assistant", name: chunk.name };
      lanes.set(lane, stream);
      const start: AGUIEventOf<EventType.TEXT_MESSAGE_START> = {
        type: EventType.TEXT_MESSAGE_START,
        messageId: stream.id,
        role: stream.role,
      };
      if (chunk.name !== undefined) start.name = chunk.name;
      opened = true;
      next(withOrigin(start, chunk, lane, false));
    }
    if (carriesContent(chunk, opened)) {
      const content: Synthesized = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: stream.id, delta: chunk.delta ?? "" };
      next(withOrigin(content, chunk, chunk.subagentRunId ?? stream.owner, true));
    }
  }

  function expandTool(chunk: AGUIEventOf<EventType.TOOL_CALL_CHUNK>): void {
    const lane = resolveLane("tool", chunk.toolCallId, chunk.subagentRunId);
    const open = lanes.get(lane);
    let stream: PendingStream & { kind: "tool" };
    let opened = false;
    if (open?.kind === "tool" && (chunk.toolCallId === undefined || chunk.toolCallId === open.id)) {
      if (chunk.toolCallName !== undefined && chunk.toolCallName !== open.toolCallName) {
        conflict("tool", open.id, "toolCallName", chunk.toolCallName, open.toolCallName);
      }
      if (chunk.parentMessageId !== undefined && chunk.parentMessageId !== open.parentMessageId) {
        conflict("tool", open.id, "parentMessageId", chunk.parentMessageId, open.parentMessageId);
      }
      stream = open;
    } else {
      if (open !== undefined) closeLane(lane);
      if (chunk.toolCallId === undefined) missing("tool", "toolCallId");
      if (chunk.toolCallName === undefined) missing("tool", "toolCallName");
      stream = {
        kind: "tool",
        id: chunk.toolCallId,
        owner: lane,
        toolCallName: chunk.toolCallName,
        parentMessageId: chunk.parentMessageId,
      };
      lanes.set(lane, stream);
      const start: AGUIEventOf<EventType.TOOL_CALL_START> = {
        type: EventType.TOOL_CALL_START,
        toolCallId: stream.id,
        toolCallName: stream.toolCallName,
      };
      if (chunk.parentMessageId !== undefined) start.parentMessageId = chunk.parentMessageId;
      opened = true;
      next(withOrigin(start, chunk, lane, false));
    }
    if (carriesContent(chunk, opened)) {
      const args: Synthesized = { type: EventType.TOOL_CALL_ARGS, toolCallId: stream.id, delta: chunk.delta ?? "" };
      next(withOrigin(args, chunk, chunk.subagentRunId ?? stream.owner, true));
    }
  }

  function expandReasoning(chunk: AGUIEventOf<EventType.REASONING_MESSAGE_CHUNK>): void {
    const lane = resolveLane("reasoning", chunk.messageId, chunk.subagentRunId);
    const open = lanes.get(lane);
    let stream: PendingStream;
    let opened = false;
    if (open?.kind === "reasoning" && (chunk.messageId === undefined || chunk.messageId === open.id)) {
      stream = open;
    } else {
      if (open !== undefined) closeLane(lane);
      if (chunk.messageId === undefined) missing("reasoning", "messageId");
      stream = { kind: "reasoning", id: chunk.messageId, owner: lane };
      lanes.set(lane, stream);
      opened = true;
      const start: Synthesized = { type: EventType.REASONING_MESSAGE_START, messageId: stream.id, role: "reasoning" };
      next(withOrigin(start, chunk, lane, false));
    }
    if (carriesContent(chunk, opened)) {
      const content: Synthesized = { type: EventType.REASONING_MESSAGE_CONTENT, messageId: stream.id, delta: chunk.delta ?? "" };
      next(withOrigin(content, chunk, chunk.subagentRunId ?? stream.owner, true));
    }
  }

  return {
    push(event) {
      switch (event.type) {
        case EventType.TEXT_MESSAGE_START:
        case EventType.TEXT_MESSAGE_CONTENT:
        case EventType.TEXT_MESSAGE_END:
        case EventType.TOOL_CALL_START:
        case EventType.TOOL_CALL_ARGS:
        case EventType.TOOL_CALL_END:
        case EventType.TOOL_CALL_RESULT:
        case EventType.STATE_SNAPSHOT:
        case EventType.STATE_DELTA:
        case EventType.CUSTOM:
        case EventType.STEP_STARTED:
        case EventType.STEP_FINISHED:
        case EventType.REASONING_START:
        case EventType.REASONING_MESSAGE_START:
        case EventType.REASONING_MESSAGE_CONTENT:
        case EventType.REASONING_MESSAGE_END:
        case EventType.REASONING_END:
          // An explicit event in a lane ends that lane's shorthand (an explicit event naming the
          // id being assembled is not a continuation of it).
          if (lanes.size !== 0) closeLane(event.subagentRunId);
          next(event);
          return;
        case EventType.RUN_STARTED:
        case EventType.RUN_FINISHED:
        case EventType.RUN_ERROR:
        case EventType.MESSAGES_SNAPSHOT:
          closeAllLanes();
          next(event);
          return;
        case EventType.SUBAGENT_FINISHED:
        case EventType.SUBAGENT_ERROR:
          // A chunk stream never outlives its owner.
          if (lanes.size !== 0) closeLane(event.subagentRunId);
          next(event);
          return;
        case EventType.RAW:
        case EventType.ACTIVITY_SNAPSHOT:
        case EventType.ACTIVITY_DELTA:
        case EventType.REASONING_ENCRYPTED_VALUE:
        case EventType.SUBAGENT_STARTED:
          next(event);
          return;
        case EventType.TEXT_MESSAGE_CHUNK:
          expandText(event);
          return;
        case EventType.TOOL_CALL_CHUNK:
          expandTool(event);
          return;
        case EventType.REASONING_MESSAGE_CHUNK:
          expandReasoning(event);
          return;
        default: {
          const unreachable: never = event;
          throw new Error(`unhandled event ${(unreachable as { type: string }).type}`);
        }
      }
    },
    end() {
      closeAllLanes();
    },
  };
}

/** The events chunk expansion synthesizes. */
type Synthesized = AGUIEventOf<
  | EventType.TEXT_MESSAGE_START
  | EventType.TEXT_MESSAGE_CONTENT
  | EventType.TOOL_CALL_START
  | EventType.TOOL_CALL_ARGS
  | EventType.REASONING_MESSAGE_START
  | EventType.REASONING_MESSAGE_CONTENT
>;

type Chunk =
  | AGUIEventOf<EventType.TEXT_MESSAGE_CHUNK>
  | AGUIEventOf<EventType.TOOL_CALL_CHUNK>
  | AGUIEventOf<EventType.REASONING_MESSAGE_CHUNK>;

/**
 * A chunk yields a CONTENT/ARGS when it has a delta or a rawEvent, and also when it is a
 * continuation carrying only metadata (a final chunk reporting usage): that metadata must
 * still reach the item.
 */
function carriesContent(chunk: Chunk, opened: boolean): boolean {
  return chunk.delta !== undefined || chunk.rawEvent !== undefined || (!opened && chunk.metadata !== undefined);
}

/**
 * A chunk's metadata applies to every event synthesized from it; its rawEvent rides on the
 * content event. Its timestamp does not travel: the synthesized events are not the chunk.
 */
function withOrigin(event: Synthesized, chunk: Chunk, owner: string | undefined, isContent: boolean): AGUIEvent {
  if (owner !== undefined) event.subagentRunId = owner;
  if (chunk.metadata !== undefined) event.metadata = chunk.metadata;
  if (isContent && chunk.rawEvent !== undefined) event.rawEvent = chunk.rawEvent;
  return event;
}
