// Shared helpers for the run-loop tests: an AG-UI server on 127.0.0.1 that answers each request
// with a script built from the request's own RunAgentInput, deterministic ids, a warning log.
import type http from "node:http";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { EventEncoder } from "@ag-ui/encoder";
import type { ThreadlineWarning } from "../../src/index.js";
import { begin, startServer, write, type SeenRequest, type TestServer } from "../transport/test-server.js";

export { sleep, write, drip } from "../transport/test-server.js";
export type { SeenRequest, TestServer } from "../transport/test-server.js";

export interface Exchange {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  input: RunAgentInput;
  seen: SeenRequest;
  /** Which request this is on the server, from 0. */
  index: number;
}

/** A server whose handler gets the parsed input of each request. */
export async function agentServer(handler: (exchange: Exchange) => void | Promise<void>): Promise<TestServer> {
  let count = 0;
  return startServer(async (req, res, seen) => {
    const index = count++;
    const input = JSON.parse(seen.body) as RunAgentInput;
    await handler({ req, res, input, seen, index });
  });
}

/** Starts an SSE or protobuf 200 response (by the request's Accept) and returns a writer. */
export function respond(exchange: Exchange): { encoder: EventEncoder; send(event: BaseEvent | object): Promise<void> } {
  const encoder = begin(exchange.req, exchange.res);
  return {
    encoder,
    send: (event) => write(exchange.res, encoder.encodeBinary(event as BaseEvent)),
  };
}

/** A complete run answering `input`: one assistant message made of `deltas`, then extra events. */
export function textRun(input: RunAgentInput, deltas: string[], messageId = "a1", before: object[] = []): object[] {
  return [
    started(input),
    ...before,
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    ...deltas.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta })),
    { type: "TEXT_MESSAGE_END", messageId },
    finished(input),
  ];
}

export const started = (input: RunAgentInput): object => ({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });

export const finished = (input: RunAgentInput, extra: object = {}): object => ({
  type: "RUN_FINISHED",
  threadId: input.threadId,
  runId: input.runId,
  ...extra,
});

/** run-1, run-2… (and thread ids from the same counter when the loop needs one). */
export function ids(prefix = "run"): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

export function warnings(): { onWarning: (warning: ThreadlineWarning) => void; readonly codes: string[]; all: ThreadlineWarning[] } {
  const all: ThreadlineWarning[] = [];
  return {
    all,
    onWarning: (warning) => {
      all.push(warning);
    },
    get codes() {
      return all.map((warning) => warning.code);
    },
  };
}

/** Resolves when `predicate` holds, polling; fails after `ms`. */
export async function until(predicate: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Text of the assistant message `id` in a thread's AG-UI projection. */
export function textOf(messages: readonly { id: string; content?: unknown }[], id: string): unknown {
  return messages.find((m) => m.id === id)?.content;
}
