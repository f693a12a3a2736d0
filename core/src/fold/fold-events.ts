import { subagentLanes } from "../model/subagent-lanes.js";
import type { Interrupt, Message } from "@ag-ui/core";
import { ThreadlineError } from "../errors.js";
import { createPipeline, type PipelineOptions } from "../pipeline/index.js";
import { ThreadImpl } from "../model/thread.js";
import { foldEvent } from "./fold-event.js";

export interface FoldEventsInit {
  readonly messages?: readonly Message[];
  /** Default `{}`, as @ag-ui/client. */
  readonly state?: unknown;
}

export interface FoldEventsResult {
  readonly messages: Message[];
  readonly state: unknown;
  readonly pendingInterrupts: readonly Interrupt[];
  /**
   * Why folding stopped early: a `ProtocolError` (the stream broke a rule, or ended
   * without a terminal event), or a `FoldError`. Everything before it is in the result.
   */
  readonly error?: ThreadlineError;
}

/**
 * Pure and synchronous: raw events (untrusted, any AG-UI version) → validation, THINKING
 * translation, chunk expansion, order verification → fold → AG-UI messages and state, exactly as
 * @ag-ui/client would hold them. Never throws.
 */
export function foldEvents(
  events: Iterable<unknown>,
  init: FoldEventsInit = {},
  options: PipelineOptions = {},
): FoldEventsResult {
  // With lanes, so the subagent lifecycle is checked (and warned about) as a chat with them would.
  const thread = new ThreadImpl({
    messages: init.messages,
    state: init.state,
    onWarning: options.onWarning,
    subagents: subagentLanes(),
  });
  const pipeline = createPipeline((event) => foldEvent(thread, event), options);
  let error: ThreadlineError | undefined;
  try {
    for (const raw of events) pipeline.push(raw);
    pipeline.end();
  } catch (thrown) {
    error = ThreadlineError.from(thrown, "foldEvents");
    thread.fail(error);
  }
  const result = {
    messages: thread.toMessages(),
    state: thread.state.peek(),
    pendingInterrupts: thread.pendingInterrupts.peek(),
  };
  return error === undefined ? result : { ...result, error };
}
