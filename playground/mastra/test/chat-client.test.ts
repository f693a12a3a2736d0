// The whole client against a real agent framework: ChatClient over HttpAgent, talking to the
// Mastra server. Client tools run here, their results go back, and the agent is continued.
import {
  AgentRunError,
  ChatClient,
  defineTool,
  HttpAgent,
  type ClientTool,
  type ThreadlineError,
  type ToolExecuteContext,
} from "@threadline/core";
import { describe, expect, test } from "vitest";
import { SCRIPTED_FAILURE } from "../src/model-script.js";
import type { MastraRunReport } from "../src/server.js";
import { newThreadId, useMastraServer, withStableIds } from "./support/mastra.js";

const reports: MastraRunReport[] = [];
const server = useMastraServer({ onRunEnd: (report) => reports.push(report) });

const weatherParameters = {
  type: "object",
  properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
  required: ["city"],
} as const;

interface WeatherArgs {
  city: string;
  unit?: string;
}

/** Errors the chats reported through `onError` (by default they would go to the console). */
const reported: ThreadlineError[] = [];

function chatWith(tools: readonly ClientTool[] = []): ChatClient {
  return new ChatClient({
    agent: new HttpAgent({ url: server().url }),
    threadId: newThreadId(),
    tools,
    presence: false,
    onError: (error) => reported.push(error),
  });
}

const runsOn = (chat: ChatClient) => reports.filter((report) => report.threadId === chat.threadId);

test("a text-only turn", async () => {
  const chat = chatWith();
  expect(await chat.sendMessage("good morning")).toEqual({ status: "idle" });

  expect(chat.status.value).toBe("idle");
  expect(chat.error.value).toBeUndefined();
  expect(chat.thread.toMessages().map((m) => [m.role, m.content])).toEqual([
    ["user", "good morning"],
    ["assistant", "You said: good morning"],
  ]);
  expect(runsOn(chat)).toHaveLength(1);
  chat.dispose();
});

describe("a client tool", () => {
  test("runs when the agent calls it; the client continues once and the agent answers with the result", async () => {
    const calls: { args: WeatherArgs; context: ToolExecuteContext }[] = [];
    const weather = defineTool<WeatherArgs>({
      name: "get_weather",
      description: "Reads the weather where the user is.",
      parameters: weatherParameters,
      execute: (args, context) => {
        calls.push({ args, context });
        return { sky: "sunny", celsius: 19 };
      },
    });
    const chat = chatWith([weather]);
    expect(await chat.sendMessage("What is the weather in Lyon?")).toEqual({ status: "idle" });

    expect(calls.map(({ args, context }) => [args, context.toolCallId, context.toolName])).toEqual([
      [{ city: "Lyon", unit: "celsius" }, "weather-1", "get_weather"],
    ]);
    const call = chat.thread.toolCall("weather-1");
    expect(call?.status.value).toBe("succeeded");
    expect(call?.args.value).toEqual({ city: "Lyon", unit: "celsius" });
    expect(JSON.parse(String(call?.result.value?.content.value))).toEqual({ sky: "sunny", celsius: 19 });
    // Mastra's own tool ran on the server: its result came in the stream, the client left it alone.
    expect(chat.thread.toolCall("city-1")?.status.value).toBe("succeeded");
    expect(chat.toolFor("city-1")).toBeUndefined();

    // Two runs: the user's, and one continuation carrying the tool result.
    expect(runsOn(chat).map((report) => report.end)).toEqual(["finished", "finished"]);
    // The result is placed beside its call (after the call's message and the tool messages already
    // there), where AG-UI puts a TOOL_CALL_RESULT; Mastra takes the thread in that order.
    const messages = withStableIds(chat.thread.toMessages());
    expect(messages.map((m) => (m.role === "tool" ? m.toolCallId : m.role))).toEqual([
      "user",
      "assistant",
      "city-1",
      "assistant",
      "weather-1",
      "assistant",
    ]);
    expect(messages[4]?.content).toBe('{"sky":"sunny","celsius":19}');
    expect(messages[5]).toMatchObject({ role: "assistant", content: "The client says: it is sunny, 19 °C." });
    expect(chat.state.value).toEqual({ city: "Lyon", step: "asking the client" });
    expect(chat.status.value).toBe("idle");
    chat.dispose();
  });

  test("without execute, the call waits for addToolResult, which continues the agent", async () => {
    const chat = chatWith([{ name: "get_weather", parameters: weatherParameters }]);
    expect(await chat.sendMessage("weather in Oslo")).toEqual({ status: "awaiting-input" });
    expect(chat.status.value).toBe("awaiting-input");
    expect(chat.thread.toolCall("weather-1")?.status.value).toBe("complete");

    expect(await chat.addToolResult({ toolCallId: "weather-1", output: "snow, -3 °C" })).toEqual({ status: "idle" });
    expect(chat.thread.toMessages().at(-1)).toMatchObject({ role: "assistant", content: "The client says: snow, -3 °C." });
    expect(runsOn(chat)).toHaveLength(2);
    chat.dispose();
  });

  test("a tool that throws: the failure goes back to the agent, which still answers", async () => {
    const chat = chatWith([
      {
        name: "get_weather",
        parameters: weatherParameters,
        execute: () => {
          throw new Error("no sensor attached");
        },
      },
    ]);
    const result = await chat.sendMessage("weather in Paris");

    expect(result).toEqual({ status: "idle" });
    const call = chat.thread.toolCall("weather-1");
    expect(call?.status.value).toBe("failed");
    expect(call?.result.value?.error.value).toContain("no sensor attached");
    // The model sees the failure as the tool's content and quotes it.
    expect(chat.thread.toMessages().at(-1)).toMatchObject({
      role: "assistant",
      content: expect.stringMatching(/^The client says: .*no sensor attached\.$/),
    });
    expect(runsOn(chat)).toHaveLength(2);
    chat.dispose();
  });
});

