import { AGUIConnectNotImplementedError, type RunAgentInput } from "@ag-ui/core";
import { ThreadlineError } from "../errors.js";
import { ConnectNotSupportedError, SourceFailedError } from "./errors.js";
import type { AgentSource, EventSink, RunEnd } from "./source.js";

/** The observer half of the subscribable contract (rxjs and every TC39-Observable-shaped stream). */
export interface EventObserver {
  next(value: unknown): void;
  error(error: unknown): void;
  complete(): void;
}

export interface Unsubscribable {
  unsubscribe(): void;
}

export interface Subscribable {
  subscribe(observer: EventObserver): Unsubscribable;
}

/**
 * What an AG-UI agent object looks like from here: `run(input)` returning a subscribable stream
 * of events. Every `@ag-ui/client` agent (HttpAgent, LangGraphAgent, MastraAgent…) fits, and so
 * does anything rxjs-shaped, without Threadline depending on rxjs.
 */
export interface AgUiAgentLike {
  run(input: RunAgentInput): Subscribable;
  connect?(input: RunAgentInput): Subscribable;
  /** Cancels the agent's own in-flight request (AG-UI's HttpAgent aborts its fetch). */
  abortRun?(): void;
}

/**
 * Wraps an AG-UI agent object as a source. Abort unsubscribes and calls `agent.abortRun()`;
 * a throwing sink unsubscribes too, and `run` rejects with its error; an error from the agent
 * rejects with `SourceFailedError` (its original as `cause`; Threadline's own errors pass as is).
 */
export function fromAgent(agent: AgUiAgentLike): AgentSource {
  return {
    run: (input, sink) => follow(agent, "run", input, sink),
    connect: (input, sink) => follow(agent, "connect", input, sink),
  };
}

function follow(
  agent: AgUiAgentLike,
  method: "run" | "connect",
  input: RunAgentInput,
  sink: EventSink,
): Promise<RunEnd> {
  const { signal } = sink;
  if (signal.aborted) return Promise.resolve("aborted");
  renewAbortController(agent);

  return new Promise<RunEnd>((resolve, reject) => {
    let settled = false;
    let subscription: Unsubscribable | undefined;
    // Set when the stream must end before `subscribe` has even returned (a synchronous source
    // that emits inside `subscribe`): the subscription is then dropped as soon as we hold it.
    let dropOnSubscribe = false;

    const release = (): void => {
      signal.removeEventListener("abort", onAbort);
      if (subscription) subscription.unsubscribe();
      else dropOnSubscribe = true;
    };
    const settle = (end: RunEnd | { error: unknown }): void => {
      if (settled) return;
      settled = true;
      release();
      if (typeof end === "string") resolve(end);
      else reject(end.error);
    };
    const onAbort = (): void => {
      if (settled) return;
      settle("aborted");
      // After unsubscribing, so an abort-turned-RUN_ERROR event from the agent is not delivered.
      agent.abortRun?.();
    };
    signal.addEventListener("abort", onAbort, { once: true });

    // Never throws: an exception escaping `next` would surface in rxjs as an unhandled error.
    const observer: EventObserver = {
      next(value) {
        if (settled) return;
        try {
          sink.onEvent(value);
        } catch (error) {
          settle({ error });
        }
      },
      error(error) {
        if (settled) return;
        if (signal.aborted) settle("aborted");
        else settle({ error: wrap(agent, method, error) });
      },
      complete() {
        settle(signal.aborted ? "aborted" : "completed");
      },
    };

    try {
      const stream = method === "run" ? agent.run(input) : startConnect(agent, input);
      subscription = stream.subscribe(observer);
    } catch (error) {
      settle({ error: wrap(agent, method, error) });
    }
    if (dropOnSubscribe && subscription) subscription.unsubscribe();
  });
}

function startConnect(agent: AgUiAgentLike, input: RunAgentInput): Subscribable {
  if (typeof agent.connect !== "function") {
    throw new ConnectNotSupportedError(`${agentName(agent)} has no connect method`);
  }
  return agent.connect(input);
}

function wrap(agent: AgUiAgentLike, method: "run" | "connect", error: unknown): unknown {
  if (error instanceof ThreadlineError) return error;
  // AbstractAgent.connect throws this when a subclass does not implement connect. The name check
  // covers a second copy of @ag-ui/core in the app's bundle, where instanceof fails.
  if (
    error instanceof AGUIConnectNotImplementedError ||
    (error instanceof Error && error.constructor.name === "AGUIConnectNotImplementedError")
  ) {
    return new ConnectNotSupportedError(`${agentName(agent)} does not implement connect`);
  }
  return new SourceFailedError(`${agentName(agent)}.${method}()`, error);
}

function agentName(agent: AgUiAgentLike): string {
  const name = (agent as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" && name !== "Object" ? name : "agent";
}

/**
 * AG-UI's HttpAgent reads its `abortController` when `run()` starts the request, but only its own
 * `runAgent()` replaces one that `abortRun()` has used up. Calling `run()` directly, as we do,
 * would send every run after a stop with an already aborted signal; so a spent controller is
 * renewed here.
 */
function renewAbortController(agent: AgUiAgentLike): void {
  const holder = agent as { abortController?: unknown };
  if (holder.abortController instanceof AbortController && holder.abortController.signal.aborted) {
    holder.abortController = new AbortController();
  }
}
