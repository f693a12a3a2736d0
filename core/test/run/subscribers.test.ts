// Subscribers: typed hooks per event, lifecycle hooks, mutations, stopPropagation, frozen views,
// failures reported without breaking the run — and no thread copy per event per subscriber.
import fc from "fast-check";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  fromEvents,
  type AgentSource,
  type EventType,
  type RunAgentInput,
  type ThreadlineError,
} from "../../src/index.js";
import type { AGUIEventOf } from "../../src/protocol/index.js";
import { RunLoop, SubscriberError, type RunSubscriber } from "../../src/run/index.js";
import { createThread } from "../../src/fold/make-thread.js";
import type { AssistantMessageNode } from "../../src/model/types.js";
import { streamArbitrary } from "../fold/stream-generator.js";
import { ids, textRun, warnings } from "./support.js";

const INPUT = { threadId: "t", runId: "run-1" } as RunAgentInput;

function loopOn(events: object[], options: { subscribers?: RunSubscriber[]; onError?: (e: ThreadlineError) => void } = {}) {
  const log = warnings();
  const thread = createThread({ threadId: "t", messages: [{ id: "u1", role: "user", content: "hi" }] });
  const loop = new RunLoop({ source: fromEvents(events), thread, createId: ids(), onWarning: log.onWarning, ...options });
  return { loop, log, thread };
}

const text = (loop: RunLoop, id = "a1"): string | undefined => (loop.thread.message(id) as AssistantMessageNode | undefined)?.content.value;

