// An AgentSource the test drives by hand: each run the client starts becomes a `ScriptedRun`
// whose events the test pushes synchronously, so it can assert between two events.
import type { AgentSource, RunAgentInput } from "@threadline/core";
import type { EventSink, RunEnd } from "@threadline/core/transport";

export interface ScriptedRun {
  readonly input: RunAgentInput;
  readonly aborted: boolean;
  /** Delivers events to the client now (as one network chunk would). */
  push(...events: object[]): void;
  started(): void;
  finished(extra?: object): void;
  /** The transport closes cleanly (after RUN_FINISHED / RUN_ERROR). */
  close(): void;
}

export interface ScriptedAgent extends AgentSource {
  /** The next run the client starts (already started ones first). */
  nextRun(): Promise<ScriptedRun>;
  readonly runs: readonly ScriptedRun[];
}

export function scriptedAgent(): ScriptedAgent {
  const runs: ScriptedRun[] = [];
  const waiting: ((run: ScriptedRun) => void)[] = [];
  let taken = 0;
  return {
    runs,
    run(input: RunAgentInput, sink: EventSink): Promise<RunEnd> {
      return new Promise<RunEnd>((resolve) => {
        const run: ScriptedRun = {
          input,
          get aborted() {
            return sink.signal.aborted;
          },
          push(...events) {
            for (const event of events) if (!sink.signal.aborted) sink.onEvent(event);
          },
          started() {
            run.push({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
          },
          finished(extra = {}) {
            run.push({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, ...extra });
            run.close();
          },
          close() {
            resolve("completed");
          },
        };
        sink.signal.addEventListener("abort", () => resolve("aborted"), { once: true });
        runs.push(run);
        const waiter = waiting.shift();
        if (waiter !== undefined) {
          taken++;
          waiter(run);
        }
      });
    },
    nextRun() {
      if (taken < runs.length) return Promise.resolve(runs[taken++] as ScriptedRun);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

export const text = {
  start: (messageId: string) => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" }),
  delta: (messageId: string, delta: string) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta }),
  end: (messageId: string) => ({ type: "TEXT_MESSAGE_END", messageId }),
};

export const tool = {
  start: (toolCallId: string, toolCallName: string, parentMessageId: string) => ({
    type: "TOOL_CALL_START",
    toolCallId,
    toolCallName,
    parentMessageId,
  }),
  args: (toolCallId: string, delta: string) => ({ type: "TOOL_CALL_ARGS", toolCallId, delta }),
  end: (toolCallId: string) => ({ type: "TOOL_CALL_END", toolCallId }),
};
