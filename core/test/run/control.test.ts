// Run control: one run at a time (refused or queued, never interleaved), stop, detach, connect,
// generations, dispose, and how every kind of ending maps to status and result.
import { describe, expect, it } from "vitest";
import { fromEvents, type AgentSource, type RunAgentInput } from "../../src/index.js";
import { ProtocolError } from "../../src/pipeline/index.js";
import {
  RunInProgressError,
  RunLoop,
  RunLoopDisposedError,
  type RunLoopOptions,
} from "../../src/run/index.js";
import {
  ConnectNotSupportedError,
  SourceFailedError,
  type EventSink,
  type RunEnd,
} from "../../src/transport/index.js";
import type { AssistantMessageNode } from "../../src/model/types.js";
import { finished, ids, started, textRun, warnings } from "./support.js";

interface ManualRun {
  input: RunAgentInput;
  sink: EventSink;
  resolve(end: RunEnd): void;
  reject(error: unknown): void;
  emit(...events: object[]): void;
}

/** A source whose runs the test drives by hand. */
function manualSource(): { source: AgentSource; runs: ManualRun[]; log: string[] } {
  const runs: ManualRun[] = [];
  const log: string[] = [];
  const open = (kind: string) => (input: RunAgentInput, sink: EventSink) =>
    new Promise<RunEnd>((resolve, reject) => {
      log.push(`${kind} ${input.runId}`);
      runs.push({
        input,
        sink,
        resolve: (end) => {
          log.push(`end ${input.runId}`);
          resolve(end);
        },
        reject,
        emit: (...events) => events.forEach((event) => sink.onEvent(event)),
      });
    });
  return { source: { run: open("run"), connect: open("connect") }, runs, log };
}

function newLoop(source: AgentSource, options: Partial<RunLoopOptions> = {}): RunLoop {
  return new RunLoop({ source, threadId: "t", createId: ids(), ...options });
}

const text = (loop: RunLoop, id = "a1"): string | undefined => (loop.thread.message(id) as AssistantMessageNode | undefined)?.content.value;

