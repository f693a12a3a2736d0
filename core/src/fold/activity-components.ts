import type { Operation } from "fast-json-patch";
import type { ActivityComponentImpl } from "../model/components/node.js";
import { PropStatusTracker, propsMoved } from "../model/components/prop-status.js";
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
  streamed(thread, node.component, keys);
}

/** A delta patched the content. */
export function activityPatched(thread: ThreadImpl, node: ActivityMessageNodeImpl, patch: readonly Operation[], before: ComponentProps): void {
  streamed(thread, node.component, topLevelKeys(patch, before, node.content.peek()));
}

/**
 * The content was written, touching `keys`. While a run streams it, a settled activity opens again
 * (its props all `complete`, no error); it stays open, and its props move, until the run ends.
 */
function streamed(thread: ThreadImpl, component: ActivityComponentImpl, keys: ReadonlySet<string>): void {
  if (thread.status.peek() === "running" && !component.isOpen) {
    (component.tracker ??= new PropStatusTracker(component.statusRecord, [])).settle(component.props.peek());
    component.streaming.value = "streaming";
    component.error.value = undefined;
  }
  propsMoved(component, keys, component.props.peek());
  if (component.isOpen) thread.genui.open.add(component);
}
