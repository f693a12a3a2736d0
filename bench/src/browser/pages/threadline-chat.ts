// The Threadline side of both Threadline pages: a core ChatClient whose agent is an AgentSource
// the page pushes AG-UI events into, as a transport would after decoding them.
import {
  ChatClient,
  type AGUIEvent,
  type AgentSource,
  type RunAgentInput,
  type TurnResult,
} from "@threadline/core";
import { type EventSink, type RunEnd } from "@threadline/core/transport";
import type { Lane, Workload } from "./harness.js";

const LIVE_ID = "live";

/** An agent whose run stays open until `end()`; events reach the chat through `sink.onEvent`. */
class PushSource implements AgentSource {
  sink: EventSink | undefined;
  /**
   * The run's ids: not the whole input, whose copy of every message a transport sends and lets
   * go (as @ai-sdk's PushTransport lets its messages go), and a mount's heap must not count.
   */
  input: Pick<RunAgentInput, "threadId" | "runId"> | undefined;
  private finish: ((end: RunEnd) => void) | undefined;

  run(input: RunAgentInput, sink: EventSink): Promise<RunEnd> {
    this.input = { threadId: input.threadId, runId: input.runId };
    this.sink = sink;
    return new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  end(): void {
    this.finish?.("completed");
  }
}

export interface ThreadlineRun {
  readonly client: ChatClient;
  /** Sends "go" and opens the assistant message; resolves once its TEXT_MESSAGE_START is in. */
  start(): Promise<void>;
  readonly push: (index: number) => void;
  /** Ends the message and the run, and waits for the turn to settle. */
  finish(): Promise<void>;
}

export function threadlineRun(workload: Workload): ThreadlineRun {
  const source = new PushSource();
  // No cross-tab presence: the five pages share one browser, and a lane must not hear another.
  const client = new ChatClient({ agent: source, threadId: "bench-thread", messages: workload.priors, presence: false });
  const deltas: AGUIEvent[] = workload.deltas.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: LIVE_ID, delta }) as AGUIEvent);
  let turn: Promise<TurnResult> | undefined;
  let sink: EventSink | undefined;
  const send = (event: unknown): void => {
    if (!sink) throw new Error("no run is open");
    sink.onEvent(event);
  };
  return {
    client,
    async start() {
      turn = client.sendMessage(workload.userText);
      for (let waited = 0; source.sink === undefined; waited++) {
        if (waited > 1000) throw new Error("the chat never started its run");
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      sink = source.sink;
      const { threadId, runId } = source.input!;
      send({ type: "RUN_STARTED", threadId, runId });
      send({ type: "TEXT_MESSAGE_START", messageId: LIVE_ID, role: "assistant" });
    },
    push: (index) => sink!.onEvent(deltas[index]),
    async finish() {
      if (sink && !sink.signal.aborted) {
        const { threadId, runId } = source.input!;
        send({ type: "TEXT_MESSAGE_END", messageId: LIVE_ID });
        send({ type: "RUN_FINISHED", threadId, runId });
      }
      source.end();
      const result = await turn;
      if (result && result.status === "failed") throw new Error(`the Threadline turn ended in error: ${result.error.code}: ${result.error.message}`);
    },
  };
}

/**
 * A Threadline page's lane: `load` makes the run over the workload's messages, `mount` draws the
 * page on its client (returning how to unmount it), `start` opens the run; the client is disposed
 * once the page is unmounted.
 */
export function threadlineLane(mount: (root: HTMLElement, client: ChatClient) => () => Promise<void> | void, windowed = false): Lane<ThreadlineRun> {
  return {
    windowed,
    load: (workload) => threadlineRun(workload),
    mount: (root, run) => mount(root, run.client),
    async start(run) {
      await run.start();
      return run;
    },
    dispose: (run) => run.client.dispose(),
  };
}
