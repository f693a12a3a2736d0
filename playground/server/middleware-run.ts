// A scenario behind an AG-UI middleware (the official @ag-ui/a2ui-middleware, say): the script is
// the agent the middleware wraps, as in a real deployment, and what the middleware emits is what
// the run streams. The script's events go through rxjs once; pacing applies when they are sent.
import { AbstractAgent, type BaseEvent, type Middleware, type RunAgentInput } from "@ag-ui/client";
import { Observable, lastValueFrom, toArray } from "rxjs";
import type { AGUIEvent } from "@ag-ui/core";
import type { RunContext, Scenario, Step } from "./scenario.js";

/** The scenario as an AG-UI agent: its events (pauses left to the pacing) as an Observable. */
class ScriptedAgent extends AbstractAgent {
  constructor(
    private readonly scenario: Scenario,
    private readonly context: RunContext,
  ) {
    super();
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      try {
        for (const step of this.scenario.run(input as never, this.context)) {
          if (step.type === "pause" || step.type === "disconnect" || step.type === "http-reply") continue;
          subscriber.next(step as BaseEvent);
        }
        subscriber.complete();
      } catch (error) {
        subscriber.error(error);
      }
    });
  }
}

/** What the run streams when the scenario sits behind `middleware`. */
export async function throughMiddleware(middleware: Middleware, scenario: Scenario, input: RunAgentInput, context: RunContext): Promise<Step[]> {
  const events = await lastValueFrom(middleware.run(input, new ScriptedAgent(scenario, context)).pipe(toArray()));
  return events as AGUIEvent[];
}
