// The full-stack apps' AG-UI route: forwards the page's request to the agent server as it is and
// streams the answer back untouched, while a second branch of the same bytes is decoded by core's
// HttpAgent and folded, so the server keeps the thread (messages and state) the page now holds.
// Web-standard Request → Response, so SvelteKit's +server.ts and Nuxt's server route share it.
import { foldEvents, HttpAgent, type Message, type RunAgentInput } from "@threadline/core";
import type { ServerThreads } from "./server-threads.js";

export interface AgentProxyOptions {
  /** The AG-UI endpoint answering the runs (the scripted server, Mastra…). */
  readonly agentUrl: string;
  readonly threads: ServerThreads;
}

export async function proxyAgentRequest(request: Request, options: AgentProxyOptions): Promise<Response> {
  const body = await request.text();
  let upstream: Response;
  try {
    upstream = await fetch(options.agentUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: request.headers.get("accept") ?? "text/event-stream" },
      body,
      signal: request.signal,
    });
  } catch {
    const error = { code: "agent_unreachable", message: `no agent answers at ${options.agentUrl}` };
    return Response.json({ error }, { status: 502 });
  }
  const input = runInput(body);
  const headers = { "content-type": upstream.headers.get("content-type") ?? "text/plain", "cache-control": "no-store" };
  if (!upstream.ok || !upstream.body || !input) return new Response(upstream.body, { status: upstream.status, headers });

  const [toPage, toRecord] = upstream.body.tee();
  void record(toRecord, upstream.headers, input, options);
  return new Response(toPage, { status: upstream.status, headers });
}

/** Decodes and folds the run as the page does; keeps what arrived even when the run broke off. */
async function record(stream: ReadableStream<Uint8Array>, headers: Headers, input: RunAgentInput, options: AgentProxyOptions): Promise<void> {
  const events: unknown[] = [];
  const replay = new HttpAgent({ url: options.agentUrl, fetch: async () => new Response(stream, { headers }) });
  try {
    await replay.run(input, { signal: new AbortController().signal, onEvent: (event) => events.push(event) });
  } catch {
    // A dropped or malformed stream: fold what came, as the page's thread does.
  }
  const folded = foldEvents(events, { messages: input.messages as Message[], state: input.state }, { onWarning: () => {} });
  const started = events.find((e): e is { type: "RUN_STARTED"; threadId: string } => (e as { type?: unknown }).type === "RUN_STARTED");
  options.threads.save({ threadId: started?.threadId ?? input.threadId, messages: folded.messages, state: folded.state });
}

function runInput(body: string): RunAgentInput | undefined {
  try {
    const value = JSON.parse(body) as Partial<RunAgentInput>;
    return typeof value.threadId === "string" && Array.isArray(value.messages) ? (value as RunAgentInput) : undefined;
  } catch {
    return undefined;
  }
}
