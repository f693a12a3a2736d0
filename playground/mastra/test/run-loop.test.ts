// Threadline's run loop over HttpAgent against the real Mastra server: every turn is folded into
// the thread, and the folded thread is what is checked.
import { AgentRunError, HttpAgent, type AssistantMessageNode, type MessageNode } from "@threadline/core";
import { type ReasoningMessageNode } from "@threadline/core/model";
import { RunLoop, type RunResult } from "@threadline/core/run";
import { describe, expect, test } from "vitest";
import { SCRIPTED_FAILURE } from "../src/model-script.js";
import { newThreadId, useMastraServer, userMessage, UUID, weatherTool, withStableIds } from "./support/mastra.js";

const server = useMastraServer();

function newLoop(): RunLoop {
  return new RunLoop({ source: new HttpAgent({ url: server().url }), threadId: newThreadId(), tools: [weatherTool] });
}

function assistant(node: MessageNode | undefined): AssistantMessageNode {
  if (node?.role !== "assistant") throw new Error(`expected an assistant message, got ${node?.role}`);
  return node;
}

function pendingOf(result: RunResult): readonly string[] {
  if (result.status !== "succeeded") throw new Error(`expected success, got ${result.status}`);
  return result.pendingToolCallIds;
}

test("a text-only turn folds into one closed assistant message made from chunks", async () => {
  const loop = newLoop();
  const result = await loop.run({ messages: [userMessage("hello Mastra")] });

  expect(pendingOf(result)).toEqual([]);
  expect(loop.status.value).toBe("idle");
  expect(loop.thread.status.value).toBe("succeeded");
  const messages = loop.thread.messages.value;
  expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  const reply = assistant(messages[1]);
  expect(reply.id).toMatch(UUID);
  expect(reply.content.value).toBe("You said: hello Mastra");
  expect(reply.streaming.value).toBe(false);
  expect(reply.parts.value.map((part) => part.type)).toEqual(["text"]);
  expect(result.status === "succeeded" && result.newMessages).toEqual([reply]);
  expect(loop.thread.outcome.value).toEqual({ type: "success", pendingToolCallIds: [] });
});

describe("a client tool over two turns", () => {
  test("turn 1 leaves the client call pending, found in the stream; turn 2 answers with the result", async () => {
    const loop = newLoop();
    loop.setState({ visitor: "ada" });
    const first = await loop.run({ messages: [userMessage("What is the weather in Lyon?")] });

    // Mastra names no pending calls: the loop derives them (the server tool has its result).
    expect(pendingOf(first)).toEqual(["weather-1"]);
    const call = loop.thread.toolCall("weather-1");
    expect(call?.name.value).toBe("get_weather");
    expect(call?.args.value).toEqual({ city: "Lyon", unit: "celsius" });
    expect(call?.status.value).toBe("complete");
    expect(call?.result.value).toBeUndefined();
    const server = loop.thread.toolCall("city-1");
    expect(server?.status.value).toBe("succeeded");
    expect(server?.result.value?.content.value).toBe('{"name":"Lyon","country":"France"}');

    // The first assistant message holds the first text and the server tool's call; the text after
    // that call's result is a message of its own (Mastra's derived id), and the client tool's call
    // that followed it belongs to it (the server re-parents it: src/server.ts).
    const [, intro, toolMessage, more] = loop.thread.messages.value;
    const partsOf = (node: typeof intro) => assistant(node).parts.value.map((part) => (part.type === "tool-call" ? part.toolCall.id : part.type));
    expect(partsOf(intro)).toEqual(["text", "city-1"]);
    expect(toolMessage?.role).toBe("tool");
    expect(more?.id).toBe(`${intro?.id}-agui-text`);
    expect(call?.messageId).toBe(more?.id);
    expect(partsOf(more)).toEqual(["text", "weather-1"]);
    expect(assistant(more).content.value).toBe("Lyon is in France. Asking your device.");
    // The model's working-memory update replaced the memory the client's state was merged into.
    expect(loop.thread.state.value).toEqual({ city: "Lyon", step: "asking the client" });

    // What a client tool does once it has run: answer the call, then continue the agent.
    const answer = { id: "result-weather-1", role: "tool" as const, toolCallId: "weather-1", content: '{"sky":"sunny","celsius":21}' };
    const second = await loop.run({ messages: [answer] });

    expect(pendingOf(second)).toEqual([]);
    expect(call?.status.value).toBe("succeeded");
    expect(call?.result.value?.id).toBe("result-weather-1");
    const reply = assistant(loop.thread.messages.value.at(-1));
    // The model words the reading for people rather than quoting its JSON.
    expect(reply.content.value).toBe("The client says: it is sunny, 21 °C.");
    expect(withStableIds(loop.thread.toMessages())).toEqual([
      { id: "user-#1", role: "user", content: "What is the weather in Lyon?" },
      {
        id: "#2",
        role: "assistant",
        content: "Let me check the weather in Lyon.",
        toolCalls: [{ id: "city-1", type: "function", function: { name: "find_city", arguments: '{"name":"Lyon"}' } }],
      },
      { id: "#3", role: "tool", toolCallId: "city-1", content: '{"name":"Lyon","country":"France"}' },
      {
        id: "#2-agui-text",
        role: "assistant",
        content: "Lyon is in France. Asking your device.",
        toolCalls: [{ id: "weather-1", type: "function", function: { name: "get_weather", arguments: '{"city":"Lyon","unit":"celsius"}' } }],
      },
      { id: "result-weather-1", role: "tool", toolCallId: "weather-1", content: '{"sky":"sunny","celsius":21}' },
      { id: "#4", role: "assistant", content: "The client says: it is sunny, 21 °C." },
    ]);
    expect(loop.thread.state.value).toEqual({ city: "Lyon", step: "asking the client" });
  });

  test("without the tool offered, the agent says so instead of calling it", async () => {
    const loop = new RunLoop({ source: new HttpAgent({ url: server().url }), threadId: newThreadId() });
    const result = await loop.run({ messages: [userMessage("weather in Paris")] });
    expect(pendingOf(result)).toEqual([]);
    expect(assistant(loop.thread.messages.value.at(-1)).content.value).toBe("I have no get_weather tool to call.");
  });
});

