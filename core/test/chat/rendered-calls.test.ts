// Calls to renderable components' tools (no client `execute`): the client answers the ones the
// agent leaves unanswered with { "rendered": true } when the run ends, continues the agent once
// (unless the component says `followUp: false`), waits for the user with `awaitResult`; and
// `tambo.run.awaiting_input`, folded by the thread, leads to exactly one continuation.
import type { RunAgentInput, ToolMessage } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createComponentRegistry, type ComponentDefinition, generativeUi } from "../../src/index.js";
import { answer, chatFor, gate, roles, runFinished, runStarted, scriptedServer, toolCall, toolResults, until } from "./support.js";

const registry = (definition: ComponentDefinition = {}) =>
  createComponentRegistry({ card: { propsSchema: { type: "object", properties: { title: { type: "string" } } }, ...definition } });

const awaitingInput = (...calls: [string, string][]) => ({
  type: "CUSTOM",
  name: "tambo.run.awaiting_input",
  value: { pendingToolCalls: calls.map(([toolCallId, toolName]) => ({ toolCallId, toolName, arguments: "{}" })) },
});

const resultOf = (input: RunAgentInput, toolCallId: string): ToolMessage | undefined => toolResults(input).find((m) => m.toolCallId === toolCallId);

describe("calls that render a component", () => {
  it("unanswered by the agent: answered { rendered: true } when the run ends, then one follow-up run", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc1", "card", { title: "Hi" }, "m1"), runFinished(input));
      else await send(...answer(input, "m2", "Shown."));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry() }) });

    expect(await chat.sendMessage("show")).toEqual({ status: "idle" });

    expect(server.served).toHaveLength(2);
    expect(resultOf(server.inputs[1]!, "tc1")?.content).toBe('{"rendered":true}');
    expect(roles(server.inputs[1]!.messages)).toEqual(["user", "assistant", "tool"]);
    const drawn = chat.thread.component("tc1");
    expect(drawn?.props.value).toEqual({ title: "Hi" });
    expect(drawn?.streaming.value).toBe("complete");
    expect(drawn?.error.value).toBeUndefined();
  });

  it("followUp: false — answered, but the card is the agent's last word: no follow-up run", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc1", "card", { title: "Hi" }, "m1"), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry({ followUp: false }) }) });

    expect(await chat.sendMessage("show")).toEqual({ status: "idle" });
    expect(server.served).toHaveLength(1);
    expect(chat.thread.toolCall("tc1")?.result.value?.content.value).toBe('{"rendered":true}');
  });

  it("answered by the agent itself (TOOL_CALL_RESULT): the client adds nothing and does not continue", async () => {
    const server = await scriptedServer(async (input, send) =>
      send(
        runStarted(input),
        ...toolCall("tc1", "card", { title: "Hi" }, "m1"),
        { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "tc1", content: '{"shown":true}' },
        runFinished(input),
      ),
    );
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry() }) });

    expect(await chat.sendMessage("show")).toEqual({ status: "idle" });
    expect(server.served).toHaveLength(1);
    expect(chat.thread.toMessages().filter((m) => m.role === "tool")).toEqual([expect.objectContaining({ id: "r1", content: '{"shown":true}' })]);
  });

  it("with a client tool in the same round: one continuation carrying both results, never two", async () => {
    const slow = gate<string>();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), ...toolCall("tc1", "card", { title: "Hi" }, "m1"), ...toolCall("tc2", "lookup", { q: 1 }, "m1"), runFinished(input));
      } else await send(...answer(input, `m${index + 1}`, "done"));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry() }), tools: [{ name: "lookup", execute: () => slow.promise }] });

    const turn = chat.sendMessage("go");
    // The card is answered when the first run ends; the round still waits for the client tool.
    await until(() => chat.thread.toolCall("tc1")?.status.value === "succeeded");
    expect(chat.thread.toolCall("tc2")?.status.value).toBe("running");
    expect(server.served).toHaveLength(1);
    slow.open("found");

    expect(await turn).toEqual({ status: "idle" });
    expect(server.served).toHaveLength(2);
    expect(toolResults(server.inputs[1]!).map((m) => [m.toolCallId, m.content])).toEqual([
      ["tc1", '{"rendered":true}'],
      ["tc2", "found"],
    ]);
  });

  it("awaitResult: the call waits for addToolResult (status awaiting-input), then the agent continues", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc1", "card", { title: "Delete?" }, "m1"), runFinished(input));
      else await send(...answer(input, "m2", "Deleted."));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry({ awaitResult: true }) }) });

    expect(await chat.sendMessage("delete it")).toEqual({ status: "awaiting-input" });
    expect(chat.status.value).toBe("awaiting-input");
    expect(chat.thread.toolCall("tc1")?.result.value).toBeUndefined();
    expect(server.served).toHaveLength(1);

    expect(await chat.addToolResult({ toolCallId: "tc1", output: { confirmed: true } })).toEqual({ status: "idle" });
    expect(server.served).toHaveLength(2);
    expect(resultOf(server.inputs[1]!, "tc1")?.content).toBe('{"confirmed":true}');
  });

  it("a rendered call the agent names as pending is answered rendered, not TOOL_UNAVAILABLE", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(
          runStarted(input),
          {
            type: "MESSAGES_SNAPSHOT",
            messages: [
              ...input.messages,
              { id: "m1", role: "assistant", toolCalls: [{ id: "tc1", type: "function", function: { name: "card", arguments: '{"title":"Whole"}' } }] },
            ],
          },
          runFinished(input, { type: "success", pendingToolCallIds: ["tc1"] }),
        );
      } else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry() }) });

    expect(await chat.sendMessage("show")).toEqual({ status: "idle" });
    expect(chat.thread.component("tc1")?.props.value).toEqual({ title: "Whole" });
    expect(resultOf(server.inputs[1]!, "tc1")?.content).toBe('{"rendered":true}');
  });

  it("arguments that are not JSON: the agent is told the component could not render (COMPONENT_ARGS_INVALID)", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc1", "card", undefined, "m1", '{"title": nope'), runFinished(input));
      else await send(...answer(input, "m2", "Sorry."));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry() }), onWarning: () => {} });

    expect(await chat.sendMessage("show")).toEqual({ status: "idle" });
    const sent = resultOf(server.inputs[1]!, "tc1");
    expect(sent?.content).toMatch(/^Error: Component 'card' could not render/);
    expect(chat.thread.toolCall("tc1")?.result.value?.error.value).toMatch(/not valid JSON/);
  });

  it("a run that fails is not answered; the next message answers the call as abandoned", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc1", "card", { title: "Hi" }, "m1"), { type: "RUN_ERROR", message: "model down" });
      else await send(...answer(input, "m2", "Back."));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry() }), onError: () => {} });

    expect((await chat.sendMessage("show")).status).toBe("failed");
    expect(chat.thread.toolCall("tc1")?.result.value).toBeUndefined();
    expect(server.served).toHaveLength(1);

    await chat.sendMessage("again");
    expect(resultOf(server.inputs[1]!, "tc1")?.content).toMatch(/^Error: No result/);
  });
});