describe("subscriber hooks", () => {
  it("are typed by their event", () => {
    const subscriber: RunSubscriber = {
      onTextMessageContent: ({ event }) => {
        expectTypeOf(event.delta).toEqualTypeOf<string>();
      },
      onToolCallStart: ({ event }) => {
        expectTypeOf(event.toolCallName).toEqualTypeOf<string>();
      },
      onRunFinished: ({ event }) => {
        expectTypeOf(event).toEqualTypeOf<AGUIEventOf<EventType.RUN_FINISHED>>();
      },
    };
    expect(subscriber).toBeDefined();
  });

  it("run in order: lifecycle, then onEvent and the event's own hook per event, then finalize", async () => {
    const calls: string[] = [];
    const recorder: RunSubscriber = {
      onRunInitialized: () => void calls.push("initialized"),
      onEvent: ({ event }) => void calls.push(`event:${event.type}`),
      onRunStarted: () => void calls.push("started"),
      onTextMessageContent: ({ event }) => void calls.push(`content:${event.delta}`),
      onRunFinished: () => void calls.push("finished"),
      onRunFailed: () => void calls.push("failed"),
      onRunFinalized: ({ result }) => void calls.push(`finalized:${result.status}`),
    };
    const { loop } = loopOn(textRun(INPUT, ["x"]), { subscribers: [recorder] });

    await loop.run();

    expect(calls).toEqual([
      "initialized",
      "event:RUN_STARTED",
      "started",
      "event:TEXT_MESSAGE_START",
      "event:TEXT_MESSAGE_CONTENT",
      "content:x",
      "event:TEXT_MESSAGE_END",
      "event:RUN_FINISHED",
      "finished",
      "finalized:succeeded",
    ]);
  });

  it("see the thread as it is before the event is folded", async () => {
    const before: (string | undefined)[] = [];
    const { loop } = loopOn(textRun(INPUT, ["a", "b", "c"]), {
      subscribers: [{ onTextMessageContent: ({ thread }) => void before.push((thread.message("a1") as AssistantMessageNode).content.value) }],
    });
    await loop.run();

    expect(before).toEqual(["", "a", "ab"]);
    expect(text(loop)).toBe("abc");
  });

  it("failed runs call onRunError, onRunFailed with the typed error, then onRunFinalized", async () => {
    const calls: string[] = [];
    const { loop } = loopOn([textRun(INPUT, [])[0] as object, { type: "RUN_ERROR", message: "quota exceeded", code: "quota" }], {
      subscribers: [
        {
          onRunError: ({ event }) => void calls.push(`event:${event.message}`),
          onRunFailed: ({ error }) => void calls.push(`failed:${error.code}`),
          onRunFinalized: ({ result }) => void calls.push(`finalized:${result.status}`),
        },
      ],
    });

    const result = await loop.run();

    expect(calls).toEqual(["event:quota exceeded", "failed:AGENT_RUN_ERROR", "finalized:failed"]);
    expect(result).toMatchObject({ status: "failed", error: { code: "AGENT_RUN_ERROR", agentCode: "quota" } });
    expect(loop.status.value).toBe("failed");
  });

  it("apply returned mutations (state, messages) before the fold, and later subscribers see them", async () => {
    const seenByLater: unknown[] = [];
    const { loop } = loopOn(textRun(INPUT, ["x"]), {
      subscribers: [
        {
          onTextMessageStart: ({ state }) => ({ state: { ...(state as object), started: true } }),
          onRunFinished: ({ messages }) => ({ messages: [...messages, { id: "note", role: "system", content: "checked" }] }),
        },
        {
          onTextMessageStart: ({ state }) => void seenByLater.push(state),
          onRunFinished: ({ messages }) => void seenByLater.push(messages.map((m) => m.id)),
        },
      ],
    });

    await loop.run();

    expect(seenByLater).toEqual([{ started: true }, ["u1", "a1", "note"]]);
    expect(loop.thread.state.value).toEqual({ started: true });
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["u1", "a1", "note"]);
    expect(loop.thread.status.value).toBe("succeeded");
  });

  it("a messages mutation keeps the nodes of unchanged messages", async () => {
    const { loop, thread } = loopOn(textRun(INPUT, ["x"]), {
      subscribers: [{ onRunFinished: ({ messages }) => ({ messages: messages.filter((m) => m.role !== "user") }) }],
    });
    const assistantBefore: unknown[] = [];
    loop.subscribe({ onTextMessageEnd: () => void assistantBefore.push(thread.message("a1")) });

    await loop.run();

    expect(thread.toMessages().map((m) => m.id)).toEqual(["a1"]);
    expect(thread.message("a1")).toBe(assistantBefore[0]);
  });

  it("stopPropagation skips the fold of that event and the remaining subscribers", async () => {
    const later: string[] = [];
    const { loop } = loopOn(textRun(INPUT, ["public ", "secret", " end"]), {
      subscribers: [
        { onTextMessageContent: ({ event }) => (event.delta === "secret" ? { stopPropagation: true } : undefined) },
        { onTextMessageContent: ({ event }) => void later.push(event.delta) },
      ],
    });

    await loop.run();

    expect(text(loop)).toBe("public  end");
    expect(later).toEqual(["public ", " end"]);
  });

  it("a hook that throws is reported (onError) and the run goes on", async () => {
    const errors: ThreadlineError[] = [];
    const { loop } = loopOn(textRun(INPUT, ["a", "b"]), {
      onError: (error) => errors.push(error),
      subscribers: [
        {
          onTextMessageContent: ({ event }) => {
            if (event.delta === "a") throw new Error("listener bug");
          },
        },
      ],
    });

    const result = await loop.run();

    expect(result.status).toBe("succeeded");
    expect(text(loop)).toBe("ab");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SubscriberError);
    expect(errors[0]).toMatchObject({ code: "SUBSCRIBER_FAILED", hook: "onTextMessageContent" });
    expect(errors[0]?.message).toContain("listener bug");
  });

  it("a mutation that cannot be copied (a circular state or message) is reported and ignored; the run goes on", async () => {
    const errors: ThreadlineError[] = [];
    const state: Record<string, unknown> = { n: 1 };
    state.self = state;
    const message: Record<string, unknown> = { id: "u1", role: "user", content: "hi" };
    message.metadata = { back: message };
    const { loop } = loopOn(textRun(INPUT, ["a", "b"]), {
      onError: (error) => errors.push(error),
      subscribers: [
        {
          onTextMessageContent: ({ event }) => (event.delta === "a" ? { state } : { messages: [message as never] }),
        },
      ],
    });

    const result = await loop.run();

    expect(result.status).toBe("succeeded");
    expect(text(loop)).toBe("ab");
    expect(loop.thread.state.value).toEqual({});
    expect(loop.thread.messages.value.map((m) => m.id)).toEqual(["u1", "a1"]);
    expect(errors.map((e) => [e.code, (e as SubscriberError).hook])).toEqual([
      ["SUBSCRIBER_FAILED", "onTextMessageContent"],
      ["SUBSCRIBER_FAILED", "onTextMessageContent"],
    ]);
    expect(errors[0]?.message).toContain("state.self");
    expect(errors[1]?.message).toContain("messages[0].metadata.back");
  });

  it("without onError, hook failures become warnings; a promise-returning hook is reported and its result ignored", async () => {
    const { loop, log } = loopOn(textRun(INPUT, ["a"]), {
      subscribers: [
        { onRunStarted: () => { throw new Error("x"); } },
        { onTextMessageStart: (() => Promise.resolve({ state: { never: true } })) as unknown as RunSubscriber["onTextMessageStart"] },
        { onTextMessageEnd: (() => 42) as unknown as RunSubscriber["onTextMessageEnd"] },
      ],
    });

    await loop.run();

    expect(log.codes).toEqual(["SUBSCRIBER_FAILED", "SUBSCRIBER_FAILED", "SUBSCRIBER_FAILED"]);
    expect(log.all[1]?.message).toContain("promise");
    expect(loop.thread.state.value).toEqual({});
  });

  it("get frozen views: the event, the messages and the state cannot be changed in place", async () => {
    const errors: ThreadlineError[] = [];
    const { loop } = loopOn(
      [...textRun(INPUT, ["orig"]).slice(0, 1), { type: "STATE_SNAPSHOT", snapshot: { list: [1] } }, ...textRun(INPUT, ["orig"]).slice(1)],
      {
        onError: (error) => errors.push(error),
        subscribers: [
          {
            onTextMessageContent: (view) => {
              (view.event as { delta: string }).delta = "hacked";
            },
            onTextMessageEnd: (view) => {
              (view.messages as unknown[]).push({ id: "x", role: "user", content: "injected" });
            },
            onRunFinished: (view) => {
              ((view.state as { list: number[] }).list).push(2);
            },
            onRunInitialized: (view) => {
              (view.input.messages as unknown[]).length = 0;
            },
          },
        ],
      },
    );

    await loop.run();

    expect(errors.map((e) => (e as SubscriberError).hook)).toEqual([
      "onRunInitialized",
      "onTextMessageContent",
      "onTextMessageEnd",
      "onRunFinished",
    ]);
    expect(errors.every((e) => e.message.includes("TypeError"))).toBe(true);
    expect(text(loop)).toBe("orig");
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["u1", "a1"]);
    expect(loop.thread.state.value).toEqual({ list: [1] });
  });

  it("onRunInitialized mutations change what is sent", async () => {
    let sent: RunAgentInput | undefined;
    const source: AgentSource = {
      run: (input, sink) => {
        sent = input;
        return fromEvents(textRun(INPUT, ["ok"])).run(input, sink);
      },
    };
    const loop = new RunLoop({
      source,
      threadId: "t",
      createId: ids(),
      subscribers: [
        {
          onRunInitialized: ({ messages }) => ({
            messages: [{ id: "sys", role: "system", content: "be brief" }, ...messages],
            state: { mode: "brief" },
          }),
        },
      ],
    });

    await loop.run({ messages: [{ id: "u1", role: "user", content: "hi" }] });

    expect(sent?.messages.map((m) => m.id)).toEqual(["sys", "u1"]);
    expect(sent?.state).toEqual({ mode: "brief" });
    expect(Object.isFrozen(sent)).toBe(true);
  });

  it("per-run subscribers and subscribe()/unsubscribe", async () => {
    const seen: string[] = [];
    // Each run answers with its own run id: the same run's events twice would be a replay, dropped.
    const source: AgentSource = { run: (input, sink) => fromEvents(textRun(input, ["x"])).run(input, sink) };
    const loop = new RunLoop({ source, createId: ids(), onWarning: () => undefined });
    const off = loop.subscribe({ onRunFinished: () => void seen.push("loop") });
    await loop.run({ subscriber: { onRunFinished: () => void seen.push("once") } });
    off();
    await loop.run({ subscriber: { onRunFinished: () => void seen.push("twice") } });

    expect(seen).toEqual(["loop", "once", "twice"]);
  });
});

