import { DEV } from "esm-env";
import { signal, type ReadonlySignal } from "@preact/signals-core";
import type { AGUIEventOf, EventType } from "@ag-ui/core";
import type { WarningHandler } from "../../errors.js";
import type { MessageNodeImpl } from "../messages/message-nodes.js";
import type { SubagentLane, SubagentSnapshot } from "../types.js";

/**
 * What the thread and the fold ask of the subagent lanes. The lanes are a plug-in
 * (`subagents: subagentLanes()`), so a thread holds only this shape: without the plug-in it is
 * `untrackedLanes`, and the app ships none of the lane bookkeeping.
 */
export interface ThreadLanes {
  readonly roots: ReadonlySignal<readonly SubagentLane[]>;
  lane(id: string): SubagentLane | undefined;
  spawnedBy(toolCallId: string): ReadonlySignal<readonly SubagentLane[]>;
  started(event: AGUIEventOf<EventType.SUBAGENT_STARTED>): void;
  finished(event: AGUIEventOf<EventType.SUBAGENT_FINISHED>): void;
  failed(event: AGUIEventOf<EventType.SUBAGENT_ERROR>): void;
  /** An event whose `subagentRunId` names the lane it belongs to. */
  attributed(id: string, event: unknown): void;
  cutOff(): void;
  reset(): void;
  messageAdded(node: MessageNodeImpl): void;
  messageRemoved(node: MessageNodeImpl): void;
  messageMoved(node: MessageNodeImpl, from: string | undefined, thread: readonly MessageNodeImpl[]): void;
  resort(node: MessageNodeImpl, thread: readonly MessageNodeImpl[]): void;
  rebuild(thread: readonly MessageNodeImpl[]): void;
  snapshot(): SubagentSnapshot[];
}

/** The `subagents` option of `createThread` and `new ChatClient`: made by `subagentLanes()`. */
export interface SubagentLanesPlugin {
  /** Opens one thread's lanes; called once, when the thread is made. */
  readonly open: (warn: WarningHandler) => ThreadLanes;
}

const NONE: ReadonlySignal<readonly SubagentLane[]> = signal(Object.freeze([]));

/**
 * A thread without the lanes plug-in. Subagent messages fold into the main list with their
 * `subagentRunId`, as any message; `subagents` and `subagentsOf` stay empty and `subagent(id)` is
 * undefined. The first subagent event (or attributed message) a thread meets is warned about once,
 * `SUBAGENT_LANES_MISSING`, naming the plug-in; nothing is dropped and nothing throws.
 */
export function untrackedLanes(warn: WarningHandler): ThreadLanes {
  let warned = false;
  const noticed = (event: unknown): void => {
    if (warned) return;
    warned = true;
    const type = (event as { type?: unknown } | null | undefined)?.type;
    const message = DEV ? `${typeof type === "string" ? type : "A message"} belongs to a subagent, but this thread tracks no subagent lanes: its messages fold into the main list. Give the chat (or createThread) \`subagents: subagentLanes()\` to follow them as lanes.` : "";
    warn(event === undefined ? { code: "SUBAGENT_LANES_MISSING", message } : { code: "SUBAGENT_LANES_MISSING", message, event });
  };
  return {
    roots: NONE,
    lane: () => undefined,
    spawnedBy: () => NONE,
    started: noticed,
    finished: noticed,
    failed: noticed,
    attributed: (_id, event) => noticed(event),
    cutOff() {},
    reset() {},
    messageAdded(node) {
      if (node.peekSubagentRunId() !== undefined) noticed(undefined);
    },
    messageRemoved() {},
    messageMoved() {},
    resort() {},
    rebuild() {},
    snapshot: () => [],
  };
}
