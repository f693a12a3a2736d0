// The app's one agent handler and run log, per server process (kept across dev reloads of this
// module): the /api/agent route serves it, the page's load asks it whether a run is going.
import type { RequestEvent } from "@sveltejs/kit";
import type { AgentHandler, RunStore } from "@threadline/core/server";
import { agentRoute } from "$shared/agent-route.js";
import { serverThreads } from "$shared/server-threads.js";
import { runStoreFromSetting } from "../../../../server/run-store-setting.js";

interface AppAgent {
  readonly handler: AgentHandler<RequestEvent>;
  readonly store: RunStore;
}

const holder = globalThis as { __threadlineAgent?: Promise<AppAgent> };

/** THREADLINE_RUN_STORE picks the run log (memory, or redis://…); AGENT_URL the agent (scripted by default, Mastra with its URL). */
export function appAgent(): Promise<AppAgent> {
  return (holder.__threadlineAgent ??= runStoreFromSetting().then(({ store }) => ({
    store,
    handler: agentRoute({
      agentUrl: process.env.AGENT_URL ?? "http://127.0.0.1:8787/agent",
      threads: serverThreads,
      store,
      // The session's user (hooks.server.ts): each thread and run belongs to the user who started it.
      owner: (_request, event: RequestEvent) => event.locals.userId,
    }),
  })));
}
