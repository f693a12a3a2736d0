import { DEV } from "esm-env";
import type { ThreadImpl } from "../thread.js";
import type { TreeRecord } from "./message-tree.js";

/**
 * A stored thread's branches (`record()`'s value) put back into the thread's history. A history
 * without the branching plug-in (`linearHistory`) keeps the active path the messages already are
 * and warns once per load that the other branches are not shown and go with the next save
 * (`STORED_BRANCHES_IGNORED`). Only chat persistence reads branches back, so this is loaded with
 * it rather than with every thread.
 */
export function restoreBranches(thread: ThreadImpl, value: unknown): void {
  if (thread.keepsBranches) return thread.tree.restore(value);
  const forks = (value as Partial<TreeRecord> | null | undefined)?.forks;
  if (!Array.isArray(forks) || forks.length === 0) return;
  thread.warn({
    code: "STORED_BRANCHES_IGNORED",
    message: DEV ? `The stored thread keeps ${forks.length} fork${forks.length === 1 ? "" : "s"} of alternative branches, but this thread has no branching plug-in: only the active path is shown, and the next save drops the others. Give the chat \`branching: messageBranches()\` to keep them.` : "",
  });
}
