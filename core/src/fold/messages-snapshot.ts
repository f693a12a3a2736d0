import { DEV } from "esm-env";
import type { AGUIEventOf, EventType, Message } from "@ag-ui/core";
import { canAssign, nodeFromMessage, type MessageNodeImpl } from "../model/messages/message-nodes.js";
import type { ThreadImpl } from "../model/thread.js";
import { messageListProblem } from "../protocol/message-list.js";
import { FoldError } from "./errors.js";

/**
 * MESSAGES_SNAPSHOT reconciles by id, in one batch (spec: events/state):
 * - a held message the snapshot carries is updated in place through its signals (same node), or
 *   swapped for a new node when its role (or a tool message's call) changed;
 * - a held message it omits is dropped, except client-only activity and reasoning: a role the
 *   snapshot carries no message of is not the snapshot's to delete (all-or-nothing per role), and
 *   `metadata["@ag-ui/client"].authoritativeActivityTypes` narrows that for activity types;
 * - messages it carries that are not held are appended in snapshot order. Held messages keep their
 *   order (the reference does the same; upstream issue #2707).
 */
export function foldMessagesSnapshot(thread: ThreadImpl, event: AGUIEventOf<EventType.MESSAGES_SNAPSHOT>): void {
  const messages = checkMessages(event.messages);
  const byId = new Map<string, Message>();
  for (const message of messages) {
    if (byId.has(message.id)) {
      thread.warn({
        code: "DUPLICATE_MESSAGE_ID",
        message: DEV ? `MESSAGES_SNAPSHOT: message id '${message.id}' appears twice; the last copy is used.` : "",
        event,
      });
    }
    byId.set(message.id, message);
  }
  const owned = authoritativeActivityTypes(event.metadata);
  const hasActivity = messages.some((m) => m.role === "activity");
  const hasReasoning = messages.some((m) => m.role === "reasoning");
  const preserved = (node: MessageNodeImpl): boolean =>
    (node.role === "activity" &&
      (owned ? !owned.includes(node.activityType.peek()) : owned !== null && !hasActivity)) ||
    (node.role === "reasoning" && !hasReasoning);

  const next: MessageNodeImpl[] = [];
  const kept = new Set<string>();
  for (const node of thread.list.peek()) {
    const incoming = byId.get(node.id);
    if (incoming === undefined) {
      if (preserved(node)) next.push(node);
      continue;
    }
    if (canAssign(node, incoming)) {
      node.assign(incoming);
      next.push(node);
    } else {
      next.push(nodeFromMessage(incoming));
    }
    kept.add(node.id);
  }
  // Map order is first appearance, so unseen messages join in snapshot order.
  for (const message of byId.values()) {
    if (!kept.has(message.id)) next.push(nodeFromMessage(message));
  }
  thread.setList(next);
}

function checkMessages(messages: unknown): readonly Message[] {
  const problem = messageListProblem(messages);
  if (problem !== undefined) {
    throw new FoldError("MALFORMED_PAYLOAD", DEV ? `MESSAGES_SNAPSHOT: ${problem}; the messages were kept.` : "", "MESSAGES_SNAPSHOT");
  }
  return messages as readonly Message[];
}

/**
 * `undefined`: no declaration (infer from the snapshot's content); `null`: the snapshot owns every
 * activity type; an array: it owns those types. A malformed declaration owns none.
 */
function authoritativeActivityTypes(metadata: Record<string, unknown> | undefined): readonly string[] | null | undefined {
  if (metadata === undefined || !Object.hasOwn(metadata, "@ag-ui/client")) return undefined;
  const scope = metadata["@ag-ui/client"];
  if (scope === null || typeof scope !== "object" || Array.isArray(scope)) return [];
  if (!Object.hasOwn(scope, "authoritativeActivityTypes")) return undefined;
  const types = (scope as Record<string, unknown>).authoritativeActivityTypes;
  if (types === null) return null;
  return Array.isArray(types) && types.every((t) => typeof t === "string") ? (types as string[]) : [];
}
