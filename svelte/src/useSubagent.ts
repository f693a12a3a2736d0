import type { MessageNode, SubagentLane, SubagentStatus } from "@threadline/core";
import type { SubagentFailure } from "@threadline/core/model";
import type { Readable } from "svelte/store";
import { storeOf } from "./signal-store.js";

/** One subagent lane's fields as stores; each changes only when its own signal does. */
export interface SubagentStores {
  readonly name: Readable<string | undefined>;
  readonly description: Readable<string | undefined>;
  readonly status: Readable<SubagentStatus>;
  readonly error: Readable<SubagentFailure | undefined>;
  readonly result: Readable<unknown>;
  readonly parentToolCallId: Readable<string | undefined>;
  /** The lane's messages; a new array only when one is added or removed, never per token. */
  readonly messages: Readable<readonly MessageNode[]>;
  /** The lanes started inside this one. */
  readonly lanes: Readable<readonly SubagentLane[]>;
}

const lanes = new WeakMap<SubagentLane, SubagentStores>();

/**
 * One subagent lane (`thread.subagents`, `subagentsOf(toolCallId)`, a lane's `lanes`) as stores:
 * `name`, `description`, `status` (running / succeeded / interrupted / failed / unknown), `error`,
 * `result`, `parentToolCallId`, `messages` and the nested `lanes`. The same lane always gives the
 * same stores; a token streamed into one of its messages changes none of them.
 */
export function useSubagent(lane: SubagentLane): SubagentStores {
  let stores = lanes.get(lane);
  if (stores === undefined) {
    stores = {
      name: storeOf(lane.name),
      description: storeOf(lane.description),
      status: storeOf(lane.status),
      error: storeOf(lane.error),
      result: storeOf(lane.result),
      parentToolCallId: storeOf(lane.parentToolCallId),
      messages: storeOf(lane.messages),
      lanes: storeOf(lane.lanes),
    };
    lanes.set(lane, stores);
  }
  return stores;
}