/** Lets pending promise callbacks run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("one run at a time", () => {
  it("refuses a second run while one is active, with a typed error and nothing sent", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    const first = loop.run();

    const refused = await loop.run().catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(RunInProgressError);
    expect(refused).toMatchObject({ code: "RUN_IN_PROGRESS", activeRunId: "run-1" });
    expect(runs).toHaveLength(1);
    runs[0]?.emit(...textRun(runs[0].input, ["ok"]));
    runs[0]?.resolve("completed");
    expect((await first).status).toBe("succeeded");
  });

  it("queues runs when asked: each starts after the previous ends, with the thread it left", async () => {
    const { source, runs, log } = manualSource();
    const loop = newLoop(source, { whenRunning: "queue" });
    const first = loop.run({ messages: [{ id: "u1", role: "user", content: "one" }] });
    const second = loop.run({ messages: [{ id: "u2", role: "user", content: "two" }] });
    await flush();
    expect(log).toEqual(["run run-1"]);
    // The queued run's message is not appended before its turn.
    expect(loop.thread.message("u2")).toBeUndefined();

    runs[0]?.emit(...textRun(runs[0].input, ["first"]));
    runs[0]?.resolve("completed");
    expect((await first).status).toBe("succeeded");
    await flush();
    expect(log).toEqual(["run run-1", "end run-1", "run run-2"]);
    expect(runs[1]?.input.messages.map((m) => m.id)).toEqual(["u1", "a1", "u2"]);

    runs[1]?.emit(...textRun(runs[1].input, ["second"], "a2"));
    runs[1]?.resolve("completed");
    expect((await second).status).toBe("succeeded");
  });

  it("whenRunning can be chosen per call", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    void loop.run();
    const queued = loop.run({ whenRunning: "queue" });
    runs[0]?.emit(...textRun(runs[0].input, ["a"]));
    runs[0]?.resolve("completed");
    await flush();
    runs[1]?.emit(...textRun(runs[1].input, ["b"], "a2"));
    runs[1]?.resolve("completed");
    expect((await queued).status).toBe("succeeded");
  });

  it("stop() drops queued runs as skipped, without sending them", async () => {
    const { source, log } = manualSource();
    const loop = newLoop(source, { whenRunning: "queue" });
    const first = loop.run();
    const second = loop.run();

    loop.stop();

    expect(await first).toMatchObject({ status: "cancelled", by: "client" });
    expect(await second).toEqual({ status: "skipped", reason: "stopped" });
    await flush();
    expect(log).toEqual(["run run-1"]);
  });

  it("a hook in onRunFinalized may start the next run (the continuation pattern)", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    let follow: Promise<unknown> | undefined;
    loop.subscribe({
      onRunFinalized: ({ result }) => {
        if (result.status === "succeeded" && result.runId === "run-1") follow = loop.run();
      },
    });
    void loop.run();
    runs[0]?.emit(...textRun(runs[0].input, ["a"]));
    runs[0]?.resolve("completed");
    await flush();

    expect(follow).toBeDefined();
    expect(runs).toHaveLength(2);
    expect(loop.status.value).toBe("submitted");
  });
});

describe("stop, detach, connect", () => {
  it("stop() before the first event cancels without touching the thread", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    const running = loop.run();
    expect(loop.status.value).toBe("submitted");

    loop.stop();

    expect(await running).toMatchObject({ status: "cancelled", by: "client" });
    expect(runs[0]?.sink.signal.aborted).toBe(true);
    expect(loop.thread.status.value).toBe("idle");
    expect(loop.status.value).toBe("idle");
  });

  it("stop() from inside a hook: the event being handled is not folded, nothing after it either", async () => {
    const loop = newLoop(fromEvents(textRun({ threadId: "t", runId: "run-1" } as RunAgentInput, ["keep ", "stop", " lost"])));
    loop.subscribe({ onTextMessageContent: ({ event }) => (event.delta === "stop" ? loop.stop() : undefined) });

    const result = await loop.run();

    expect(result).toMatchObject({ status: "cancelled", by: "client" });
    expect(text(loop)).toBe("keep ");
  });

  it("stop() in a hook also drops the rest of what one raw event expanded into (a chunk)", async () => {
    const input = { threadId: "t", runId: "run-1" } as RunAgentInput;
    const loop = newLoop(fromEvents([started(input), { type: "TEXT_MESSAGE_CHUNK", messageId: "a1", delta: "never" }, finished(input)]));
    const heard: string[] = [];
    loop.subscribe({ onEvent: ({ event }) => void heard.push(event.type), onTextMessageStart: () => loop.stop() });

    expect(await loop.run()).toMatchObject({ status: "cancelled", by: "client" });
    expect(heard).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START"]);
    expect(loop.thread.message("a1")).toBeUndefined();
  });

  it("events a source keeps sending after stop() are dropped, even while the next run streams", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    void loop.run();
    runs[0]?.emit(started(runs[0].input), { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    loop.stop();
    const next = loop.run();
    runs[1]?.emit(started(runs[1].input), { type: "TEXT_MESSAGE_START", messageId: "a2", role: "assistant" });

    // The first source ignores the abort and goes on talking.
    runs[0]?.emit({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "zombie" });
    runs[0]?.resolve("completed");
    runs[1]?.emit({ type: "TEXT_MESSAGE_CONTENT", messageId: "a2", delta: "live" }, { type: "TEXT_MESSAGE_END", messageId: "a2" }, finished(runs[1].input));
    runs[1]?.resolve("completed");

    expect((await next).status).toBe("succeeded");
    expect(text(loop, "a1")).toBe("");
    expect(text(loop, "a2")).toBe("live");
  });

  it("detach() stops folding without aborting; the run ends as detached and the loop is free", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    const running = loop.run();
    runs[0]?.emit(started(runs[0].input), { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "seen" });
    const generation = loop.generation;

    loop.detach();

    expect(await running).toMatchObject({ status: "detached", runId: "run-1" });
    expect(runs[0]?.sink.signal.aborted).toBe(false);
    expect(loop.status.value).toBe("idle");
    expect(loop.generation).toBe(generation + 1);
    runs[0]?.emit({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: " unheard" });
    runs[0]?.reject(new Error("late failure, nobody listening"));
    expect(text(loop)).toBe("seen");
    expect((loop.thread.message("a1") as AssistantMessageNode).streaming.value).toBe(false);
    void loop.run();
    expect(runs).toHaveLength(2);
  });

  it("connect() attaches through the source's connect; without one it is refused", async () => {
    const { source, runs, log } = manualSource();
    const loop = newLoop(source);
    expect(loop.canConnect).toBe(true);
    const attached = loop.connect();
    runs[0]?.emit(...textRun(runs[0].input, ["resumed stream"]));
    runs[0]?.resolve("completed");
    expect(await attached).toMatchObject({ status: "succeeded", mode: "connect" });
    expect(log[0]).toBe("connect run-1");
    expect(text(loop)).toBe("resumed stream");

    const bare = newLoop({ run: source.run });
    expect(bare.canConnect).toBe(false);
    await expect(bare.connect()).rejects.toBeInstanceOf(ConnectNotSupportedError);
    expect(bare.status.value).toBe("idle");
  });

  it("generation moves on at each start, stop and detach; results carry theirs", async () => {
    const loop = newLoop(fromEvents(textRun({ threadId: "t", runId: "run-1" } as RunAgentInput, ["x"])));
    expect(loop.generation).toBe(0);
    const result = await loop.run();
    expect(result).toMatchObject({ generation: 1 });
    loop.stop();
    loop.detach();
    expect(loop.generation).toBe(3);
  });

  it("activeRun names the run in flight", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    expect(loop.activeRun.value).toBeUndefined();
    void loop.run({ tools: [{ name: "t1", description: "", parameters: {} }] });
    expect(loop.activeRun.value).toMatchObject({ runId: "run-1", mode: "run", generation: 1 });
    expect(loop.activeRun.value?.input.tools.map((t) => t.name)).toEqual(["t1"]);
    runs[0]?.resolve("aborted");
    await flush();
    expect(loop.activeRun.value).toBeUndefined();
  });

  it("dispose() cancels the run, skips the queue and refuses later runs", async () => {
    const { source } = manualSource();
    const loop = newLoop(source, { whenRunning: "queue" });
    const first = loop.run();
    const second = loop.run();

    loop.dispose();

    expect(await first).toMatchObject({ status: "cancelled" });
    expect(await second).toEqual({ status: "skipped", reason: "disposed" });
    await expect(loop.run()).rejects.toBeInstanceOf(RunLoopDisposedError);
  });
});

describe("how runs end", () => {
  const input = { threadId: "t", runId: "run-1" } as RunAgentInput;

  it("a cancelled outcome is neither success nor failure", async () => {
    const loop = newLoop(fromEvents([started(input), finished(input, { outcome: { type: "cancelled" } })]));

    const result = await loop.run();

    expect(result).toMatchObject({ status: "cancelled", by: "agent" });
    expect(loop.status.value).toBe("idle");
    expect(loop.error.value).toBeUndefined();
    expect(loop.thread.status.value).toBe("cancelled");
  });

  it("success reports the pending tool calls and the result", async () => {
    const loop = newLoop(
      fromEvents([
        started(input),
        { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "pick_color" },
        { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: "{}" },
        { type: "TOOL_CALL_END", toolCallId: "c1" },
        finished(input, { result: { answer: 42 } }),
      ]),
    );

    const result = await loop.run();

    expect(result).toMatchObject({ status: "succeeded", pendingToolCallIds: ["c1"], result: { answer: 42 } });
  });

  it("a protocol violation fails the run with ProtocolError; the thread keeps what came before", async () => {
    const loop = newLoop(
      fromEvents([started(input), { type: "TEXT_MESSAGE_START", messageId: "a1" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "kept" }, { type: "TOOL_CALL_ARGS", toolCallId: "ghost", delta: "{" }]),
    );

    const result = await loop.run();

    expect(result.status).toBe("failed");
    if (result.status !== "failed") throw new Error("unreachable");
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe("UNKNOWN_TOOL_CALL_ID");
    expect(loop.status.value).toBe("failed");
    expect(loop.error.value).toBe(result.error);
    expect(text(loop)).toBe("kept");
  });

  it("a connection that breaks after RUN_FINISHED does not undo the run (warned)", async () => {
    const log = warnings();
    const source: AgentSource = {
      run: async (runInput, sink) => {
        for (const event of textRun(runInput, ["done"])) sink.onEvent(event);
        throw new Error("socket hang up");
      },
    };
    const loop = newLoop(source, { onWarning: log.onWarning });

    const result = await loop.run();

    expect(result.status).toBe("succeeded");
    expect(log.codes).toEqual(["ERROR_AFTER_RUN_END"]);
  });

  it("a source failing with a plain error fails the run with SourceFailedError; the next run starts clean", async () => {
    let calls = 0;
    const source: AgentSource = {
      run: async (runInput, sink) => {
        if (calls++ === 0) throw new Error("ECONNREFUSED");
        for (const event of textRun(runInput, ["back"])) sink.onEvent(event);
        return "completed";
      },
    };
    const loop = newLoop(source);

    const failed = await loop.run();
    expect(failed).toMatchObject({ status: "failed", error: { code: "SOURCE_FAILED" } });
    if (failed.status === "failed") expect(failed.error).toBeInstanceOf(SourceFailedError);
    expect(loop.status.value).toBe("failed");

    const next = loop.run();
    expect(loop.error.value).toBeUndefined();
    expect((await next).status).toBe("succeeded");
    expect(loop.status.value).toBe("idle");
  });

  it("a source that returns nothing at all is still a run with an end (TRUNCATED_RUN), not a hang", async () => {
    const loop = newLoop({ run: async () => "completed" });

    expect(await loop.run()).toMatchObject({ status: "failed", error: { code: "TRUNCATED_RUN" } });
  });
});

describe("caller mistakes reject, and change nothing", () => {
  it("invalid messages, invalid resume entries", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);

    await expect(loop.run({ messages: [{ id: 1 } as never] })).rejects.toMatchObject({ code: "INVALID_MESSAGES" });
    await expect(loop.run({ resume: [{ interruptId: "x", status: "maybe" } as never] })).rejects.toMatchObject({ code: "INVALID_RESUME" });
    expect(runs).toHaveLength(0);
    expect(loop.generation).toBe(0);
    expect(loop.status.value).toBe("idle");
  });

  it("setMessages / addMessages / setState while a run is active throw RunInProgressError; after, they apply", async () => {
    const { source, runs } = manualSource();
    const loop = newLoop(source);
    loop.addMessages([{ id: "u1", role: "user", content: "one" }]);
    const u1 = loop.thread.message("u1");
    void loop.run();

    expect(() => loop.setMessages([])).toThrow(RunInProgressError);
    expect(() => loop.addMessages([])).toThrow(RunInProgressError);
    expect(() => loop.setState({})).toThrow(RunInProgressError);

    runs[0]?.resolve("aborted");
    await flush();
    loop.setMessages([{ id: "u1", role: "user", content: "one (edited)" }, { id: "u2", role: "user", content: "two" }]);
    loop.setState({ edited: true });
    expect(loop.thread.message("u1")).toBe(u1);
    expect(loop.thread.toMessages()).toEqual([
      { id: "u1", role: "user", content: "one (edited)" },
      { id: "u2", role: "user", content: "two" },
    ]);
    expect(loop.thread.state.value).toEqual({ edited: true });
  });
});
