// What Mastra (@mastra/core with @ag-ui/mastra) actually puts on the wire, as our transport decodes
// it. These are the differences from our own scripted server that Threadline's core has to handle;
// if a Mastra upgrade changes one of them, this file says which.
import { EventType } from "@threadline/core";
import { describe, expect, test } from "vitest";
import { SCRIPTED_FAILURE } from "../src/model-script.js";
import { newThreadId, ofType, rawEvents, runInput, useMastraServer, userMessage, UUID, weatherTool } from "./support/mastra.js";

const server = useMastraServer();

describe("a text-only turn", () => {
  test("assistant text comes only as TEXT_MESSAGE_CHUNK, under one UUID, never START/CONTENT/END", async () => {
    const threadId = newThreadId();
    const input = runInput({ threadId, messages: [userMessage("hello from the wire test")] });
    const events = await rawEvents(server().url, input);

    expect(events.map((event) => event.type)).toEqual([
      EventType.RUN_STARTED,
      ...Array<string>(6).fill(EventType.TEXT_MESSAGE_CHUNK),
      EventType.RUN_FINISHED,
    ]);
    const chunks = ofType(events, EventType.TEXT_MESSAGE_CHUNK);
    expect(chunks.map((chunk) => chunk.delta).join("")).toBe("You said: hello from the wire test");
    expect(new Set(chunks.map((chunk) => chunk.messageId)).size).toBe(1);
    expect(chunks[0]?.messageId).toMatch(UUID);
    expect(chunks.every((chunk) => chunk.role === "assistant")).toBe(true);
    expect(events[0]).toMatchObject({ threadId, runId: input.runId });
  });

  test("RUN_FINISHED carries token usage and no outcome; no state snapshot while working memory is empty", async () => {
    const events = await rawEvents(server().url, runInput({ threadId: newThreadId(), messages: [userMessage("hi")] }));
    const [finished] = ofType(events, EventType.RUN_FINISHED);
    expect(finished?.outcome).toBeUndefined();
    expect(finished?.usage).toEqual([
      expect.objectContaining({ provider: "threadline-playground", model: "scripted", inputTokens: 12, outputTokens: 6 }),
    ]);
    expect(ofType(events, EventType.STATE_SNAPSHOT)).toEqual([]);
  });

  test("the client's state goes into working memory and comes back as a snapshot at the end of the run", async () => {
    const events = await rawEvents(
      server().url,
      runInput({ threadId: newThreadId(), state: { visitor: "ada", theme: "dark" }, messages: [userMessage("hi")] }),
    );
    expect(events.at(-2)).toEqual({ type: EventType.STATE_SNAPSHOT, snapshot: { visitor: "ada", theme: "dark" } });
  });
});

