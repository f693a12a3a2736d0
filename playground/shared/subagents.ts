// Subagent lanes in the message view: a lane's messages show inside its tool call's lane, so the
// main list leaves them out (they stay in the thread: they are sent back to the agent).
import type { MessageNode, SubagentStatus } from "@threadline/core";

/** The messages the parent agent wrote (and the user's): those no subagent produced. */
export function topLevelMessages(messages: readonly MessageNode[]): readonly MessageNode[] {
  // A message's subagentRunId comes with its first event and never changes, so peek is enough;
  // the list itself is what the caller's reactivity follows.
  const own = messages.filter((message) => message.subagentRunId.peek() === undefined);
  return own.length === messages.length ? messages : own;
}

/** Human words for a lane's status, in the lane's summary. */
export const SUBAGENT_STATUS_LABEL: Readonly<Record<SubagentStatus, string>> = {
  running: "running",
  succeeded: "succeeded",
  interrupted: "interrupted",
  failed: "failed",
  unknown: "status unknown",
};