describe("the cost of subscribers", () => {
  const longThread = Array.from({ length: 500 }, (_, i) => ({ id: `m${i}`, role: "user" as const, content: `message ${i}` }));
  const deltas = Array.from({ length: 200 }, (_, i) => `t${i} `);

  function countingLoop(subscribers: RunSubscriber[]) {
    const thread = createThread({ threadId: "t", messages: longThread });
    const toMessages = vi.spyOn(thread, "toMessages");
    const loop = new RunLoop({ source: fromEvents(textRun(INPUT, deltas)), thread, createId: ids(), subscribers });
    return { loop, thread, toMessages };
  }

  it("hooks that do not read `messages` never project the thread, whatever the number of subscribers", async () => {
    let hooks = 0;
    const states = new Set<unknown>();
    const subscriber = (): RunSubscriber => ({
      onEvent: () => void hooks++,
      onTextMessageContent: ({ state }) => {
        hooks++;
        states.add(state);
      },
    });
    const { loop, toMessages } = countingLoop([subscriber(), subscriber(), subscriber()]);

    await loop.run();

    expect(hooks).toBe(3 * (deltas.length + 4) + 3 * deltas.length);
    // Never (the run's input is projected straight from the nodes, once per run, not per event).
    expect(toMessages).toHaveBeenCalledTimes(0);
    // The state did not change during the run: one frozen copy served all 600 reads.
    expect(states.size).toBe(1);
    const [state] = states;
    expect(Object.isFrozen(state)).toBe(true);
    expect(state).toEqual(loop.thread.state.peek());
  });

  it("hooks that read `messages` share one projection per event, however many read it", async () => {
    const reader = (): RunSubscriber => ({
      onEvent: ({ messages }) => void messages.length,
      onTextMessageContent: ({ messages }) => void messages.length,
    });
    const { loop, toMessages } = countingLoop([reader(), reader(), reader()]);

    await loop.run();

    const events = deltas.length + 4;
    // Six reads per content event, three per other event: one projection each (the input is
    // projected straight from the nodes).
    expect(toMessages).toHaveBeenCalledTimes(events);
  });
});

