// The one seam between the conformance runner and the fold (core/src/fold): the runner hands
// over the events the pipeline delivered, and checks `messages`, `messageCount`, `state`
// (and, once the HTTP transport runs the fixtures, `request`) against what comes back.
import { createThread, foldEvent, type AGUIEvent, type Message, type WarningHandler } from "../../src/index.js";
import type { ConformanceFixture } from "./fixture.js";

export interface FoldedRun {
  /** The thread's messages after the run, as AG-UI `Message[]` (input.messages included). */
  messages: unknown[];
  /** The thread's state after the run. */
  state: unknown;
  /** The RunAgentInput body the client sent; only the HTTP transport can know it. */
  request?: unknown;
}

/**
 * Folds `events` (what the pipeline delivered, in order, up to any violation) starting from the
 * fixture's `input.messages`, reporting fold warnings through `onWarning`.
 *
 * (It returned `undefined` before the fold existed; the runner still treats that as "needs fold".)
 *
 * Fold warnings the runner expects (see WARNING_CODES in expectations.ts, which names the
 * code; rename it there if the fold chooses another):
 * - state-delta-unappliable-warns-and-keeps: a STATE_DELTA that cannot apply → "STATE_PATCH_FAILED"
 */
export function foldFixture(
  fixture: ConformanceFixture,
  events: readonly AGUIEvent[],
  onWarning: WarningHandler,
): FoldedRun | undefined {
  // As the upstream runner: input.messages become the thread's history before the run.
  const initial = (fixture.input as { messages?: Message[] } | undefined)?.messages;
  const thread = createThread({ messages: structuredClone(initial ?? []), onWarning });
  for (const event of events) foldEvent(thread, event);
  return { messages: thread.toMessages(), state: thread.state.value };
}
