// Agent sources for the chat tests: fromEvents over a queue per run, recording each run's input.
import { fromEvents, type AgentSource, type RunAgentInput } from "@threadline/core";
import { eventQueue, type EventQueue } from "./events.js";

export interface ScriptedAgent extends AgentSource {
  readonly inputs: RunAgentInput[];
  /** The event queue of each run, in order (created when the run starts). */
  readonly runs: EventQueue[];
}

/** Each run streams from a fresh queue the test pushes into (`agent.runs[i]`). */
export function queuedAgent(): ScriptedAgent {
  const inputs: RunAgentInput[] = [];
  const runs: EventQueue[] = [];
  return {
    inputs,
    runs,
    run(input, sink) {
      inputs.push(input);
      const queue = eventQueue();
      runs.push(queue);
      return fromEvents(queue).run(input, sink);
    },
  };
}

/** Ids `${prefix}-1`, `${prefix}-2`… */
export function ids(prefix = "id"): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