describe("the messages view across events", () => {
  const longThread = Array.from({ length: 500 }, (_, i) => ({ id: `m${i}`, role: "user" as const, content: `message ${i}` }));
  const stateRun = (count: number): object[] => [
    { type: "RUN_STARTED", threadId: "t", runId: "run-1" },
    ...Array.from({ length: count }, (_, i) => ({ type: "STATE_DELTA", delta: [{ op: "add", path: `/k${i}`, value: i }] })),
    { type: "STEP_STARTED", stepName: "s" },
    { type: "STEP_FINISHED", stepName: "s" },
    { type: "RUN_FINISHED", threadId: "t", runId: "run-1" },
  ];

  it("is projected again only after the messages changed: events that touch only state reuse one frozen copy", async () => {
    const views = new Set<readonly unknown[]>();
    const reader: RunSubscriber = { onEvent: ({ messages }) => void views.add(messages) };
    const thread = createThread({ threadId: "t", messages: longThread });
    const toMessages = vi.spyOn(thread, "toMessages");
    const loop = new RunLoop({ source: fromEvents(stateRun(200)), thread, createId: ids(), subscribers: [reader, reader, reader] });

    const result = await loop.run();

    expect(result.status).toBe("succeeded");
    // RUN_STARTED's read; the read after RUN_STARTED was folded (it may append the input's
    // messages). Then 200 state deltas, two steps and RUN_FINISHED change no message. (The input
    // is projected straight from the nodes, not through toMessages.)
    expect(toMessages).toHaveBeenCalledTimes(2);
    expect(views.size).toBe(2);
  });

  it("always equals a fresh projection of the thread, on generated streams of every event type", async () => {
    await fc.assert(
      fc.asyncProperty(streamArbitrary, async ({ init, events }) => {
        const mismatches: string[] = [];
        const thread = createThread({ threadId: "t", messages: init.messages, state: init.state, onWarning: () => undefined });
        const check = (where: string, messages: readonly unknown[]) => {
          try {
            expect(messages).toEqual(thread.toMessages());
          } catch {
            mismatches.push(where);
          }
        };
        const reader: RunSubscriber = {
          onEvent: ({ event, messages }) => check(event.type, messages),
          onRunFinalized: ({ messages }) => check("finalized", messages),
        };
        const loop = new RunLoop({ source: fromEvents(events), thread, createId: ids(), subscribers: [reader], onWarning: () => undefined });
        await loop.run();
        expect(mismatches).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("sees a change made in place (a hook's messages mutation keeping every id) at the next event", async () => {
    const seen: string[] = [];
    const editor: RunSubscriber = {
      onStateDelta: ({ event }) => {
        const at = (event.delta[0] as { value: number }).value;
        if (at === 2) return { messages: [{ id: "u1", role: "user", content: "edited" }] };
        return undefined;
      },
    };
    const reader: RunSubscriber = { onEvent: ({ messages }) => void seen.push(String(messages[0]?.content)) };
    const thread = createThread({ threadId: "t", messages: [{ id: "u1", role: "user", content: "hi" }] });
    const loop = new RunLoop({ source: fromEvents(stateRun(4)), thread, createId: ids(), subscribers: [editor, reader] });

    await loop.run();

    // RUN_STARTED, deltas 0-3, two steps, RUN_FINISHED. At delta 2 the reader sees the mutation
    // itself; from delta 3 on, the thread it was written into (same nodes, same list).
    expect(seen).toEqual(["hi", "hi", "hi", "edited", "edited", "edited", "edited", "edited"]);
  });
});

describe("subscriber types", () => {
  it("offer no hook for *_CHUNK events, which subscribers only ever see expanded", () => {
    expectTypeOf<RunSubscriber>().not.toHaveProperty("onTextMessageChunk");
    expectTypeOf<RunSubscriber>().toHaveProperty("onTextMessageContent");
    expectTypeOf<RunSubscriber>().toHaveProperty("onReasoningEncryptedValue");
  });
});