test("a reasoning turn folds into a reasoning message, then the answer", async () => {
  const loop = newLoop();
  const result = await loop.run({ messages: [userMessage("think about 2 + 2")] });

  expect(pendingOf(result)).toEqual([]);
  const [, thought, answer] = loop.thread.messages.value;
  expect(thought?.role).toBe("reasoning");
  const reasoning = thought as ReasoningMessageNode;
  expect(reasoning.content.value).toBe("The user wants me to think. Two and two make four.");
  expect(reasoning.streaming.value).toBe(false);
  expect(assistant(answer).content.value).toBe("I thought it over: the answer is 4.");
  expect(loop.thread.messages.value).toHaveLength(3);
});

test("a model error mid-stream fails the run with AgentRunError; the partial text stays and the thread goes on", async () => {
  const loop = newLoop();
  const failed = await loop.run({ messages: [userMessage("please fail now")] });

  expect(failed.status).toBe("failed");
  const error = failed.status === "failed" ? failed.error : undefined;
  expect(error).toBeInstanceOf(AgentRunError);
  expect(error?.code).toBe("AGENT_RUN_ERROR");
  expect(error?.message).toContain(SCRIPTED_FAILURE);
  expect(loop.status.value).toBe("failed");
  expect(loop.error.value).toBe(error);
  expect(loop.thread.status.value).toBe("failed");
  expect(loop.thread.error.value).toBe(error);
  const partial = assistant(loop.thread.messages.value[1]);
  expect(partial.content.value).toBe("Here is a partial answer");
  expect(partial.streaming.value).toBe(false);

  // The same thread carries on: the next turn succeeds and the partial answer is still there.
  const next = await loop.run({ messages: [userMessage("hello again")] });
  expect(pendingOf(next)).toEqual([]);
  expect(loop.status.value).toBe("idle");
  expect(loop.error.value).toBeUndefined();
  expect(loop.thread.toMessages().map((m) => [m.role, m.content])).toEqual([
    ["user", "please fail now"],
    ["assistant", "Here is a partial answer"],
    ["user", "hello again"],
    ["assistant", "You said: hello again"],
  ]);
});

test("over AG-UI protobuf (asked for by name) the fold is the same as over SSE", async () => {
  const turn = async (protobuf: boolean) => {
    const loop = new RunLoop({ source: new HttpAgent({ url: server().url, protobuf }), threadId: newThreadId(), tools: [weatherTool] });
    const result = await loop.run({ messages: [userMessage("weather in Oslo")] });
    return { pending: pendingOf(result), messages: withStableIds(loop.thread.toMessages()), state: loop.thread.state.value };
  };
  const sse = await turn(false);
  expect(await turn(true)).toEqual(sse);
  expect(sse.pending).toEqual(["weather-1"]);
  expect(sse.messages).toHaveLength(4);
});
