// AG-UI 1.0 fields in the Vue binding: token usage (and, as they land, outcomes, subagents,
// capabilities), rendered by a real component over a real ChatClient.
import { flushPromises, mount, type VueWrapper } from "@vue/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { subagentLanes, type Middleware } from "@threadline/core";
import { customInterrupts } from "@threadline/core/pipeline";
import RunReport from "./RunReport.vue";
import { runStarted } from "./support/events.js";
import { ids, queuedAgent, type ScriptedAgent } from "./support/sources.js";

const mounted: VueWrapper[] = [];
afterEach(() => {
  for (const wrapper of mounted.splice(0)) wrapper.unmount();
});

/** `tools` are registered without `execute`: the user answers them. */
function open(agent: ScriptedAgent, tools: string[] = [], middleware: Middleware[] = []) {
  const declared = tools.map((name) => ({ name, description: name, parameters: { type: "object", properties: {} } }));
  const wrapper = mount(RunReport, {
    props: { options: { agent, threadId: "t1", presence: false, createId: ids(), onWarning: () => {}, tools: declared, middleware, subagents: subagentLanes() } },
  });
  mounted.push(wrapper);
  return { wrapper, chat: wrapper.vm.chat };
}

/** Runs one whole turn: RUN_STARTED, then `end` (RUN_FINISHED or RUN_ERROR), then the stream closes. */
async function turn(agent: ScriptedAgent, index: number, send: () => Promise<unknown>, end: (runId: string) => object, between: object[] = []): Promise<string> {
  const settled = send();
  const input = await agent.started(index);
  agent.runs[index]!.push(runStarted(input.threadId, input.runId), ...between, end(input.runId));
  agent.runs[index]!.close();
  await settled;
  await flushPromises();
  return input.runId;
}

describe("token usage", () => {
  test("usage sums the runs, runUsage lists each; both follow RUN_FINISHED and RUN_ERROR", async () => {
    const agent = queuedAgent();
    const { wrapper, chat } = open(agent);
    expect(wrapper.get('[data-testid="usage"]').text()).toBe("0 in · 0 out · 0 total");

    const r1 = await turn(agent, 0, () => chat.sendMessage("Hi"), (runId) => ({
      type: "RUN_FINISHED",
      threadId: "t1",
      runId,
      usage: [{ provider: "openai", model: "gpt-x", inputTokens: 12, outputTokens: 3, totalTokens: 15 }],
    }));
    expect(wrapper.get('[data-testid="usage"]').text()).toBe("12 in · 3 out · 15 total");

    const r2 = await turn(agent, 1, () => chat.sendMessage("Again"), () => ({
      type: "RUN_ERROR",
      message: "overloaded",
      usage: [{ model: "gpt-x", inputTokens: 20, totalTokens: 20 }],
    }));
    expect(wrapper.get('[data-testid="usage"]').text()).toBe("32 in · 3 out · 35 total");
    expect(wrapper.findAll('[data-testid="run-usage"]').map((li) => li.text())).toEqual([`${r1}: 15 (gpt-x)`, `${r2}: 20 (gpt-x)`]);
    expect(chat.runUsage.value.map((run) => run.endedBy)).toEqual(["RUN_FINISHED", "RUN_ERROR"]);
  });

  test("clear() empties both", async () => {
    const agent = queuedAgent();
    const { wrapper, chat } = open(agent);
    await turn(agent, 0, () => chat.sendMessage("Hi"), (runId) => ({ type: "RUN_FINISHED", threadId: "t1", runId, usage: [{ inputTokens: 4 }] }));
    chat.clear();
    await flushPromises();
    expect(wrapper.get('[data-testid="usage"]').text()).toBe("0 in · 0 out · 0 total");
    expect(wrapper.findAll('[data-testid="run-usage"]')).toEqual([]);
  });
});

