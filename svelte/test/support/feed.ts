// An event source the test drives by hand: `push` hands events to the run one await at a time.
export interface Feed extends AsyncIterable<unknown> {
  push(...events: unknown[]): Promise<void>;
  end(): void;
  /** Whether the consumer called `return()` (the run was aborted). */
  readonly closed: boolean;
}

export function createFeed(): Feed {
  const queue: unknown[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  let closed = false;
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return {
    get closed() {
      return closed;
    },
    async push(...events) {
      queue.push(...events);
      wake?.();
      await settle();
    },
    end() {
      ended = true;
      wake?.();
    },
    [Symbol.asyncIterator]() {
      return {
        async next(): Promise<IteratorResult<unknown>> {
          for (;;) {
            if (queue.length > 0) return { done: false, value: queue.shift() };
            if (ended || closed) return { done: true, value: undefined };
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
          }
        },
        async return(): Promise<IteratorResult<unknown>> {
          closed = true;
          wake?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

export const run = {
  started: (runId = "r1", threadId = "t1") => ({ type: "RUN_STARTED", threadId, runId }),
  finished: (runId = "r1", threadId = "t1") => ({ type: "RUN_FINISHED", threadId, runId }),
  textStart: (messageId: string) => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" }),
  text: (messageId: string, delta: string) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta }),
  textEnd: (messageId: string) => ({ type: "TEXT_MESSAGE_END", messageId }),
  toolStart: (toolCallId: string, toolCallName: string, parentMessageId: string) => ({
    type: "TOOL_CALL_START",
    toolCallId,
    toolCallName,
    parentMessageId,
  }),
  toolArgs: (toolCallId: string, delta: string) => ({ type: "TOOL_CALL_ARGS", toolCallId, delta }),
  toolEnd: (toolCallId: string) => ({ type: "TOOL_CALL_END", toolCallId }),
};