describe("a turn that calls a frontend tool", () => {
  test("text after a tool result gets a derived id, and the tool call after that text is parented to it", async () => {
    const events = await rawEvents(
      server().url,
      runInput({ threadId: newThreadId(), tools: [weatherTool], messages: [userMessage("What is the weather in Lyon?")] }),
    );
    const chunks = ofType(events, EventType.TEXT_MESSAGE_CHUNK);
    const first = chunks[0]?.messageId ?? "";
    expect(first).toMatch(UUID);
    expect([...new Set(chunks.map((chunk) => chunk.messageId))]).toEqual([first, `${first}-agui-text`]);

    const starts = ofType(events, EventType.TOOL_CALL_START);
    expect(starts).toEqual([
      { type: EventType.TOOL_CALL_START, toolCallId: "city-1", toolCallName: "find_city", parentMessageId: first },
      // The bridge names the first message here; the server re-parents the call to the text it
      // followed, so its card is drawn after that text (src/server.ts).
      { type: EventType.TOOL_CALL_START, toolCallId: "weather-1", toolCallName: "get_weather", parentMessageId: `${first}-agui-text` },
    ]);
  });

  test("server-tool arguments come whole with a TOOL_CALL_RESULT; client-tool arguments come in fragments, unanswered", async () => {
    const events = await rawEvents(
      server().url,
      runInput({ threadId: newThreadId(), tools: [weatherTool], messages: [userMessage("weather in Oslo")] }),
    );
    const argsOf = (id: string) => ofType(events, EventType.TOOL_CALL_ARGS).filter((e) => e.toolCallId === id).map((e) => e.delta);
    expect(argsOf("city-1")).toEqual(['{"name":"Oslo"}']);
    expect(argsOf("weather-1").length).toBeGreaterThan(1);
    expect(JSON.parse(argsOf("weather-1").join(""))).toEqual({ city: "Oslo", unit: "celsius" });

    const results = ofType(events, EventType.TOOL_CALL_RESULT);
    expect(results).toEqual([
      expect.objectContaining({ toolCallId: "city-1", role: "tool", content: '{"name":"Oslo","country":"Norway"}' }),
    ]);
    expect(results[0]?.messageId).toMatch(UUID);
  });

  test("RUN_FINISHED names no pending tool calls: the client must find them in the stream", async () => {
    const events = await rawEvents(
      server().url,
      runInput({ threadId: newThreadId(), tools: [weatherTool], messages: [userMessage("weather in Paris")] }),
    );
    const [finished] = ofType(events, EventType.RUN_FINISHED);
    expect(finished).toBeDefined();
    expect(finished?.outcome).toBeUndefined();
    expect(events.at(-1)).toBe(finished);
  });

  test("Mastra's working-memory tool never shows as a tool call: the bridge turns it into state", async () => {
    const events = await rawEvents(
      server().url,
      runInput({ threadId: newThreadId(), tools: [weatherTool], state: { visitor: "ada" }, messages: [userMessage("weather in Paris")] }),
    );
    expect(ofType(events, EventType.TOOL_CALL_START).map((e) => e.toolCallName)).not.toContain("updateWorkingMemory");
    const snapshots = ofType(events, EventType.STATE_SNAPSHOT).map((e) => e.snapshot);
    // Mid-run: the client's state with the model's update merged in. At the end: working memory as
    // stored, which the model's update replaced whole.
    expect(snapshots).toEqual([
      { visitor: "ada", city: "Paris", step: "asking the client" },
      { city: "Paris", step: "asking the client" },
    ]);
    expect(events.at(-2)?.type).toBe(EventType.STATE_SNAPSHOT);
  });
});

test("reasoning comes as a REASONING_START … REASONING_END span with one reasoning message", async () => {
  const events = await rawEvents(server().url, runInput({ threadId: newThreadId(), messages: [userMessage("think first")] }));
  const types = events.map((event) => event.type);
  expect(types.slice(0, 4)).toEqual([
    EventType.RUN_STARTED,
    EventType.REASONING_START,
    EventType.REASONING_MESSAGE_START,
    EventType.REASONING_MESSAGE_CONTENT,
  ]);
  const end = types.indexOf(EventType.REASONING_END);
  expect(types[end - 1]).toBe(EventType.REASONING_MESSAGE_END);
  expect(types[end + 1]).toBe(EventType.TEXT_MESSAGE_CHUNK);
  const [start] = ofType(events, EventType.REASONING_MESSAGE_START);
  expect(start?.messageId).toMatch(UUID);
  expect(ofType(events, EventType.REASONING_START)[0]?.messageId).toBe(start?.messageId);
});

test("a model failure mid-stream: the text so far, then RUN_ERROR (written by our server: the bridge errors its Observable)", async () => {
  const events = await rawEvents(server().url, runInput({ threadId: newThreadId(), messages: [userMessage("please fail")] }));
  expect(events.map((event) => event.type)).toEqual([
    EventType.RUN_STARTED,
    EventType.TEXT_MESSAGE_CHUNK,
    EventType.TEXT_MESSAGE_CHUNK,
    EventType.RUN_ERROR,
  ]);
  const [error] = ofType(events, EventType.RUN_ERROR);
  expect(error?.message).toContain(SCRIPTED_FAILURE);
});
