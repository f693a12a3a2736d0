import { DEV } from "esm-env";
import type { AGUIEventOf, EventType } from "@ag-ui/core";
import { ownJson } from "../json/json-value.js";
import { AssistantMessageNodeImpl, ToolMessageNodeImpl } from "../model/messages/message-nodes.js";
import { addToolResult } from "../model/tool-calls/tool-result-place.js";
import type { ThreadImpl } from "../model/thread.js";
import type { ToolCallNodeImpl } from "../model/tool-calls/tool-call-node.js";
import { mergeEventMetadata, mergeNodeMetadata } from "../model/messages/event-metadata.js";
import type { MessageContent, ToolCallPart } from "../model/types.js";
import { bookkeepingOf } from "./run-bookkeeping.js";
import { appendToolArgs, endToolArgs, reopenToolCall, streamingToolCall } from "./tool-call-stream.js";
import { appendNode } from "../model/streamed-nodes.js";

/**
 * TOOL_CALL_START attaches the call to its parent assistant message, creating one when there is
 * none; ARGS appends to that call only; RESULT inserts the tool message right after its owner (and
 * after the owner's earlier results), not at the end of the thread.
 */

export function foldToolCallStart(thread: ThreadImpl, event: AGUIEventOf<EventType.TOOL_CALL_START>): void {
  const { toolCallId, toolCallName } = event;
  const book = bookkeepingOf(thread);
  book.callStarted(toolCallId);
  const existing = thread.call(toolCallId);
  if (existing !== undefined) {
    // Idempotent, as the reference: a replayed start renames at most, and keeps the streamed args.
    if (existing.name.peek() !== toolCallName) {
      thread.warn({
        code: "TOOL_CALL_RENAMED",
        message: DEV ? `TOOL_CALL_START: tool call '${toolCallId}' already exists with name '${existing.name.peek()}' — updating it to '${toolCallName}'.` : "",
        event,
      });
      existing.name.value = toolCallName;
    }
    mergeEventMetadata(existing.metadata, event.metadata);
    reopenToolCall(existing, thread.parsers);
    book.opened(existing);
    return;
  }
  const owner = resolveOwner(thread, event);
  if (owner === undefined) return;
  const call = streamingToolCall(toolCallId, owner.id, toolCallName, thread.parsers);
  mergeEventMetadata(call.metadata, event.metadata);
  addToolCallPart(owner, call);
  thread.registerToolCall(call);
  book.opened(call);
}

/**
 * The reference's order: an existing assistant `parentMessageId`; else a new assistant message
 * keyed by `parentMessageId` when no message has that id, or by `toolCallId` otherwise.
 */
function resolveOwner(
  thread: ThreadImpl,
  event: AGUIEventOf<EventType.TOOL_CALL_START>,
): AssistantMessageNodeImpl | undefined {
  const { parentMessageId, toolCallId } = event;
  let ownerId = toolCallId;
  if (parentMessageId) {
    const parent = thread.node(parentMessageId);
    if (parent?.role === "assistant") return parent;
    if (parent !== undefined) {
      thread.warn({
        code: "PARENT_NOT_ASSISTANT",
        message: DEV ? `TOOL_CALL_START: parentMessageId '${parentMessageId}' matches a '${parent.role}' message, not assistant — falling back to toolCallId.` : "",
        event,
      });
    } else {
      ownerId = parentMessageId;
    }
  }
  const clash = thread.node(ownerId);
  if (clash?.role === "assistant") return clash;
  if (clash !== undefined) {
    // The reference would add a second message with this id; ids must stay unique here.
    thread.warn({
      code: "MESSAGE_ID_COLLISION",
      message: DEV ? `TOOL_CALL_START: tool call '${toolCallId}' needs a new assistant message '${ownerId}', but a '${clash.role}' message has that id; the call was dropped.` : "",
      event,
    });
    return undefined;
  }
  const created = new AssistantMessageNodeImpl(ownerId, undefined);
  created.hasToolCallsKey = true;
  created.setSubagentRunId(event.subagentRunId);
  appendNode(thread, created);
  return created;
}

export function foldToolCallArgs(thread: ThreadImpl, event: AGUIEventOf<EventType.TOOL_CALL_ARGS>): void {
  const call = knownCall(thread, event);
  if (call === undefined) return;
  appendToolArgs(call, event.delta);
  if (event.metadata !== undefined) mergeEventMetadata(call.metadata, event.metadata);
}

export function foldToolCallEnd(thread: ThreadImpl, event: AGUIEventOf<EventType.TOOL_CALL_END>): void {
  const call = knownCall(thread, event);
  if (call === undefined) return;
  mergeEventMetadata(call.metadata, event.metadata);
  endToolArgs(call);
  bookkeepingOf(thread).closed(call);
}

export function foldToolCallResult(thread: ThreadImpl, event: AGUIEventOf<EventType.TOOL_CALL_RESULT>): void {
  const { messageId, toolCallId } = event;
  if (thread.node(messageId) !== undefined) {
    // The reference appends a second message with the same id; bindings key lists by id.
    thread.warn({
      code: "DUPLICATE_MESSAGE_ID",
      message: DEV ? `TOOL_CALL_RESULT: a message with id '${messageId}' already exists; the result was dropped.` : "",
      event,
    });
    return;
  }
  bookkeepingOf(thread).callAnswered(toolCallId);
  const result = new ToolMessageNodeImpl(messageId, toolCallId, ownJson(event.content as MessageContent));
  result.setSubagentRunId(event.subagentRunId);
  mergeNodeMetadata(result, event.metadata);
  if (!addToolResult(thread, result)) {
    thread.warn({
      code: "UNKNOWN_TOOL_CALL",
      message: DEV ? `TOOL_CALL_RESULT: no tool call with ID '${toolCallId}'; the result message '${messageId}' was appended at the end.` : "",
      event,
    });
  }
}

/** The call an ARGS or END names, or a warning. */
function knownCall(
  thread: ThreadImpl,
  event: AGUIEventOf<EventType.TOOL_CALL_ARGS> | AGUIEventOf<EventType.TOOL_CALL_END>,
): ToolCallNodeImpl | undefined {
  const call = thread.call(event.toolCallId);
  if (call === undefined) {
    thread.warn({
      code: "UNKNOWN_TOOL_CALL",
      message: DEV ? `${event.type}: No message found containing tool call with ID '${event.toolCallId}'.` : "",
      event,
    });
  }
  return call;
}

/** A streamed call joins its assistant message's parts, last. */
function addToolCallPart(owner: AssistantMessageNodeImpl, call: ToolCallNodeImpl): void {
  owner.hasToolCallsKey = true;
  const part: ToolCallPart = Object.freeze({ type: "tool-call", toolCall: call });
  owner.setParts(Object.freeze([...owner.peekParts(), part]));
}
