// The page's AG-UI endpoint: forwards each run to the agent server (AGENT_URL) and keeps the
// thread it streams, for the page's server-rendered history.
import { proxyAgentRequest } from "$shared/agent-proxy.js";
import { serverThreads } from "$shared/server-threads.js";
import type { RequestHandler } from "./$types";

export const POST: RequestHandler = ({ request }) =>
  proxyAgentRequest(request, { agentUrl: process.env.AGENT_URL ?? "http://127.0.0.1:8787/agent", threads: serverThreads });
