// Recording a real conversation (ChatClient ↔ an AG-UI server on 127.0.0.1 through HttpAgent):
// the exported fixture, imported and replayed, reproduces the thread exactly — client tools, the
// client's own writes between runs, a stopped run, a full buffer, attaching mid-run.
import { describe, expect, it } from "vitest";
import {
  createComponentRegistry,
  createThread,
  fromEvents,
  type Thread,
  generativeUi,
} from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { RunLoop } from "../../src/run/index.js";
import { parseFixture, recordEvents, replayEvents, toFixture, type EventRecorder } from "../../src/devtools/index.js";
import { answer, chatFor, gate, runFinished, runStarted, scriptedServer, textMessage, toolCall, until } from "../chat/support.js";

function expectReplays(recorder: EventRecorder, live: Thread): void {
  for (const format of ["ndjson", "json"] as const) {
    const text = toFixture(recorder.events(), format);
    const events = parseFixture(text);
    expect(events).toEqual(JSON.parse(JSON.stringify(recorder.events())));
    const replay = replayEvents(events, recorder.sandbox);
    expect(replay.error).toBeUndefined();
    expect(replay.thread.snapshot()).toEqual(live.snapshot());
  }
}

describe("export → import → replay", () => {
  it("a conversation with a client tool, a state edit and a regenerate replays to the same thread", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), ...textMessage("m1", "Let me look."), { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "lookup", parentMessageId: "m1" });
        await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"q":"ty' }, { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: 'res"}' });
        await send({ type: "TOOL_CALL_END", toolCallId: "tc1" }, { type: "STATE_DELTA", delta: [{ op: "add", path: "/looked", value: true }] }, runFinished(input));
      } else if (index === 1) {
        await send(runStarted(input), ...textMessage("m2", "Found it."), { type: "STATE_SNAPSHOT", snapshot: { ...(input.state as object), done: 1 } }, runFinished(input));
      } else {
        await send(...answer(input, `m${index + 1}`, `answer ${index}`));
      }
    });
    const chat = chatFor(server.url, { state: { count: 0 }, tools: [{ name: "lookup", execute: (args: unknown) => ({ found: args }) }] });
    const recorder = recordEvents(chat);

    await chat.sendMessage("find tyres");
    chat.setState({ count: 5 });
    await chat.sendMessage("again");
    await chat.regenerate();

    expect(server.served).toHaveLength(4);
    expect(chat.thread.toMessages().map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "user", "assistant"]);
    const origins = recorder.entries.filter((entry) => entry.origin !== "agent").map((entry) => entry.event.type);
    // The chat's initial state is a STATE_SNAPSHOT at the first run, the tool's result a
    // TOOL_CALL_RESULT, the edit before run 3 a STATE_SNAPSHOT, and regenerate dropping an answer
    // a MESSAGES_SNAPSHOT.
    expect(origins).toEqual(["STATE_SNAPSHOT", "TOOL_CALL_RESULT", "STATE_SNAPSHOT", "MESSAGES_SNAPSHOT"]);
    expect(recorder.entries[0]!.event).toMatchObject({ type: "RUN_STARTED", input: { messages: [{ role: "user", content: "find tyres" }] } });
    expectReplays(recorder, chat.thread);
    const call = chat.thread.snapshot().toolCalls[0]!;
    expect(call).toMatchObject({ name: "lookup", status: "succeeded", args: { q: "tyres" } });
  });

  it("a failed client tool's result (a tool message with an error) replays with its error", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc1", "broken", { a: 1 }), runFinished(input));
      else await send(...answer(input, "m2", "sorry"));
    });
    const chat = chatFor(server.url, { tools: [{ name: "broken", execute: () => { throw new Error("no disk"); } }] });
    const recorder = recordEvents(chat);
    await chat.sendMessage("try");
    const tool = chat.thread.toMessages().find((m) => m.role === "tool");
    expect(tool).toMatchObject({ error: expect.stringContaining("no disk") });
    expect(recorder.entries.filter((e) => e.origin === "client").map((e) => e.event.type)).toEqual(["TOOL_CALL_RESULT", "MESSAGES_SNAPSHOT"]);
    expectReplays(recorder, chat.thread);
  });

  it("the fixture is a source: fromEvents replays it through a RunLoop to the same messages and state", async () => {
    const server = await scriptedServer(async (input, send) => {
      await send(runStarted(input), ...toolCall("tc1", "render", { title: "Hi" }, undefined), ...textMessage("m1", "done"), runFinished(input));
    });
    const components = createComponentRegistry({ render: { description: "a card" } });
    const chat = chatFor(server.url, { components: generativeUi({ registry: components }) });
    const recorder = recordEvents(chat);
    await chat.sendMessage("show a card");
    const events = parseFixture(toFixture(recorder.events()));

    const loop = new RunLoop({ source: fromEvents(events), thread: createThread({ components: generativeUi({ registry: components }) }) });
    const result = await loop.run();
    expect(result.status).toBe("succeeded");
    expect(loop.thread.toMessages()).toEqual(chat.thread.toMessages());
    expect(loop.thread.state.peek()).toEqual(chat.thread.state.peek());
    expect(loop.thread.snapshot().components).toEqual(chat.thread.snapshot().components);
  });

  it("a run the client stopped ends in the recording with a client RUN_ERROR, and the runs after it replay", async () => {
    const hold = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "half" });
        await hold.promise;
      } else {
        await send(...answer(input, "m2", "whole"));
      }
    });
    const chat = chatFor(server.url);
    const recorder = recordEvents(chat);
    const first = chat.sendMessage("one");
    await until(() => chat.thread.message("m1") !== undefined);
    chat.stop();
    await first;
    hold.open();
    await chat.sendMessage("two");

    const stopped = recorder.entries.find((entry) => entry.event.type === "RUN_ERROR");
    expect(stopped).toMatchObject({ origin: "client", event: { code: "RUN_STOPPED_BY_CLIENT" } });
    const replay = replayEvents(recorder.events(), recorder.sandbox);
    expect(replay.error).toBeUndefined();
    expect(replay.thread.toMessages()).toEqual(chat.thread.toMessages());
    expect(replay.thread.status.peek()).toBe("succeeded");
  });

  it("a bounded buffer folds its oldest runs into a baseline and still replays from the start", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      await send(runStarted(input), ...textMessage(`m${index}`, `answer ${index}`), { type: "STATE_DELTA", delta: [{ op: "add", path: `/r${index}`, value: index }] }, runFinished(input));
    });
    const chat = chatFor(server.url);
    const recorder = recordEvents(chat, { maxEvents: 12 });
    for (let i = 0; i < 6; i++) await chat.sendMessage(`question ${i}`);

    // maxEvents, plus the baseline's state snapshot.
    expect(recorder.entries.length).toBeLessThanOrEqual(13);
    expect(recorder.evicted).toBeGreaterThan(0);
    expect(recorder.entries[1]).toMatchObject({ origin: "recorder", event: { type: "STATE_SNAPSHOT" } });
    expectReplays(recorder, chat.thread);
  });

  it("a run longer than the buffer is cut with a RECORDING_TRUNCATED error; the buffer stays bounded", async () => {
    const server = await scriptedServer(async (input, send) => {
      await send(runStarted(input), { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" });
      for (let i = 0; i < 30; i++) await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: `${i} ` });
      await send({ type: "TEXT_MESSAGE_END", messageId: "m1" }, runFinished(input));
    });
    const chat = chatFor(server.url);
    const recorder = recordEvents(chat, { maxEvents: 10 });
    await chat.sendMessage("long");
    expect(recorder.entries).toHaveLength(10);
    expect(recorder.entries[9]).toMatchObject({ origin: "recorder", event: { type: "RUN_ERROR", code: "RECORDING_TRUNCATED" } });
    // 34 events: RUN_STARTED, START and 7 deltas kept, the 25 after them not.
    expect(recorder.dropped).toBe(25);
    expect(replayEvents(recorder.events()).error).toBeUndefined();
  });

  it("attached in the middle of a run, it records from the next run, which carries the whole history", async () => {
    const hold = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), { type: "STATE_SNAPSHOT", snapshot: { seen: 1 } }, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" });
        await hold.promise;
        await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "first" }, { type: "TEXT_MESSAGE_END", messageId: "m1" }, runFinished(input));
      } else {
        await send(...answer(input, "m2", "second"));
      }
    });
    const chat = chatFor(server.url);
    const first = chat.sendMessage("one");
    await until(() => chat.thread.message("m1") !== undefined);
    const recorder = recordEvents(chat.thread);
    hold.open();
    await first;
    expect(recorder.entries).toHaveLength(0);
    await chat.sendMessage("two");
    expect(recorder.entries[0]!.event).toMatchObject({ type: "RUN_STARTED", input: { messages: [{ role: "user" }, { role: "assistant" }, { role: "user" }] } });
    expectReplays(recorder, chat.thread);
  });

  it("a run that never ended is closed in the recording when the next one starts at once", () => {
    const thread = createThread({ onWarning: () => undefined });
    const recorder = recordEvents(thread);
    // Two runs on fresh pipelines, as a run loop makes them; the first is cut off by the client.
    const first = [{ type: "RUN_STARTED", threadId: "t", runId: "r1" }, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }];
    for (const event of first) foldEvent(thread, event as never);
    thread.fail(new Error("the stream broke"));
    for (const event of [{ type: "RUN_STARTED", threadId: "t", runId: "r2" }, ...textMessage("m2", "again"), { type: "RUN_FINISHED", threadId: "t", runId: "r2" }]) {
      foldEvent(thread, event as never);
    }
    expect(recorder.entries.map((e) => `${e.origin}:${e.event.type}`)).toEqual([
      "agent:RUN_STARTED",
      "agent:TEXT_MESSAGE_START",
      "client:RUN_ERROR",
      "agent:RUN_STARTED",
      "agent:TEXT_MESSAGE_START",
      "agent:TEXT_MESSAGE_CONTENT",
      "agent:TEXT_MESSAGE_END",
      "agent:RUN_FINISHED",
    ]);
    const replay = replayEvents(recorder.events());
    expect(replay.error).toBeUndefined();
    expect(replay.thread.toMessages()).toEqual(thread.toMessages());
  });

  it("records nothing once stopped, and refuses what is not a thread", () => {
    const thread = createThread();
    const recorder = recordEvents(thread);
    const control = recordEvents(thread);
    recorder.stop();
    expect(recorder.recording).toBe(false);
    foldEvent(thread, { type: "RUN_STARTED", threadId: "t", runId: "r" } as never);
    expect(recorder.entries).toHaveLength(0);
    expect(control.entries).toHaveLength(1);
    expect(() => recordEvents({} as never)).toThrow(expect.objectContaining({ code: "INSPECTOR_TARGET_INVALID" }));
    expect(() => recordEvents(thread, { maxEvents: 1 })).toThrow(expect.objectContaining({ code: "INSPECTOR_OPTION_INVALID" }));
  });
});
