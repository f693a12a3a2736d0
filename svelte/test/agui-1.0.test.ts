// AG-UI 1.0 fields in the Svelte binding: token usage (and, as they land, outcomes, subagents,
// capabilities), rendered by a real component over a real ChatClient.
import { render, screen } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { get } from "svelte/store";
import { describe, expect, test } from "vitest";
import RunReport from "./components/RunReport.svelte";
import { subagentLanes, type Middleware } from "@threadline/core";
import { customInterrupts } from "@threadline/core/pipeline";
import type { UseChatReturn as Chat } from "../src/index.js";
import { scriptedAgent, type ScriptedAgent } from "./support/scripted-agent.js";

/** `tools` are registered without `execute`: the user answers them. */
function mount(agent: ScriptedAgent, tools: string[] = [], middleware: Middleware[] = []): Chat {
  let n = 0;
  let chat: Chat | undefined;
  const declared = tools.map((name) => ({ name, description: name, parameters: { type: "object", properties: {} } }));
  render(RunReport, {
    options: { agent, threadId: "t1", presence: false, createId: () => `id-${++n}`, onWarning: () => {}, tools: declared, middleware, subagents: subagentLanes() },
    onchat: (c: Chat) => (chat = c),
  });
  if (chat === undefined) throw new Error("RunReport did not report its chat");
  return chat;
}

describe("token usage", () => {
  test("$usage sums the runs, $runUsage lists each; both follow RUN_FINISHED and RUN_ERROR", async () => {
    const agent = scriptedAgent();
    const chat = mount(agent);
    expect(screen.getByTestId("usage").textContent).toBe("0 in · 0 out · 0 total");

    const first = chat.sendMessage("Hi");
    const run1 = await agent.nextRun();
    run1.started();
    run1.finished({ usage: [{ provider: "openai", model: "gpt-x", inputTokens: 12, outputTokens: 3, totalTokens: 15 }] });
    await first;
    flushSync();
    expect(screen.getByTestId("usage").textContent).toBe("12 in · 3 out · 15 total");

    const second = chat.sendMessage("Again");
    const run2 = await agent.nextRun();
    run2.started();
    run2.push({ type: "RUN_ERROR", message: "overloaded", usage: [{ model: "gpt-x", inputTokens: 20, totalTokens: 20 }] });
    run2.close();
    await second;
    flushSync();
    expect(screen.getByTestId("usage").textContent).toBe("32 in · 3 out · 35 total");
    expect(screen.getAllByTestId("run-usage").map((li) => li.textContent)).toEqual([
      `${run1.input.runId}: 15 (gpt-x)`,
      `${run2.input.runId}: 20 (gpt-x)`,
    ]);
    expect(chat.runUsage.map((run) => run.endedBy)).toEqual(["RUN_FINISHED", "RUN_ERROR"]);
  });

  test("clear() empties both", async () => {
    const agent = scriptedAgent();
    const chat = mount(agent);
    const turn = chat.sendMessage("Hi");
    const run = await agent.nextRun();
    run.started();
    run.finished({ usage: [{ inputTokens: 4 }] });
    await turn;
    chat.clear();
    flushSync();
    expect(screen.getByTestId("usage").textContent).toBe("0 in · 0 out · 0 total");
    expect(screen.queryAllByTestId("run-usage")).toEqual([]);
  });
});

describe("outcomes in words", () => {
  test("$statusNote: the agent's cancelled outcome, then a success that left a tool call waiting", async () => {
    const agent = scriptedAgent();
    const chat = mount(agent, ["book_flight"]);
    const note = () => screen.getByTestId("status-note").textContent;

    const first = chat.sendMessage("Hi");
    const run1 = await agent.nextRun();
    run1.started();
    expect(note()).toBe("");
    run1.finished({ outcome: { type: "cancelled" } });
    await first;
    flushSync();
    expect(note()).toBe("The agent cancelled this answer.");

    const second = chat.sendMessage("Book it");
    const run2 = await agent.nextRun();
    run2.started();
    flushSync();
    expect(note()).toBe("");
    run2.push(
      { type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "book_flight" },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc-1", delta: "{}" },
      { type: "TOOL_CALL_END", toolCallId: "tc-1" },
    );
    run2.finished({ outcome: { type: "success", pendingToolCallIds: ["tc-1"] } });
    await second;
    flushSync();
    expect(note()).toBe("Waiting for the result of book_flight.");
    expect(chat.statusNote).toMatchObject({ kind: "pending-tool-calls", toolCalls: [{ id: "tc-1", name: "book_flight" }] });
  });
});

describe("both interrupt signals", () => {
  test("with customInterrupts(), a CUSTOM on_interrupt (sent twice, no outcome) fills $pendingInterrupts once", async () => {
    const agent = scriptedAgent();
    const chat = mount(agent, [], [customInterrupts()]);
    const turn = chat.sendMessage("Go");
    const run = await agent.nextRun();
    run.started();
    run.push({ type: "CUSTOM", name: "on_interrupt", value: { id: "ask-1", message: "Which city?" } });
    run.push({ type: "CUSTOM", name: "on_interrupt", value: { id: "ask-1", message: "Which city?" } });
    run.finished();
    await turn;
    expect(chat.pendingInterrupts.map((i) => i.id)).toEqual(["ask-1"]);
    expect(chat.status).toBe("awaiting-input");
  });
});

describe("subagents and capabilities", () => {
  test("$subagents lists the lanes; useSubagent's stores follow one lane; $capabilities arrive from the agent", async () => {
    const agent = Object.assign(scriptedAgent(), { getCapabilities: async () => ({ multimodal: { input: { image: true } } }) });
    const chat = mount(agent);
    expect(screen.getByTestId("capabilities").textContent).toBe("unknown");
    await new Promise((resolve) => setTimeout(resolve, 0));
    flushSync();
    expect(screen.getByTestId("capabilities").textContent).toBe('{"multimodal":{"input":{"image":true}}}');
    const underCall = chat.subagentsOf("tc1");
    const turn = chat.sendMessage("Research");
    const run = await agent.nextRun();
    run.started();
    run.push(
      { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "researcher", parentToolCallId: "tc1" },
      { type: "TEXT_MESSAGE_START", messageId: "m-s1", role: "assistant", subagentRunId: "s1" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-s1", delta: "found it", subagentRunId: "s1" },
    );
    flushSync();
    expect(screen.getAllByTestId("lane").map((li) => li.textContent)).toEqual(["s1: researcher running (1)"]);
    run.push({ type: "TEXT_MESSAGE_END", messageId: "m-s1", subagentRunId: "s1" }, { type: "SUBAGENT_FINISHED", subagentRunId: "s1" });
    run.finished();
    await turn;
    expect(get(underCall).map((lane) => lane.id)).toEqual(["s1"]);
    const { useSubagent } = await import("../src/index.js");
    const lane = useSubagent(chat.subagents[0]!);
    expect([lane.name, lane.status, lane.messages.map((m) => m.id), get(lane.stores.status)]).toEqual(["researcher", "succeeded", ["m-s1"], "succeeded"]);
  });
});
