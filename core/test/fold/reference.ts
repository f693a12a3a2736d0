// The differential oracle: @ag-ui/client 1.0.0's own AbstractAgent.runAgent over a replayed
// stream. Used only by tests (it is a devDependency). Caveats (research/agui.md §6): events are
// fed asynchronously (a synchronous source hides what was applied before a fatal error), rxjs is
// the same 7.8.1 instance the client uses, NODE_ENV/VITEST_WORKER_ID are unset while it runs (the
// client deep-freezes and rethrows differently in "test"), and console.warn is captured.
import { AbstractAgent, type BaseEvent, type Interrupt, type Message, type RunAgentInput } from "@ag-ui/client";
import { asapScheduler, concatMap, from, scheduled, type Observable } from "rxjs";

class ReplayAgent extends AbstractAgent {
  constructor(
    private readonly events: readonly unknown[],
    config: ConstructorParameters<typeof AbstractAgent>[0],
  ) {
    super(config);
  }

  run(_input: RunAgentInput): Observable<BaseEvent> {
    // One microtask hop per event: asynchronous like a network source, without timer cost.
    return from(this.events as BaseEvent[]).pipe(concatMap((event) => scheduled([event], asapScheduler)));
  }
}

export interface ReferenceResult {
  messages: Message[];
  state: unknown;
  pendingInterrupts: Interrupt[];
  /** The message of the error runAgent rejected with, if it did. */
  rejected: string | undefined;
  warnings: string[];
}

export async function referenceFold(
  events: readonly unknown[],
  init: { messages?: Message[]; state?: unknown } = {},
): Promise<ReferenceResult> {
  const env = { NODE_ENV: process.env.NODE_ENV, VITEST_WORKER_ID: process.env.VITEST_WORKER_ID };
  delete process.env.NODE_ENV;
  delete process.env.VITEST_WORKER_ID;
  const warnings: string[] = [];
  const originalWarn = console.warn;
  const originalError = console.error;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(" "));
  console.error = (...args: unknown[]) => warnings.push(`error: ${args.map(String).join(" ")}`);
  const agent = new ReplayAgent(structuredClone(events), {
    threadId: "t",
    initialMessages: structuredClone(init.messages ?? []),
    initialState: structuredClone(init.state ?? {}),
  });
  let rejected: string | undefined;
  try {
    await agent.runAgent({ runId: "r-input" });
  } catch (error) {
    rejected = error instanceof Error ? error.message : String(error);
  } finally {
    console.warn = originalWarn;
    console.error = originalError;
    if (env.NODE_ENV !== undefined) process.env.NODE_ENV = env.NODE_ENV;
    if (env.VITEST_WORKER_ID !== undefined) process.env.VITEST_WORKER_ID = env.VITEST_WORKER_ID;
  }
  return {
    messages: agent.messages,
    state: agent.state,
    pendingInterrupts: agent.pendingInterrupts,
    rejected,
    warnings,
  };
}
