// Shared pieces of the Mastra interop tests: one real Mastra server per test file, unique thread
// ids (Mastra keeps every thread's history), and the raw events of a run as our transport decodes
// them.
import { randomUUID } from "node:crypto";
import { HttpAgent, type AGUIEvent, type Message, type RunAgentInput, type Tool } from "@threadline/core";
import { afterAll, beforeAll } from "vitest";
import { startMastraServer, type MastraServer, type MastraServerOptions } from "../../src/server.js";

/** Starts a Mastra server for the calling test file (closed after it) and returns a getter. */
export function useMastraServer(options: MastraServerOptions = {}): () => MastraServer {
  let server: MastraServer | undefined;
  beforeAll(async () => {
    server = await startMastraServer({ logLevel: "silent", ...options });
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error("the Mastra server is not started yet");
    return server;
  };
}

/** Mastra stores history per thread: every test talks on a thread of its own. */
export function newThreadId(): string {
  return `mastra-test-${randomUUID()}`;
}

export function userMessage(content: string): Message {
  return { id: `user-${randomUUID()}`, role: "user", content };
}

/** The frontend tool the weather scenario calls (the agent only calls it when it is offered). */
export const weatherTool: Tool = {
  name: "get_weather",
  description: "Reads the weather where the user is.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    required: ["city"],
  },
};

export function runInput(input: Partial<RunAgentInput> & { threadId: string; messages: Message[] }): RunAgentInput {
  return { runId: `run-${randomUUID()}`, state: {}, tools: [], context: [], forwardedProps: {}, ...input };
}

/** One run's raw events, decoded by Threadline's HttpAgent (SSE), nothing folded or checked. */
export async function rawEvents(url: string, input: RunAgentInput): Promise<AGUIEvent[]> {
  const events: AGUIEvent[] = [];
  const end = await new HttpAgent({ url }).run(input, {
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event as AGUIEvent),
  });
  if (end !== "completed") throw new Error(`the run's stream ended ${end}`);
  return events;
}

export function ofType<T extends AGUIEvent["type"]>(events: readonly AGUIEvent[], type: T): Extract<AGUIEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AGUIEvent, { type: T }> => event.type === type);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Replaces every UUID in a value by its order of first appearance (`#1`, `#2`…), so two runs of
 * the same script, whose message ids Mastra draws at random, compare equal when their structure is.
 */
export function withStableIds<T>(value: T): T {
  const seen = new Map<string, string>();
  const text = JSON.stringify(value).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
    let stable = seen.get(id);
    if (stable === undefined) {
      stable = `#${seen.size + 1}`;
      seen.set(id, stable);
    }
    return stable;
  });
  return JSON.parse(text) as T;
}
