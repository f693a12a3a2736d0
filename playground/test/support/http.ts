// Talking to the playground server the way an AG-UI client does: POST a RunAgentInput, decode
// the SSE (eventsource-parser) or protobuf (@ag-ui/proto) frames into events.
import { EventType, type AGUIEvent, type Message, type RunAgentInput } from "@ag-ui/core";
import { decode as decodeProtobuf } from "@ag-ui/proto";
import { createParser } from "eventsource-parser";
import { expect } from "vitest";

export const PROTO = "application/vnd.ag-ui.event+proto";

export function makeInput(fields: Partial<RunAgentInput> = {}): RunAgentInput {
  return { threadId: "thread-1", runId: "run-1", messages: [], tools: [], context: [], ...fields };
}

export const user = (id: string, content: string): Message => ({ id, role: "user", content });

export interface PostOptions {
  /** Query string, e.g. `{ scenario: "markdown", delay: "0" }`. */
  query?: Record<string, string>;
  accept?: string;
  signal?: AbortSignal;
}

export function post(agentUrl: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  const url = new URL(agentUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: options.accept ?? "text/event-stream" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: options.signal,
  });
}

export function decodeSse(text: string): AGUIEvent[] {
  const events: AGUIEvent[] = [];
  const parser = createParser({ onEvent: (message) => events.push(JSON.parse(message.data) as AGUIEvent) });
  parser.feed(text);
  return events;
}

/** Frames are a 4-byte big-endian length, then one protobuf-encoded event. */
export function decodeProtoFrames(bytes: Uint8Array): AGUIEvent[] {
  const events: AGUIEvent[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length; ) {
    const length = view.getUint32(at, false);
    events.push(decodeProtobuf(bytes.subarray(at + 4, at + 4 + length)) as AGUIEvent);
    at += 4 + length;
  }
  return events;
}

/** Runs a scenario with no delays and returns its events; fails the test on a non-SSE answer. */
export async function runScenario(
  agentUrl: string,
  scenario: string,
  input: RunAgentInput,
  variant?: string,
): Promise<AGUIEvent[]> {
  const query: Record<string, string> = { scenario, delay: "0" };
  if (variant) query.variant = variant;
  const response = await post(agentUrl, input, { query });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  return decodeSse(await response.text());
}

export function ofType<T extends EventType>(events: readonly AGUIEvent[], type: T) {
  return events.filter((e): e is Extract<AGUIEvent, { type: T }> => e.type === type);
}

/** The concatenated deltas of one text message. */
export function textOf(events: readonly AGUIEvent[], messageId: string): string {
  let text = "";
  for (const e of ofType(events, EventType.TEXT_MESSAGE_CONTENT)) if (e.messageId === messageId) text += e.delta;
  return text;
}

/** All assistant text of the run, message after message. */
export function allText(events: readonly AGUIEvent[]): string {
  return ofType(events, EventType.TEXT_MESSAGE_CONTENT)
    .map((e) => e.delta)
    .join("");
}
