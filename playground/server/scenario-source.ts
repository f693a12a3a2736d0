// A scenario as a Threadline source, for the resumable route (createAgentHandler runs it into its
// run log): the same steps and pacing as run-stream.ts, delivered to a sink instead of a socket.
// A scripted disconnect ends the stream (the handler closes the run with RUN_ERROR
// AGENT_STREAM_INCOMPLETE); an HTTP reply mid-script fails the source (RUN_ERROR AGENT_FAILED).
import { setTimeout as sleep } from "node:timers/promises";
import type { AGUIEvent } from "@ag-ui/core";
import type { AgentSource } from "@threadline/core";
import type { Attempts } from "./attempts.js";
import { runFinished, runStarted } from "./events.js";
import { RunClock } from "./pacing.js";
import type { RunRequest } from "./run-request.js";
import type { Step } from "./scenario.js";
import { throughMiddleware } from "./middleware-run.js";

export function scenarioSource(run: RunRequest, attempts: Attempts, origin: string): AgentSource {
  return {
    async run(input, sink) {
      const context = { variant: run.variant, firstAttempt: (key: string) => attempts.firstAttempt(key), origin };
      const script: Iterable<Step> =
        run.mode !== "run"
          ? (run.scenario.connect?.(input, context) ?? [runStarted(input), runFinished(input)])
          : run.scenario.middleware
            ? await throughMiddleware(run.scenario.middleware(context), run.scenario, input, context)
            : run.scenario.run(input, context);
      const clock = new RunClock(run.pacing, input.runId);
      const wait = async (ms: number) => {
        if (ms > 0 && !sink.signal.aborted) await sleep(ms, undefined, { signal: sink.signal }).catch(() => undefined);
      };
      for (const step of script) {
        if (sink.signal.aborted) return "aborted";
        if (step.type === "pause") await wait(clock.pause(step.ms));
        else if (step.type === "disconnect") return "completed";
        else if (step.type === "http-reply") throw new Error(`the scenario answers HTTP ${step.status}`);
        else {
          await wait(clock.beforeEvent(step as AGUIEvent));
          if (sink.signal.aborted) return "aborted";
          sink.onEvent(step);
        }
      }
      return "completed";
    },
  };
}
