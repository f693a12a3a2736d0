import type { RunAgentInput } from "../protocol/events.js";
import type { AgentSource, EventSink } from "../transport/source.js";
import type { RunWriter } from "./run-store.js";

/** Why the handler closed a run itself with RUN_ERROR (the `code` of that event). */
export type ClosingCode =
  | "RUN_TIMEOUT"
  | "AGENT_FAILED"
  | "AGENT_STREAM_INCOMPLETE"
  | "RUN_LOG_FAILED"
  | "RUN_STOPPED"
  | "RUN_TOO_LARGE"
  | "EVENT_TOO_LARGE";

export interface ProducerOptions {
  readonly source: AgentSource;
  readonly input: RunAgentInput;
  readonly writer: RunWriter;
  readonly timeoutMs: number;
  /** Characters of events the run may log in all, and in one event. */
  readonly maxRunBytes: number;
  readonly maxEventBytes: number;
  /** Told of agent and store failures, with their details (the client's RUN_ERROR says only what kind). */
  readonly onError: (error: unknown) => void;
  /** Log the run's input in a RUN_STARTED that has none (AG-UI's `RUN_STARTED.input`), so a follower gets the thread. */
  readonly logInput: boolean;
}

/** A run being produced in this process. */
export interface ProducedRun {
  readonly done: Promise<void>;
}

/**
 * Runs the agent into the run log, independent of any client connection: a client that goes away
 * does not stop it; the run timeout, a client's stop, a size limit or a failed store write does.
 * Every run that logged anything ends with a terminal event — when the agent did not send one (it
 * failed, timed out, went over a limit, or its stream just ended), the handler adds RUN_ERROR, so
 * a follower always knows the run is over.
 */
export function produceRun(options: ProducerOptions): ProducedRun {
  const { source, input, writer } = options;
  const controller = new AbortController();
  let closing: { code: ClosingCode; message: string } | undefined;
  const close = (code: ClosingCode, message: string): void => {
    if (closing) return;
    closing = { code, message };
    controller.abort();
  };
  writer.onFailure((error) => {
    options.onError(error);
    close("RUN_LOG_FAILED", "The run log could not be written, so the run was stopped.");
  });
  writer.onStop(() => close("RUN_STOPPED", "The run was stopped by a client."));
  const timer = setTimeout(() => close("RUN_TIMEOUT", `The run exceeded the run timeout of ${options.timeoutMs} ms.`), options.timeoutMs);
  (timer as { unref?: () => void }).unref?.();

  // `open`: a RUN_STARTED not yet followed by its terminal event.
  let open = false;
  let logged = 0;
  let size = 0;
  // Only the run's first RUN_STARTED: it is what a follower replaying the log starts from.
  let inputLogged = !options.logInput;
  const sink: EventSink = {
    signal: controller.signal,
    onWarning: () => undefined,
    onEvent(event) {
      // Once the run is closing, what the agent still sends is not logged: the RUN_ERROR is last.
      if (closing) return;
      const type = (event as { type?: unknown }).type;
      let entry = event;
      if (type === "RUN_STARTED" && !inputLogged) {
        inputLogged = true;
        if ((event as { input?: unknown }).input === undefined) entry = { ...(event as object), input };
      }
      const data = JSON.stringify(entry);
      if (data === undefined) return;
      if (data.length > options.maxEventBytes) {
        close("EVENT_TOO_LARGE", `The agent sent a ${String(type)} event of ${data.length} characters; this server logs at most ${options.maxEventBytes} (limits.eventBytes).`);
        return;
      }
      if (size + data.length > options.maxRunBytes) {
        close("RUN_TOO_LARGE", `The run logged more than ${options.maxRunBytes} characters of events, this server's limit (limits.runBytes).`);
        return;
      }
      size += data.length;
      if (type === "RUN_STARTED") open = true;
      else if (type === "RUN_FINISHED" || type === "RUN_ERROR") open = false;
      logged++;
      writer.append(data);
    },
  };

  const done = (async () => {
    let failure: unknown;
    try {
      await source.run(input, sink);
    } catch (error) {
      failure = error;
    }
    clearTimeout(timer);
    if (open || logged === 0) {
      // The agent's own words stay on the server (onError): they can name hosts, keys or stack lines.
      const end =
        closing ??
        (failure !== undefined
          ? { code: "AGENT_FAILED" as const, message: "The agent failed (the server's log has the details)." }
          : { code: "AGENT_STREAM_INCOMPLETE" as const, message: "The agent's stream ended before its run did (no RUN_FINISHED or RUN_ERROR)." });
      writer.append(JSON.stringify({ type: "RUN_ERROR", message: end.message, code: end.code, timestamp: Date.now() }));
    }
    if (failure !== undefined && !closing) options.onError(failure);
    try {
      await writer.end();
    } catch (error) {
      options.onError(error);
    }
  })();
  return { done };
}
