import { DEV } from "esm-env";
import type { AGUIEventOf, EventType } from "@ag-ui/core";
import type { Operation } from "fast-json-patch";
import { describeValue } from "../describe-value.js";
import { applyJsonPatch, describePatchError } from "../json/json-patch.js";
import { copyJson } from "../json/json-value.js";
import { ActivityMessageNodeImpl } from "../model/messages/message-nodes.js";
import type { ThreadImpl } from "../model/thread.js";
import { activityPatched, activitySnapshotted } from "./activity-components.js";
import { FoldError } from "./errors.js";
import { refuseForbiddenPaths } from "./patch-paths.js";
import { appendNode, replaceNode } from "../model/streamed-nodes.js";
import { mergeNodeMetadata } from "../model/messages/event-metadata.js";

/**
 * ACTIVITY_SNAPSHOT creates or (with `replace`, the default) replaces an activity message's
 * content; `replace: false` keeps existing content. ACTIVITY_DELTA patches the content with
 * structural sharing; a missing target is tolerated silently, as the reference does.
 */
export function foldActivitySnapshot(thread: ThreadImpl, event: AGUIEventOf<EventType.ACTIVITY_SNAPSHOT>): void {
  const existing = thread.node(event.messageId);
  const replace = event.replace ?? true;
  if (existing?.role === "activity") {
    if (replace) {
      const before = existing.content.peek();
      existing.activityType.value = event.activityType;
      existing.content.value = copyJson(event.content);
      // A replacing snapshot re-mints the activity, attribution included.
      const owner = existing.peekSubagentRunId();
      existing.setSubagentRunId(event.subagentRunId);
      thread.lanes.messageMoved(existing, owner, thread.list.peek());
      activitySnapshotted(thread, existing, before);
    }
    mergeNodeMetadata(existing, event.metadata);
    return;
  }
  if (existing !== undefined && !replace) return;
  const created = new ActivityMessageNodeImpl(event.messageId, event.activityType, copyJson(event.content));
  created.setSubagentRunId(event.subagentRunId);
  mergeNodeMetadata(created, event.metadata);
  if (existing === undefined) appendNode(thread, created);
  else replaceNode(thread, existing, created);
  activitySnapshotted(thread, created, undefined);
}

export function foldActivityDelta(thread: ThreadImpl, event: AGUIEventOf<EventType.ACTIVITY_DELTA>): void {
  const patch: unknown = event.patch ?? [];
  if (!Array.isArray(patch)) {
    throw new FoldError(
      "MALFORMED_PAYLOAD",
      DEV ? `ACTIVITY_DELTA: \`patch\` must be an array of JSON Patch operations, got ${describeValue(patch)}.` : "",
      event.type,
    );
  }
  refuseForbiddenPaths(patch, event.type);
  const existing = thread.node(event.messageId);
  if (existing === undefined) return;
  if (existing.role !== "activity") {
    thread.warn({
      code: "NOT_AN_ACTIVITY",
      message: DEV ? `ACTIVITY_DELTA: Message '${event.messageId}' is not an activity message; the patch was dropped.` : "",
      event,
    });
    return;
  }
  // Metadata does not depend on the patch applying (as the reference).
  mergeNodeMetadata(existing, event.metadata);
  const before = existing.content.peek();
  const outcome = applyJsonPatch(before, patch as Operation[]);
  if (!outcome.ok) {
    thread.warn({
      code: "ACTIVITY_PATCH_FAILED",
      message: DEV ? `Failed to apply activity patch for '${event.messageId}' (content kept): ${describePatchError(outcome.error)}` : "",
      event,
    });
    return;
  }
  existing.content.value = outcome.value as Readonly<Record<string, unknown>>;
  existing.activityType.value = event.activityType;
  activityPatched(thread, existing, patch as Operation[], before);
}
