// Code reacting to a run's end (an effect on the thread's or the loop's signals, a subscriber's
// mutation applied at onRunFinalized) may throw. That throw is reported through onError; it never
// becomes an unhandled rejection, never leaves run() unsettled, and never stalls the queue.
import { effect } from "@preact/signals-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromEvents, type AgentSource, type RunAgentInput, type ThreadlineError } from "../../src/index.js";
import { RunLoop, RunSettleError, type RunLoopOptions, type RunResult } from "../../src/run/index.js";
import { SourceFailedError } from "../../src/transport/index.js";
import { ids, sleep, textRun } from "./support.js";

/** Runs succeed, except those whose forwardedProps say `fail`: their source rejects. */
const source: AgentSource = {
  run: (input: RunAgentInput, sink) => {
    if ((input.forwardedProps as { fail?: boolean }).fail === true) return Promise.reject(new Error("agent down"));
    return fromEvents(textRun(input, ["ok"], `a-${input.runId}`)).run(input, sink);
  },
};

function newLoop(options: Partial<RunLoopOptions> = {}): { loop: RunLoop; errors: ThreadlineError[] } {
  const errors: ThreadlineError[] = [];
  const loop = new RunLoop({ source, threadId: "t", createId: ids(), whenRunning: "queue", onError: (e) => errors.push(e), ...options });
  return { loop, errors };
}

/** The result, or "hung" when the promise has not settled in time. */
const settled = (promise: Promise<RunResult>): Promise<RunResult | "hung"> => Promise.race([promise, sleep(1000).then(() => "hung" as const)]);

let unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
let stops: (() => void)[] = [];
beforeEach(() => {
  unhandled = [];
  process.on("unhandledRejection", record);
});
afterEach(() => {
  process.off("unhandledRejection", record);
  for (const stop of stops.splice(0)) stop();
});

describe("a throw while a run ends", () => {
  it("from an effect on the thread's status as the run fails: reported, the run settles as failed, the next run runs", async () => {
    const { loop, errors } = newLoop();
    const bug = new Error("effect bug");
    stops.push(
      effect(() => {
        if (loop.thread.status.value === "failed") throw bug;
      }),
    );

    const failing = loop.run({ forwardedProps: { fail: true } });
    const next = loop.run();

    const failed = await settled(failing);
    expect(failed).toMatchObject({ status: "failed" });
    expect((failed as Extract<RunResult, { status: "failed" }>).error).toBeInstanceOf(SourceFailedError);
    expect(await settled(next)).toMatchObject({ status: "succeeded" });
    expect(loop.status.value).toBe("idle");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RunSettleError);
    expect(errors[0]).toMatchObject({ code: "RUN_SETTLE_FAILED", runId: "run-1", cause: bug });
    expect(errors[0]?.message).toContain("effect bug");
    await sleep(0);
    expect(unhandled).toEqual([]);
  });

  it("from applying an onRunFinalized mutation (an effect on the state throws): reported, the result stands", async () => {
    const { loop, errors } = newLoop({
      subscribers: [{ onRunFinalized: ({ result }) => ("runId" in result && result.runId === "run-1" ? { state: { finalized: true } } : undefined) }],
    });
    stops.push(
      effect(() => {
        if ((loop.thread.state.value as { finalized?: boolean }).finalized === true) throw new Error("state effect bug");
      }),
    );

    const first = loop.run();
    const second = loop.run();

    expect(await settled(first)).toMatchObject({ status: "succeeded", runId: "run-1" } as object);
    expect(await settled(second)).toMatchObject({ status: "succeeded", runId: "run-2" } as object);
    expect(errors.map((e) => e.code)).toEqual(["RUN_SETTLE_FAILED"]);
    expect(errors[0]?.message).toContain("state effect bug");
    await sleep(0);
    expect(unhandled).toEqual([]);
  });

  it("from an effect on the loop's status: reported, the run settles", async () => {
    const { loop, errors } = newLoop();
    stops.push(
      effect(() => {
        if (loop.status.value === "idle" && loop.generation > 0) throw new Error("status effect bug");
      }),
    );

    expect(await settled(loop.run())).toMatchObject({ status: "succeeded" });
    expect(errors.map((e) => e.code)).toEqual(["RUN_SETTLE_FAILED"]);
    await sleep(0);
    expect(unhandled).toEqual([]);
  });

  it("from an effect on the thread's status as stop() cancels the run: stop() does not throw, the run settles, the loop is free", async () => {
    const errors: ThreadlineError[] = [];
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const endless: AgentSource = {
      run: (input, sink) =>
        new Promise(() => {
          sink.onEvent({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
          started();
        }),
    };
    const loop = new RunLoop({ source: endless, threadId: "t", createId: ids(), onError: (e) => errors.push(e) });
    stops.push(
      effect(() => {
        if (loop.thread.status.value === "cancelled") throw new Error("cancel effect bug");
      }),
    );
    const running = loop.run();
    await begun;

    expect(() => loop.stop()).not.toThrow();

    expect(await settled(running)).toMatchObject({ status: "cancelled", by: "client" });
    expect(loop.status.value).toBe("idle");
    expect(loop.activeRun.value).toBeUndefined();
    expect(errors.map((e) => e.code)).toEqual(["RUN_SETTLE_FAILED"]);
    expect(errors[0]?.message).toContain("cancel effect bug");
  });

  it("when onError and onWarning throw too, nothing escapes: the run settles and the queue moves on", async () => {
    const errors: unknown[] = [];
    const { loop } = newLoop({
      onError: () => {
        throw new Error("onError bug");
      },
      onWarning: () => {
        throw new Error("onWarning bug");
      },
    });
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      stops.push(
        effect(() => {
          if (loop.thread.status.value === "failed") throw new Error("effect bug");
        }),
      );
      const failing = loop.run({ forwardedProps: { fail: true } });
      const next = loop.run();

      expect(await settled(failing)).toMatchObject({ status: "failed" });
      expect(await settled(next)).toMatchObject({ status: "succeeded" });
      await sleep(0);
    } finally {
      console.error = original;
    }
    expect(unhandled).toEqual([]);
    // The last resort: the console.
    expect(errors).toHaveLength(1);
  });
});