describe("outcomes in words", () => {
  test("statusNote: the agent's cancelled outcome, then a success that left a tool call waiting", async () => {
    const agent = queuedAgent();
    const { wrapper, chat } = open(agent, ["book_flight"]);
    const note = () => wrapper.get('[data-testid="status-note"]').text();

    await turn(agent, 0, () => chat.sendMessage("Hi"), (runId) => ({ type: "RUN_FINISHED", threadId: "t1", runId, outcome: { type: "cancelled" } }));
    expect(note()).toBe("The agent cancelled this answer.");

    const second = chat.sendMessage("Book it");
    const input = await agent.started(1);
    agent.runs[1]!.push(runStarted(input.threadId, input.runId));
    await flushPromises();
    expect(note()).toBe("");
    agent.runs[1]!.push(
      { type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "book_flight" },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc-1", delta: "{}" },
      { type: "TOOL_CALL_END", toolCallId: "tc-1" },
      { type: "RUN_FINISHED", threadId: "t1", runId: input.runId, outcome: { type: "success", pendingToolCallIds: ["tc-1"] } },
    );
    agent.runs[1]!.close();
    await second;
    await flushPromises();
    expect(note()).toBe("Waiting for the result of book_flight.");
    expect(chat.statusNote.value).toMatchObject({ kind: "pending-tool-calls", toolCalls: [{ id: "tc-1", name: "book_flight" }] });
  });
});

describe("both interrupt signals", () => {
  test("with customInterrupts(), a CUSTOM on_interrupt (sent twice, no outcome) fills pendingInterrupts once", async () => {
    const agent = queuedAgent();
    const { chat } = open(agent, [], [customInterrupts()]);
    await turn(agent, 0, () => chat.sendMessage("Go"), (runId) => ({ type: "RUN_FINISHED", threadId: "t1", runId }), [
      { type: "CUSTOM", name: "on_interrupt", value: { id: "ask-1", message: "Which city?" } },
      { type: "CUSTOM", name: "on_interrupt", value: { id: "ask-1", message: "Which city?" } },
    ]);
    expect(chat.pendingInterrupts.value.map((i) => i.id)).toEqual(["ask-1"]);
    expect(chat.status.value).toBe("awaiting-input");
  });
});

describe("subagents and capabilities", () => {
  test("subagents lists the lanes; useSubagent's refs follow one lane; capabilities arrive from the agent", async () => {
    const agent = Object.assign(queuedAgent(), { getCapabilities: async () => ({ multimodal: { input: { image: true } } }) });
    const { wrapper, chat } = open(agent);
    expect(wrapper.get('[data-testid="capabilities"]').text()).toBe("unknown");
    await flushPromises();
    expect(wrapper.get('[data-testid="capabilities"]').text()).toBe('{"multimodal":{"input":{"image":true}}}');
    const underCall = chat.subagentsOf("tc1");
    await turn(agent, 0, () => chat.sendMessage("Research"), (runId) => ({ type: "RUN_FINISHED", threadId: "t1", runId }), [
      { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "researcher", parentToolCallId: "tc1" },
      { type: "TEXT_MESSAGE_START", messageId: "m-s1", role: "assistant", subagentRunId: "s1" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-s1", delta: "found it", subagentRunId: "s1" },
      { type: "TEXT_MESSAGE_END", messageId: "m-s1", subagentRunId: "s1" },
      { type: "SUBAGENT_FINISHED", subagentRunId: "s1" },
    ]);
    expect(wrapper.findAll('[data-testid="lane"]').map((li) => li.text())).toEqual(["s1: researcher"]);
    expect(underCall.value.map((lane) => lane.id)).toEqual(["s1"]);
    const { useSubagent } = await import("../src/index.js");
    const refs = useSubagent(chat.subagents.value[0]!);
    expect([refs.name.value, refs.status.value, refs.messages.value.map((m) => m.id)]).toEqual(["researcher", "succeeded", ["m-s1"]]);
    refs.dispose();
  });
});
