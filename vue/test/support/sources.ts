// Agent sources for the chat tests: fromEvents over a queue per run, recording each run's input.
import { fromEvents, type AgentSource, type RunAgentInput } from "@threadline/core";
import { eventQueue, type EventQueue } from "./events.js";

export interface ScriptedAgent extends AgentSource {
  readonly inputs: RunAgentInput[];
  /** The event queue of each run, in order (created when the run starts). */
  readonly runs: EventQueue[];
  /**
   * Resolves with the input of run `index` once the client has started it. Tests wait on this
   * rather than on a number of ticks, which is the client's business and may change.
   */
  started(index: number): Promise<RunAgentInput>;
}

/** Each run streams from a fresh queue the test pushes into (`agent.runs[i]`). */
export function queuedAgent(): ScriptedAgent {
  const inputs: RunAgentInput[] = [];
  const runs: EventQueue[] = [];
  const waiting = new Map<number, ((input: RunAgentInput) => void)[]>();
  return {
    inputs,
    runs,
    started(index) {
      const input = inputs[index];
      if (input !== undefined) return Promise.resolve(input);
      return new Promise((resolve) => waiting.set(index, [...(waiting.get(index) ?? []), resolve]));
    },
    run(input, sink) {
      inputs.push(input);
      const queue = eventQueue();
      runs.push(queue);
      const index = inputs.length - 1;
      for (const resolve of waiting.get(index) ?? []) resolve(input);
      waiting.delete(index);
      return fromEvents(queue).run(input, sink);
    },
  };
}

/** Ids `${prefix}-1`, `${prefix}-2`… */
export function ids(prefix = "id"): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
