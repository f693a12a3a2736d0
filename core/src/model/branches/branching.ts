import type { MessageNodeImpl } from "../messages/message-nodes.js";
import type { TreeHost, TreeRecord } from "./message-tree.js";
import type { Branches, MessageNode } from "../types.js";

/**
 * What the thread and the chat ask of the conversation's history. Keeping every edit and
 * regeneration as a branch is a plug-in (`branching: messageBranches()`, the `MessageTree`); a
 * thread without it holds `linearHistory`, and the app ships none of the tree.
 */
export interface ThreadBranches {
  /** The alternatives at a message of the active path; undefined off the path. Reactive. */
  branches(messageId: string, node: MessageNodeImpl | undefined): Branches | undefined;
  /** How many alternatives are held beyond the active path (for the thread index). */
  readonly alternativeCount: number;
  /** An edit or a regeneration from `position`: the path is cut there. Returns whether it was. */
  branchAt(position: number): boolean;
  /** Makes alternative `index` of the fork at `messageId` active; false when there is none. */
  switchTo(messageId: string, index: number): boolean;
  /** A run ended on the path's last message. */
  runEnded(runId: string): void;
  /** The `parentRunId` of a run branching at `position`. */
  parentRunIdAt(position: number): string | undefined;
  /** Forgets every branch (a clear, `setMessages`, another thread loaded). */
  reset(): void;
  /** What is stored beside the messages; undefined for nothing. */
  record(): TreeRecord | undefined;
  /**
   * Puts back what `record()` stored (a no-op on `linearHistory`, which keeps no branches:
   * `restoreBranches`, restore-branches.ts, warns about them instead).
   */
  restore(value: unknown): void;
}

/** The `branching` option of `createThread` and `new ChatClient`: made by `messageBranches()`. */
export interface BranchingPlugin {
  /** Opens one thread's history; called once, when it is first needed. */
  readonly open: (host: TreeHost) => ThreadBranches;
}

/**
 * A thread without the branching plug-in keeps one path, as before branches existed: an edit or a
 * regeneration replaces what followed (the old answer is gone, and the run names no
 * `parentRunId`, there being no branch to grow from); every message has one alternative and
 * `switchBranch` has nothing to switch to. A stored thread that carries branches loads its active
 * path, and the others are warned about (`restoreBranches`): the next save drops them.
 */
export function linearHistory(host: TreeHost): ThreadBranches {
  const single = new WeakMap<MessageNodeImpl, Branches>();
  return {
    branches(_messageId, node) {
      if (node === undefined) return undefined;
      let view = single.get(node);
      if (view === undefined) single.set(node, (view = Object.freeze({ count: 1, index: 0, alternatives: Object.freeze([node as MessageNode]) })));
      return view;
    },
    alternativeCount: 0,
    branchAt(position) {
      if (position < 0 || position >= host.list.peek().length) return false;
      host.replaceTail(position, []);
      return true;
    },
    switchTo: () => false,
    runEnded() {},
    parentRunIdAt: () => undefined,
    reset() {},
    record: () => undefined,
    restore() {},
  };
}
