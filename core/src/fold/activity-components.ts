import type { Operation } from "fast-json-patch";
import { topLevelKeys } from "../model/components/touched-props.js";
import type { ComponentProps } from "../model/components/types.js";
import type { ActivityMessageNodeImpl } from "../model/messages/message-nodes.js";
import type { ThreadImpl } from "../model/thread.js";

/**
 * An activity message is also a generative-UI component (its `component`): these keep that
 * component's streaming and per-prop status in step with ACTIVITY_SNAPSHOT / ACTIVITY_DELTA,
 * after the fold wrote the content. Cost: the keys the event touched.
 */

/** A snapshot replaced the content (`before` is the old content; undefined for a new message). */
export function activitySnapshotted(thread: ThreadImpl, node: ActivityMessageNodeImpl, before: ComponentProps | undefined): void {
  const keys = new Set(Object.keys(node.content.peek()));
  if (before !== undefined) for (const key of Object.keys(before)) keys.add(key);
  thread.genui.activityStreamed(node.component, keys);
}

/** A delta patched the content. */
export function activityPatched(thread: ThreadImpl, node: ActivityMessageNodeImpl, patch: readonly Operation[], before: ComponentProps): void {
  thread.genui.activityStreamed(node.component, topLevelKeys(patch, before, node.content.peek()));
}