test("regenerate: Mastra answers from the history it stored, so the tool does not run again", async () => {
  let runs = 0;
  const chat = chatWith([{ name: "get_weather", parameters: weatherParameters, execute: () => `hail (${++runs})` }]);
  await chat.sendMessage("weather in Oslo");
  expect(runs).toBe(1);

  // The client sends the thread up to the user message; Mastra adds what it stored after it (the
  // earlier tool calls and results), and the model answers from those.
  expect(await chat.regenerate()).toEqual({ status: "idle" });
  expect(runs).toBe(1);
  expect(chat.thread.toMessages().map((m) => [m.role, m.content])).toEqual([
    ["user", "weather in Oslo"],
    ["assistant", "The client says: hail (1)."],
  ]);
  expect(runsOn(chat)).toHaveLength(3);
  chat.dispose();
});

test("a reasoning turn", async () => {
  const chat = chatWith();
  expect(await chat.sendMessage("think hard")).toEqual({ status: "idle" });
  expect(chat.thread.toMessages().map((m) => [m.role, m.content])).toEqual([
    ["user", "think hard"],
    ["reasoning", "The user wants me to think. Two and two make four."],
    ["assistant", "I thought it over: the answer is 4."],
  ]);
  chat.dispose();
});

test("a model error mid-stream: a typed error, the partial text kept, and the chat goes on", async () => {
  const chat = chatWith();
  const result = await chat.sendMessage("make it fail");

  expect(result.status).toBe("failed");
  const error = result.status === "failed" ? result.error : undefined;
  expect(error).toBeInstanceOf(AgentRunError);
  expect(error?.message).toContain(SCRIPTED_FAILURE);
  expect(chat.status.value).toBe("failed");
  expect(chat.error.value).toBe(error);
  expect(reported).toContain(error);
  expect(chat.thread.toMessages().map((m) => m.content)).toEqual(["make it fail", "Here is a partial answer"]);

  expect(await chat.sendMessage("try again")).toEqual({ status: "idle" });
  expect(chat.error.value).toBeUndefined();
  expect(chat.thread.toMessages().at(-1)?.content).toBe("You said: try again");
  chat.dispose();
});
