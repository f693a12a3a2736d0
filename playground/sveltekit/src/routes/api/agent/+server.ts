// The page's AG-UI endpoint, on Threadline's createAgentHandler (see #lib/server/agent.ts): POST
// starts a run (or resumes one with Last-Event-ID), GET ?threadId= lists the thread's runs, DELETE
// ?runId= stops one.
import { appAgent } from "#lib/server/agent.js";
import type { RequestHandler } from "./$types";

// The event goes with the request: the handler's owner is the session's user (event.locals).
const serve: RequestHandler = async (event) => (await appAgent()).handler(event.request, event);

export const POST = serve;
export const GET = serve;
export const DELETE = serve;
