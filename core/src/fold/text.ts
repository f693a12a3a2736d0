import { DEV } from "esm-env";
import type { AGUIEventOf, EventType } from "@ag-ui/core";
import {
  AssistantMessageNodeImpl,
  PlainMessageNodeImpl,
  type TextBearingNodeImpl,
} from "../model/messages/message-nodes.js";
import { HAS_TEXT_PART, TEXT_DELTA_LOG } from "../model/messages/node-base.js";
import type { ThreadImpl } from "../model/thread.js";
import { bookkeepingOf } from "./run-bookkeeping.js";
import { appendNode } from "../model/streamed-nodes.js";
import { mergeNodeMetadata } from "../model/messages/event-metadata.js";
import { appendContent, setStreaming } from "../model/messages/streamed-writes.js";

/**
 * TEXT_MESSAGE_* and REASONING_MESSAGE_*: both open a message (or reuse one with the same id),
 * append deltas to its content, and close it. CONTENT is the hottest event there is: one map
 * lookup, one string append, one signal write.
 */

type Start = AGUIEventOf<EventType.TEXT_MESSAGE_START> | AGUIEventOf<EventType.REASONING_MESSAGE_START>;
type Content = AGUIEventOf<EventType.TEXT_MESSAGE_CONTENT> | AGUIEventOf<EventType.REASONING_MESSAGE_CONTENT>;
type End = AGUIEventOf<EventType.TEXT_MESSAGE_END> | AGUIEventOf<EventType.REASONING_MESSAGE_END>;

export function foldMessageStart(thread: ThreadImpl, event: Start): void {
  const existing = thread.node(event.messageId);
  if (existing?.role === "activity") {
    activityCollision(thread, event);
    return;
  }
  const book = bookkeepingOf(thread);
  let target: TextBearingNodeImpl | undefined = existing;
  if (book.openedFirstInRun(event.messageId) && target !== undefined) {
    // Reopening inside one run appends, as the reference does. A message of an earlier run (or of
    // the history) reopened by a later one is an agent reusing an id: still appended, but said.
    thread.warn({
      code: "MESSAGE_ID_REUSED",
      message:
        DEV ? `${event.type}: message '${event.messageId}' belongs to an earlier run; this run's text is appended to it ` +
        "where it stands in the thread (message ids must be unique across runs)" : "",
      event,
    });
  }
  if (target === undefined) {
    const role = event.type === "REASONING_MESSAGE_START" ? "reasoning" : (event.role ?? "assistant");
    const created =
      role === "assistant"
        ? new AssistantMessageNodeImpl(event.messageId, "")
        : new PlainMessageNodeImpl(event.messageId, role, "");
    if (event.type === "TEXT_MESSAGE_START" && event.name !== undefined) created.setName(event.name);
    target = created;
    target.setSubagentRunId(event.subagentRunId);
    appendNode(thread, target);
  }
  // A message reopened after its END keeps everything and receives more text (the reference appends).
  mergeNodeMetadata(target, event.metadata);
  setStreaming(target, true);
  book.opened(target);
}

export function foldMessageContent(thread: ThreadImpl, event: Content): void {
  const target = thread.node(event.messageId);
  if (target === undefined) {
    thread.warn({
      code: "UNKNOWN_MESSAGE",
      message: DEV ? `${event.type}: No message found with ID '${event.messageId}'; the delta was dropped.` : "",
      event,
    });
    return;
  }
  if (target.role === "activity") {
    activityCollision(thread, event);
    return;
  }
  appendText(target, event.delta);
  if (event.metadata !== undefined) mergeNodeMetadata(target, event.metadata);
}

export function foldMessageEnd(thread: ThreadImpl, event: End): void {
  const target = thread.node(event.messageId);
  if (target === undefined) {
    thread.warn({ code: "UNKNOWN_MESSAGE", message: DEV ? `${event.type}: No message found with ID '${event.messageId}'.` : "", event });
    return;
  }
  if (target.role === "activity") {
    activityCollision(thread, event);
    return;
  }
  mergeNodeMetadata(target, event.metadata);
  setStreaming(target, false);
  bookkeepingOf(thread).closed(target);
}

/**
 * One string append to the content, O(delta). A text subscriber hears it at once (no signal yet),
 * or, once the content has a signal, from the node's delta log (`TextLog`, node-base.ts); content
 * parts (a multimodal message) become plain text, which is a replacement, not an append. An
 * assistant message's text part joins its parts where text first arrives.
 */
function appendText(node: TextBearingNodeImpl, delta: string): void {
  // Read before the write: a log made while the write is told (a waiter woken onto the signal
  // then) starts after it, which that waiter was shown when woken.
  const log = node.textLog;
  const before = appendContent(node, delta);
  // The log is read by the subscribers the signal notifies, which run once the fold's batch ends.
  if (log !== undefined) {
    const writes = ++log.writes;
    if (before !== undefined && typeof before !== "string") log.replacedAt = writes;
    (log.deltas ??= new Array<string>(TEXT_DELTA_LOG))[writes % TEXT_DELTA_LOG] = delta;
  }
  if (node.role === "assistant") ensureTextPart(node);
}

/**
 * The text part joins an assistant message's parts where text first arrived (before or after
 * tool calls). The fold's alone: a message given whole has its parts from `assign`.
 */
function ensureTextPart(node: AssistantMessageNodeImpl): void {
  // A flag, not parts.includes(): this runs on every text delta.
  if ((node.flags & HAS_TEXT_PART) !== 0) return;
  const parts = node.partsSlot === undefined ? undefined : node.peekParts();
  node.flags |= HAS_TEXT_PART;
  // No parts yet: the flag alone says "the text part".
  if (parts !== undefined) node.setParts(Object.freeze([...parts, node.textPart]));
}

function activityCollision(thread: ThreadImpl, event: Start | Content | End): void {
  thread.warn({
    code: "ACTIVITY_ID_COLLISION",
    message:
      DEV ? `${event.type}: Message '${event.messageId}' is an activity message — message ids must be unique ` +
      `across activity and text messages; the event was dropped.` : "",
    event,
  });
}