describe("tambo.run.awaiting_input, folded by the thread", () => {
  it("two calls named by awaiting_input and by pendingToolCallIds: both run, one continuation", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(
          runStarted(input),
          ...toolCall("tc-a", "a", { n: 1 }, "m1"),
          ...toolCall("tc-b", "b", { n: 2 }, "m1"),
          awaitingInput(["tc-a", "a"], ["tc-b", "b"]),
          runFinished(input, { type: "success", pendingToolCallIds: ["tc-a", "tc-b"] }),
        );
      } else await send(...answer(input, "m2", "Both done."));
    });
    const ran: string[] = [];
    const chat = chatFor(server.url, {
      components: generativeUi(),
      tools: [
        { name: "a", execute: async () => (ran.push("a"), "A") },
        { name: "b", execute: async () => (ran.push("b"), "B") },
      ],
    });
    const seen: unknown[] = [];
    chat.thread.onEvent((event) => {
      if (event.type === "RUN_FINISHED") seen.push(chat.thread.awaitingInput.value?.pendingToolCalls.map((c) => c.toolCallId));
    });

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });

    expect(ran.sort()).toEqual(["a", "b"]);
    expect(server.served).toHaveLength(2);
    expect(toolResults(server.inputs[1]!).map((m) => m.content)).toEqual(["A", "B"]);
    // Set by the first run, cleared by the continuation's RUN_STARTED.
    expect(seen).toEqual([["tc-a", "tc-b"], undefined]);
    expect(chat.thread.awaitingInput.value).toBeUndefined();
  });

  it("a named call to a tool this client lacks is answered TOOL_UNAVAILABLE; a rendered one { rendered: true }", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(
          runStarted(input),
          { type: "MESSAGES_SNAPSHOT", messages: [...input.messages, { id: "m1", role: "assistant", toolCalls: [
            { id: "tc-x", type: "function", function: { name: "unknown_tool", arguments: "{}" } },
            { id: "tc-c", type: "function", function: { name: "card", arguments: '{"title":"T"}' } },
          ] }] },
          awaitingInput(["tc-x", "unknown_tool"], ["tc-c", "card"]),
          runFinished(input),
        );
      } else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: registry() }) });

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    expect(server.served).toHaveLength(2);
    expect(resultOf(server.inputs[1]!, "tc-x")?.content).toMatch(/^Error: Tool 'unknown_tool' is not available/);
    expect(resultOf(server.inputs[1]!, "tc-c")?.content).toBe('{"rendered":true}');
  });

  it("with generativeUi({ tambo: false }) the event is only heard by listeners: the chat continues from RUN_FINISHED alone", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc-a", "a", {}, "m1"), awaitingInput(["tc-a", "a"]), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const heard: string[] = [];
    const chat = chatFor(server.url, { components: generativeUi({ tambo: false }), tools: [{ name: "a", execute: () => "A" }] });
    chat.thread.onCustom("tambo.run.awaiting_input", (event) => heard.push(event.name));

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    expect(heard).toEqual(["tambo.run.awaiting_input"]);
    expect(chat.thread.awaitingInput.value).toBeUndefined();
    // The unanswered client call found in the stream still earns its one continuation.
    expect(server.served).toHaveLength(2);
  });
});
