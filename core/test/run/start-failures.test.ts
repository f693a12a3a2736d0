// A run whose input cannot be prepared (a circular forwardedProps, a createId that throws) is
// refused with a typed error — whether it was asked for directly, started from the queue when the
// previous run ended, or started by detach() — and the runs queued behind it still run.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AgentSource, type RunAgentInput } from "../../src/index.js";
import { CircularValueError } from "../../src/json/index.js";
import { RunLoop, RunLoopInputError, type RunLoopOptions } from "../../src/run/index.js";
import { type EventSink, type RunEnd } from "../../src/transport/index.js";
import { ids, textRun } from "./support.js";

interface ManualRun {
  input: RunAgentInput;
  finish(deltas: string[], messageId: string): void;
}

/** A source whose runs the test ends by hand. */
function manualSource(): { source: AgentSource; runs: ManualRun[] } {
  const runs: ManualRun[] = [];
  const source: AgentSource = {
    run: (input: RunAgentInput, sink: EventSink) =>
      new Promise<RunEnd>((resolve) => {
        runs.push({
          input,
          finish: (deltas, messageId) => {
            for (const event of textRun(input, deltas, messageId)) sink.onEvent(event);
            resolve("completed");
          },
        });
      }),
  };
  return { source, runs };
}

function newLoop(source: AgentSource, options: Partial<RunLoopOptions> = {}): RunLoop {
  return new RunLoop({ source, threadId: "t", createId: ids(), ...options });
}

function circular(): Record<string, unknown> {
  const props: Record<string, unknown> = { label: "loop", nested: { list: [1] } };
  (props.nested as { list: unknown[] }).list.push(props);
  return props;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

// Vitest fails a file on an unhandled rejection too; recording them here makes the test say so.
let unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on("unhandledRejection", record);
});
afterEach(() => {
  process.off("unhandledRejection", record);
});

describe("a run whose input cannot be prepared", () => {
  it("is refused with RunLoopInputError naming the circular path; nothing is sent or changed", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    const before = loop.generation;

    const error = await loop
      .run({ forwardedProps: circular(), messages: [{ id: "u1", role: "user", content: "hi" }] })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RunLoopInputError);
    expect(error).toMatchObject({ code: "INVALID_RUN_INPUT" });
    expect((error as Error).message).toContain("forwardedProps.nested.list[1]");
    expect((error as Error).cause).toBeInstanceOf(CircularValueError);
    expect((error as Error).cause).toMatchObject({ code: "CIRCULAR_VALUE", path: "forwardedProps.nested.list[1]", target: "forwardedProps" });
    expect(runs).toHaveLength(0);
    expect(loop.generation).toBe(before);
    expect(loop.status.value).toBe("idle");
    // The run's messages are appended only once its input is ready.
    expect(loop.thread.messages.value).toHaveLength(0);
  });

  it("queued behind a run, settles with the typed error when its turn comes, and the next queued run runs", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source, { whenRunning: "queue" });
    const first = loop.run();
    const broken = loop.run({ forwardedProps: circular() });
    const third = loop.run({ messages: [{ id: "u3", role: "user", content: "third" }] });
    const brokenSettled = broken.then(
      () => "resolved",
      (e: unknown) => e,
    );

    await flush();
    runs[0]?.finish(["one"], "a1");
    expect((await first).status).toBe("succeeded");

    const error = await brokenSettled;
    expect(error).toBeInstanceOf(RunLoopInputError);
    expect(error).toMatchObject({ code: "INVALID_RUN_INPUT" });

    await flush();
    expect(runs).toHaveLength(2);
    expect(runs[1]?.input.messages.map((m) => m.id)).toEqual(["a1", "u3"]);
    runs[1]?.finish(["three"], "a3");
    expect((await third).status).toBe("succeeded");
    await flush();
    expect(unhandled).toEqual([]);
  });

  it("started by detach(), is refused without detach() throwing", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source, { whenRunning: "queue" });
    const first = loop.run();
    const broken = loop.run({ forwardedProps: circular() }).catch((e: unknown) => e);
    const third = loop.run();
    await flush();

    expect(() => loop.detach()).not.toThrow();

    expect(await first).toMatchObject({ status: "detached" });
    expect(await broken).toBeInstanceOf(RunLoopInputError);
    await flush();
    expect(runs).toHaveLength(2);
    runs[1]?.finish(["three"], "a3");
    expect((await third).status).toBe("succeeded");
    expect(unhandled).toEqual([]);
  });

  it("a createId that throws refuses the run with its error as the cause", async () => {
    const { source, runs } = manualSource();
    const failure = new Error("no ids today");
    const loop = newLoop(source, {
      createId: () => {
        throw failure;
      },
    });

    const error = await loop.run().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RunLoopInputError);
    expect(error).toMatchObject({ code: "INVALID_RUN_INPUT", cause: failure });
    expect((error as Error).message).toContain("no ids today");
    expect(runs).toHaveLength(0);
    expect(loop.thread.threadId.value).toBe("t");
  });
});
