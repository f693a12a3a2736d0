import { EventType, type AGUIEvent, type Message, type RunAgentInput } from "@ag-ui/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { makeInput, ofType, runScenario, textOf, user } from "./support/http.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

const first = (runId: string) => makeInput({ runId, messages: [user("u1", "What time is it where I am?")] });

/** The messages a client would send back after running the tool: its assistant turn plus the result. */
function withResult(input: RunAgentInput, events: AGUIEvent[], result: Partial<Message & { error: string }>): Message[] {
  const [call] = ofType(events, EventType.TOOL_CALL_START);
  const args = ofType(events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join("");
  const messageId = call?.parentMessageId ?? "missing";
  return [
    ...input.messages,
    {
      id: messageId,
      role: "assistant",
      content: textOf(events, messageId),
      toolCalls: [{ id: call?.toolCallId ?? "missing", type: "function", function: { name: call?.toolCallName ?? "", arguments: args } }],
    },
    { id: "tool-result-1", role: "tool", toolCallId: call?.toolCallId ?? "missing", content: "", ...result } as Message,
  ];
}

describe("first turn: the agent calls get_local_time and stops", () => {
  test.each([
    ["plain", undefined],
    ["pending", { type: "success", pendingToolCallIds: ["ct-pending-tool-1"] }],
    ["tambo", undefined],
  ])("%s", async (variant, outcome) => {
    const input = first(`ct-${variant}`);
    const events = await runScenario(server.url, "client-tool", input, variant);
    expect(runProblems(events, input)).toEqual([]);
    const [call] = ofType(events, EventType.TOOL_CALL_START);
    expect(call).toMatchObject({ toolCallId: `ct-${variant}-tool-1`, toolCallName: "get_local_time" });
    expect(JSON.parse(ofType(events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join(""))).toEqual({ includeTimeZone: true });
    expect(ofType(events, EventType.TOOL_CALL_RESULT)).toEqual([]);
    expect(ofType(events, EventType.RUN_FINISHED)[0]?.outcome).toEqual(outcome);
    const awaiting = ofType(events, EventType.CUSTOM).filter((e) => e.name === "tambo.run.awaiting_input");
    expect(awaiting.map((e) => e.value)).toEqual(
      variant === "tambo"
        ? [{ pendingToolCalls: [{ toolCallId: "ct-tambo-tool-1", toolName: "get_local_time", arguments: '{"includeTimeZone":true}' }] }]
        : [],
    );
  });
});

test("the next request carrying the tool result continues the conversation and quotes it", async () => {
  const input = first("ct-a");
  const events = await runScenario(server.url, "client-tool", input);
  const next = makeInput({ runId: "ct-b", messages: withResult(input, events, { content: "Tuesday 14:05 (Europe/Lisbon)" }) });
  const reply = await runScenario(server.url, "client-tool", next);
  expect(runProblems(reply, next)).toEqual([]);
  expect(ofType(reply, EventType.TOOL_CALL_START)).toEqual([]);
  expect(textOf(reply, "ct-b-msg-1")).toContain("**Tuesday 14:05 (Europe/Lisbon)**");
});

test("a tool result given as content parts is quoted too", async () => {
  const input = first("ct-c");
  const events = await runScenario(server.url, "client-tool", input);
  const messages = withResult(input, events, { content: [{ type: "text", text: "09:30" }] } as Partial<Message>);
  const reply = await runScenario(server.url, "client-tool", makeInput({ runId: "ct-d", messages }));
  expect(textOf(reply, "ct-d-msg-1")).toContain("**09:30**");
});

test("a failed tool is reported, not quoted", async () => {
  const input = first("ct-e");
  const events = await runScenario(server.url, "client-tool", input);
  const messages = withResult(input, events, { content: "", error: "Permission denied" } as Partial<Message>);
  const reply = await runScenario(server.url, "client-tool", makeInput({ runId: "ct-f", messages }));
  expect(textOf(reply, "ct-f-msg-1")).toMatch(/failed with "Permission denied"/);
});
