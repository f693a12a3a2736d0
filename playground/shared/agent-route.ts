// The full-stack apps' AG-UI route, on Threadline's createAgentHandler: each run is logged (so a
// dropped connection resumes, a reload rejoins and another device follows) and forwarded to the
// agent server (AGENT_URL: the scripted one, or Mastra); its events are folded as they pass, so
// the server keeps each thread for the page's server-rendered history.
// Web-standard Request → Response, so SvelteKit's +server.ts (and a Nuxt/h3 route) share it.
import { foldEvents, HttpAgent, type AgentSource, type Message } from "@threadline/core";
import { createAgentHandler, type AgentHandler, type OwnerOf, type RunStore } from "@threadline/core/server";
import type { ServerThreads } from "./server-threads.js";

export interface AgentRouteOptions<C> {
  /** Who is asking, from the framework's request context (the session's user). */
  readonly owner: OwnerOf<C>;
  /** The AG-UI endpoint answering the runs (the scripted server, Mastra…). */
  readonly agentUrl: string;
  readonly threads: ServerThreads;
  /** The run log (THREADLINE_RUN_STORE: memory, or Redis). */
  readonly store: RunStore;
}

export function agentRoute<C>(options: AgentRouteOptions<C>): AgentHandler<C> {
  return createAgentHandler<C>({
    owner: options.owner,
    store: options.store,
    source: (_input, _request, owner) => recorded(new HttpAgent({ url: options.agentUrl, reconnect: false }), options.threads, owner),
    onError: (error) => console.warn(`[agent route] ${error instanceof Error ? error.message : String(error)}`),
  });
}

/** The agent, with each run folded as the page folds it and the thread kept — what arrived, however the run ended. */
export function recorded(agent: AgentSource, threads: ServerThreads, owner: string): AgentSource {
  return {
    run: async (input, sink) => {
      const events: unknown[] = [];
      try {
        return await agent.run(input, { ...sink, onEvent: (event) => (events.push(event), sink.onEvent(event)) });
      } finally {
        const folded = foldEvents(events, { messages: input.messages as Message[], state: input.state }, { onWarning: () => undefined });
        threads.save({ threadId: input.threadId, owner, messages: folded.messages, state: folded.state });
      }
    },
  };
}
