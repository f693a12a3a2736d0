// What the transport tests feed and watch: a run input, a well-formed run of events, a stream
// that never ends, a sink that records what it receives, and a way to catch a rejection.
import type http from "node:http";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { EventSink } from "../../src/transport/index.js";
import { begin, write, type SeenRequest } from "../support/agui-server.js";
import { sleep } from "../support/wait.js";

export const input: RunAgentInput = {
  threadId: "thread-1",
  runId: "run-1",
  messages: [{ id: "u1", role: "user", content: "Hello" }],
  tools: [],
  context: [],
  state: { count: 1 },
  forwardedProps: {},
};

/** A complete, well-ordered run of events, as an agent would stream it. */
export function runEvents(text: string[] = ["Hel", "lo ", "wörld 😀"]): BaseEvent[] {
  return [
    { type: "RUN_STARTED", threadId: "thread-1", runId: "run-1" },
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    ...text.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta })),
    { type: "TEXT_MESSAGE_END", messageId: "m1" },
    { type: "RUN_FINISHED", threadId: "thread-1", runId: "run-1" },
  ] as BaseEvent[];
}

/** A server handler that answers with `runEvents()`, one write per event, in the encoding Accept asks for. */
export async function streamRun(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const encoder = begin(req, res);
  for (const event of runEvents()) await write(res, encoder.encodeBinary(event));
  res.end();
}

/**
 * A server handler that opens a run (RUN_STARTED, TEXT_MESSAGE_START, in one write) and then
 * streams a TEXT_MESSAGE_CONTENT every few ms until the client goes away (at most 2,000).
 */
export async function streamUntilClientLeaves(req: http.IncomingMessage, res: http.ServerResponse, seen: SeenRequest): Promise<void> {
  const encoder = begin(req, res);
  let open = true;
  void seen.closed.then(() => (open = false));
  await write(res, encoder.encodeSSE(runEvents()[0]!) + encoder.encodeSSE(runEvents()[1]!));
  for (let i = 0; open && i < 2000; i++) {
    await write(res, encoder.encodeSSE({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: `${i} ` } as BaseEvent));
    await sleep(4);
  }
  res.end();
}

export interface Collector {
  sink: EventSink;
  events: unknown[];
  warnings: string[];
  controller: AbortController;
}

/** A sink that records what it receives; `onEvent` can add behaviour per event. */
export function collect(onEvent?: (event: unknown, index: number) => void): Collector {
  const controller = new AbortController();
  const events: unknown[] = [];
  const warnings: string[] = [];
  return {
    controller,
    events,
    warnings,
    sink: {
      signal: controller.signal,
      onEvent(event) {
        events.push(event);
        onEvent?.(event, events.length - 1);
      },
      onWarning: (warning) => warnings.push(warning.code),
    },
  };
}

/** Resolves with what the promise rejected with; fails if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
}
