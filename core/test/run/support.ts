// Shared helpers for the run-loop tests: AG-UI runs built from the request's own RunAgentInput,
// deterministic ids, a warning log. The server itself is ../support/agui-server.ts.
import type { RunAgentInput } from "@ag-ui/core";
import type { ThreadlineWarning } from "../../src/index.js";

// Re-exported for the tests (and core/test/chat/support.ts) that import them from here.
export { agentServer, drip, respond, serverPerTest, write } from "../support/agui-server.js";
export type { Exchange, SeenRequest, TestServer } from "../support/agui-server.js";
export { sleep, until } from "../support/wait.js";

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

/** Text of the assistant message `id` in a thread's AG-UI projection. */
export function textOf(messages: readonly { id: string; content?: unknown }[], id: string): unknown {
  return messages.find((m) => m.id === id)?.content;
}
