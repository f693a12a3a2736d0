// The other way in: the Mastra bridge object itself (an @ag-ui/client AbstractAgent), run in this
// process through `fromAgent`, with no HTTP in between.
import { MastraAgent } from "@ag-ui/mastra";
import { fromAgent, type AgentSource } from "@threadline/core";
import { RunLoop } from "@threadline/core/run";
import { SourceFailedError } from "@threadline/core/transport";
import { beforeAll, expect, test } from "vitest";
import { AGENT_ID, createAgent } from "../src/agent.js";
import { SCRIPTED_FAILURE } from "../src/model-script.js";
import { newThreadId, userMessage, weatherTool } from "./support/mastra.js";

let source: AgentSource;
beforeAll(() => {
  const agent = createAgent({ logLevel: "silent" });
  // A bridge per run, as the HTTP server does: the bridge keeps per-run bookkeeping.
  source = {
    run: (input, sink) => fromAgent(new MastraAgent({ agentId: AGENT_ID, agent })).run(input, sink),
  };
});

test("a client tool over two turns, in process", async () => {
  const loop = new RunLoop({ source, threadId: newThreadId(), tools: [weatherTool] });
  const first = await loop.run({ messages: [userMessage("weather in Paris")] });
  expect(first.status === "succeeded" && first.pendingToolCallIds).toEqual(["weather-1"]);
  expect(loop.thread.toolCall("weather-1")?.args.value).toEqual({ city: "Paris", unit: "celsius" });

  await loop.run({ messages: [{ id: "answer-1", role: "tool", toolCallId: "weather-1", content: "rain" }] });
  expect(loop.thread.toolCall("weather-1")?.status.value).toBe("succeeded");
  expect(loop.thread.toMessages().at(-1)).toMatchObject({ role: "assistant", content: "The client says: rain." });
  expect(loop.thread.state.value).toEqual({ city: "Paris", step: "asking the client" });
});

test("a failing model: the bridge errors its Observable without RUN_ERROR, so the run fails with SourceFailedError", async () => {
  const loop = new RunLoop({ source, threadId: newThreadId() });
  const result = await loop.run({ messages: [userMessage("fail please")] });

  expect(result.status).toBe("failed");
  const error = result.status === "failed" ? result.error : undefined;
  expect(error).toBeInstanceOf(SourceFailedError);
  expect(String((error as Error & { cause?: unknown }).cause)).toContain(SCRIPTED_FAILURE);
  expect(loop.thread.toMessages().map((m) => m.content)).toEqual(["fail please", "Here is a partial answer"]);
  expect(loop.thread.messages.value[1]?.role === "assistant" && loop.thread.messages.value[1].streaming.value).toBe(false);
});
