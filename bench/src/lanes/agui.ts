// The @ag-ui/client 1.0.0 lane: a replay agent whose run() emits prepared events, driven through
// the public runAgent() (enforce → chunks → verify → apply → onMessagesChanged), exactly as an app
// would run it. NODE_ENV is unset in the worker so the dev-only deep freeze stays off.
import { AbstractAgent } from "@ag-ui/client";
import type { AGUIEvent, Message, RunAgentInput } from "@ag-ui/core";
import { from, type Observable } from "rxjs";
import { RUN_ID, THREAD_ID } from "../generate.js";

class ReplayAgent extends AbstractAgent {
  constructor(
    private readonly events: () => Iterable<AGUIEvent>,
    init: { messages?: Message[]; state?: Record<string, unknown> },
  ) {
    super({ threadId: THREAD_ID, initialMessages: init.messages ?? [], initialState: init.state ?? {} });
  }

  override run(_input: RunAgentInput): Observable<AGUIEvent> {
    return from(this.events());
  }
}

export interface AgUiRun {
  /** The timed part: one runAgent() over the whole prepared stream. */
  run(): Promise<void>;
  readonly agent: AbstractAgent;
}

/** Builds an agent (untimed: its constructor clones the initial messages and state). */
export function prepareAgUiRun(
  events: () => Iterable<AGUIEvent>,
  init: { messages?: Message[]; state?: Record<string, unknown> } = {},
): AgUiRun {
  const agent = new ReplayAgent(events, init);
  return {
    agent,
    async run() {
      await agent.runAgent({ runId: RUN_ID });
    },
  };
}

/** Text of message `id` in the agent's current messages ("" when absent). */
export function agUiText(agent: AbstractAgent, id: string): string {
  const message = agent.messages.find((m) => m.id === id);
  return message && typeof message.content === "string" ? message.content : "";
}
