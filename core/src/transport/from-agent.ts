import { DEV } from "esm-env";
import type { AgentCapabilities } from "@ag-ui/core";
import type { RunAgentInput } from "../protocol/events.js";
import { describeValue } from "../describe-value.js";
import { ThreadlineError } from "../errors.js";
import { ConnectNotSupportedError, SourceFailedError } from "./errors.js";
import { CAPABILITIES_MODULE } from "./capabilities-load.js";
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
  /** AG-UI capability discovery, where the agent offers it. */
  getCapabilities?(): Promise<AgentCapabilities>;
  /** Cancels the agent's own in-flight request (AG-UI's HttpAgent aborts its fetch). */
  abortRun?(): void;
  // `connect(input)` is looked up at run time, not declared: AG-UI declares it `protected`, and
  // a public member of that name here would make no AG-UI agent assignable to this type.
}

type Connectable = { connect?: (input: RunAgentInput) => Subscribable };

/**
 * Wraps an AG-UI agent object as a source. Abort unsubscribes and calls `agent.abortRun()`; so
 * does a throwing sink, and `run` then rejects with the sink's error. An error from the agent
 * rejects with `SourceFailedError` (its original as `cause`; Threadline's own errors pass as is).
 */
export function fromAgent(agent: AgUiAgentLike): AgentSource {
  const source: AgentSource = { run: (input, sink) => follow(agent, "run", input, sink) };
  // Every AG-UI agent has a connect method, though the base one only throws "not implemented"
  // (reported as ConnectNotSupportedError); a plain object without one gets no `connect`.
  if (typeof (agent as Connectable).connect === "function") {
    source.connect = (input, sink) => follow(agent, "connect", input, sink);
  }
  const discover = agent.getCapabilities;
  if (typeof discover === "function") {
    // Judged like a server's answer: a throwing or malformed getCapabilities reads as unknown.
    source.getCapabilities = async (query = {}) => {
      let declared: unknown;
      try {
        declared = await discover.call(agent);
      } catch (cause) {
        query.onWarning?.({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The agent's getCapabilities() failed: ${describeValue(cause)}; its capabilities stay unknown.` : "" });
        return undefined;
      }
      let checks: typeof import("./capabilities.js");
      try {
        checks = await CAPABILITIES_MODULE.get();
      } catch (cause) {
        query.onWarning?.({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The agent's capabilities could not be judged: ${describeValue(cause)}; they stay unknown.` : "" });
        return undefined;
      }
      return checks.checkedCapabilities(declared, "the agent's getCapabilities()", query.onWarning);
    };
  }
  return source;
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

    /** Ends the promise once. `cancel`: we are the ones stopping a stream still in flight. */
    const settle = (end: RunEnd | { error: unknown }, cancel: boolean): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (subscription) subscription.unsubscribe();
      else dropOnSubscribe = true;
      // Unsubscribing alone does not stop AG-UI's HttpAgent: its fetch keeps reading into a
      // subject nobody listens to. abortRun() drops the connection. It comes after unsubscribing,
      // so the RUN_ERROR the agent makes of the abort is not delivered.
      if (cancel) {
        try {
          agent.abortRun?.();
        } catch {
          // The run is over for us either way.
        }
      }
      if (typeof end === "string") resolve(end);
      else reject(end.error);
    };
    const onAbort = (): void => settle("aborted", true);
    signal.addEventListener("abort", onAbort, { once: true });

    // Never throws: an exception escaping `next` would surface in rxjs as an unhandled error.
    const observer: EventObserver = {
      next(value) {
        if (settled) return;
        try {
          sink.onEvent(value);
        } catch (error) {
          settle({ error }, true);
        }
      },
      error(error) {
        settle(signal.aborted ? "aborted" : { error: wrap(method, error) }, false);
      },
      complete() {
        settle(signal.aborted ? "aborted" : "completed", false);
      },
    };

    try {
      const stream = method === "run" ? agent.run(input) : startConnect(agent, input);
      subscription = stream.subscribe(observer);
    } catch (error) {
      settle({ error: wrap(method, error) }, false);
    }
    if (dropOnSubscribe && subscription) subscription.unsubscribe();
  });
}

function startConnect(agent: AgUiAgentLike, input: RunAgentInput): Subscribable {
  const connectable = agent as Connectable;
  if (typeof connectable.connect !== "function") {
    throw new ConnectNotSupportedError(DEV ? "the agent has no connect method" : "");
  }
  return connectable.connect(input);
}

function wrap(method: "run" | "connect", error: unknown): unknown {
  if (error instanceof ThreadlineError) return error;
  if (isConnectNotImplemented(error)) {
    return new ConnectNotSupportedError(DEV ? "the agent does not implement connect" : "");
  }
  return new SourceFailedError(DEV ? `The agent's ${method}()` : "", error);
}

/**
 * AbstractAgent.connect throws @ag-ui/core's AGUIConnectNotImplementedError when a subclass does
 * not implement connect. It is recognised without importing the class (whose module would put all
 * of @ag-ui/core into every bundle): by its class name, and by its message where a minifier has
 * renamed the class. instanceof would also miss a second copy of @ag-ui/core.
 */
function isConnectNotImplemented(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.constructor.name === "AGUIConnectNotImplementedError" || error.message.startsWith("Connect not implemented."))
  );
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
