// AG-UI events for the tests, and an async event queue the test pushes into (one event per push,
// so every event can be rendered before the next one arrives).

export const runStarted = (threadId: string, runId: string): object => ({ type: "RUN_STARTED", threadId, runId });
export const runFinished = (threadId: string, runId: string): object => ({ type: "RUN_FINISHED", threadId, runId });
export const textStart = (messageId: string): object => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
export const textContent = (messageId: string, delta: string): object => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
export const textEnd = (messageId: string): object => ({ type: "TEXT_MESSAGE_END", messageId });
export const toolStart = (toolCallId: string, toolCallName: string, parentMessageId: string): object => ({
  type: "TOOL_CALL_START",
  toolCallId,
  toolCallName,
  parentMessageId,
});
export const toolArgs = (toolCallId: string, delta: string): object => ({ type: "TOOL_CALL_ARGS", toolCallId, delta });
export const toolEnd = (toolCallId: string): object => ({ type: "TOOL_CALL_END", toolCallId });
export const stateSnapshot = (snapshot: unknown): object => ({ type: "STATE_SNAPSHOT", snapshot });
export const stateDelta = (delta: unknown[]): object => ({ type: "STATE_DELTA", delta });

export interface EventQueue extends AsyncIterable<unknown> {
  push(...events: object[]): void;
  /** Ends the stream (the run then ends as the events say). */
  close(): void;
  /** True once the consumer let go of the stream early (the run was aborted). */
  readonly released: boolean;
}

export function eventQueue(): EventQueue {
  const buffer: unknown[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  let released = false;
  const notify = (): void => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  return {
    push(...events) {
      buffer.push(...events);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    get released() {
      return released;
    },
    [Symbol.asyncIterator]() {
      return {
        async next(): Promise<IteratorResult<unknown>> {
          while (buffer.length === 0 && !closed) await new Promise<void>((resolve) => (wake = resolve));
          if (buffer.length > 0) return { value: buffer.shift(), done: false };
          return { value: undefined, done: true };
        },
        async return(): Promise<IteratorResult<unknown>> {
          released = true;
          closed = true;
          return { value: undefined, done: true };
        },
      };
    },
  };
}
