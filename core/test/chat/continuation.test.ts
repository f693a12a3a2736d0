// The acceptance races of issue 7 (research/tambo-tanstack.md B2.4, Part C #5 #8 #9, Part D):
// client tools, continuation, queueing and stop, against a real AG-UI server over HTTP.
import { describe, expect, it } from "vitest";
import { generativeUi, type AssistantMessageNode, type ToolCallNode, type ToolExecutionError } from "../../src/index.js";
import {
  answer,
  chatFor,
  gate,
  roles,
  runFinished,
  runStarted,
  scriptedServer,
  sleep,
  textMessage,
  toolCall,
  toolResults,
  until,
} from "./support.js";

const call = (chat: ReturnType<typeof chatFor>, id: string): ToolCallNode => {
  const node = chat.thread.toolCall(id);
  if (node === undefined) throw new Error(`no tool call ${id}`);
  return node;
};

describe("continuation after client tools", () => {
  it("two client tools finishing in the same round start exactly one continuation, carrying both results", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), ...textMessage("m1", "Checking both."), ...toolCall("tc-a", "a", { n: 1 }, "m1"), ...toolCall("tc-b", "b", { n: 2 }, "m1"), runFinished(input));
      } else {
        await send(...answer(input, `m${index + 1}`, `got ${toolResults(input).map((r) => r.content).join(",")}`));
      }
    });
    const chat = chatFor(server.url, {
      tools: [
        { name: "a", execute: async () => (await sleep(5), "A") },
        { name: "b", execute: async () => (await sleep(25), "B") },
      ],
    });

    const result = await chat.sendMessage("go");
    await sleep(40); // a second continuation, if any, would have been requested by now

    expect(result).toEqual({ status: "idle" });
    expect(server.served).toHaveLength(2);
    expect(toolResults(server.inputs[1]!).map((r) => [r.toolCallId, r.content])).toEqual([
      ["tc-a", "A"],
      ["tc-b", "B"],
    ]);
    expect(server.inputs[1]!.parentRunId).toBe(server.inputs[0]!.runId);
    expect((chat.thread.message("m2") as AssistantMessageNode).content.value).toBe("got A,B");
    expect(chat.status.value).toBe("idle");
  });

  it("results that land while the run still streams are applied when it ends, and still start one continuation", async () => {
    const hold = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), ...toolCall("tc-a", "a", {}), ...toolCall("tc-b", "b", {}));
        await hold.promise; // both tools finish before RUN_FINISHED
        await send(runFinished(input));
      } else {
        await send(...answer(input, "m2", "done"));
      }
    });
    const executed: string[] = [];
    const chat = chatFor(server.url, {
      tools: ["a", "b"].map((name) => ({ name, execute: () => (executed.push(name), name.toUpperCase()) })),
    });

    const turn = chat.sendMessage("go");
    await until(() => executed.length === 2);
    await sleep(10);
    expect(chat.thread.messages.value.filter((m) => m.role === "tool")).toHaveLength(0); // deferred, not written mid-run
    expect(call(chat, "tc-a").status.value).toBe("running");
    hold.open();

    expect(await turn).toEqual({ status: "idle" });
    await sleep(30);
    expect(server.served).toHaveLength(2);
    expect(toolResults(server.inputs[1]!).map((r) => r.content)).toEqual(["A", "B"]);
    // Each call without a parent got its own assistant message; each result sits right after it.
    expect(roles(chat.thread.toMessages())).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
  });

  it("approving tool B while the continuation for A streams gives three runs in total, none lost", async () => {
    const streamingB = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc-a", "a", {}, "m1"), runFinished(input));
      else if (index === 1) {
        await send(runStarted(input), ...textMessage("m2", "A is done; now B."), ...toolCall("tc-b", "b", {}, "m2"));
        await streamingB.promise; // the user approves B before this run ends
        await send(runFinished(input));
      } else await send(...answer(input, "m3", "all done"));
    });
    const chat = chatFor(server.url, {
      tools: [
        { name: "a", needsApproval: true, execute: () => "A ran" },
        { name: "b", needsApproval: true, execute: () => "B ran" },
      ],
    });

    expect(await chat.sendMessage("go")).toEqual({ status: "awaiting-input" });
    expect(call(chat, "tc-a").status.value).toBe("awaiting-approval");

    const afterA = chat.respondToApproval("tc-a", { approved: true });
    await until(() => chat.thread.toolCall("tc-b")?.status.value === "awaiting-approval");
    expect(chat.status.value).toBe("streaming");
    const afterB = chat.respondToApproval("tc-b", { approved: true }); // during the continuation's stream
    streamingB.open();

    expect(await afterA).toEqual({ status: "idle" });
    expect(await afterB).toEqual({ status: "idle" });
    await sleep(30);
    expect(server.served).toHaveLength(3);
    expect(toolResults(server.inputs[1]!).map((r) => r.content)).toEqual(["A ran"]);
    expect(toolResults(server.inputs[2]!).map((r) => r.content)).toEqual(["A ran", "B ran"]);
    expect(server.inputs[2]!.parentRunId).toBe(server.inputs[1]!.runId);
    expect((chat.thread.message("m3") as AssistantMessageNode).content.value).toBe("all done");
  });

  it("stop during tool execution: no continuation, the late result is not applied, the tool's signal aborts", async () => {
    const server = await scriptedServer(async (input, send) => {
      await send(runStarted(input), ...toolCall("tc-a", "a", {}), runFinished(input));
    });
    const release = gate<string>();
    let signal: AbortSignal | undefined;
    const chat = chatFor(server.url, {
      tools: [{ name: "a", execute: (_args, context) => ((signal = context.signal), release.promise) }],
    });

    const turn = chat.sendMessage("go");
    await until(() => chat.thread.toolCall("tc-a")?.status.value === "running" && server.served[0]?.endedAt !== undefined);
    await sleep(10);
    expect(chat.status.value).toBe("streaming"); // the turn goes on while the tool runs
    chat.stop();
    expect(await turn).toEqual({ status: "cancelled" });
    expect(signal?.aborted).toBe(true);
    release.open("too late");
    await sleep(30);

    expect(server.served).toHaveLength(1);
    expect(chat.thread.messages.value.some((m) => m.role === "tool")).toBe(false);
    expect(call(chat, "tc-a").status.value).toBe("failed");
    expect((call(chat, "tc-a").error.value as ToolExecutionError).code).toBe("TOOL_CANCELLED");
    expect(chat.status.value).toBe("idle");
    expect(chat.isRunning.value).toBe(false);
  });

  it("a bare RUN_FINISHED with no messages settles to idle", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc-a", "a", {}), runFinished(input));
      else await send(runStarted(input), runFinished(input));
    });
    const chat = chatFor(server.url, { tools: [{ name: "a", execute: () => "ok" }] });
    const statuses: string[] = [];
    const stop = chat.status.subscribe((status) => statuses.push(status));

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    stop();

    expect(server.served).toHaveLength(2);
    expect(chat.status.value).toBe("idle");
    expect(chat.isRunning.value).toBe(false);
    expect(statuses[0]).toBe("idle");
    expect(statuses.at(-1)).toBe("idle");
    expect(statuses.slice(1, -1).every((s) => s === "submitted" || s === "streaming")).toBe(true);
  });

  it("a tool that throws sends an error result to the agent, which continues", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc-a", "a", { city: "Oslo" }), runFinished(input));
      else await send(...answer(input, "m2", `sorry: ${toolResults(input)[0]?.error ?? "no error"}`));
    });
    const chat = chatFor(server.url, {
      tools: [{ name: "a", execute: () => { throw new Error("weather service down"); } }],
    });

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });

    const [result] = toolResults(server.inputs[1]!);
    expect(result).toMatchObject({ role: "tool", toolCallId: "tc-a", error: "Tool 'a' failed: weather service down" });
    expect(result?.content).toBe("Error: Tool 'a' failed: weather service down");
    expect(call(chat, "tc-a").status.value).toBe("failed");
    expect((chat.thread.message("m2") as AssistantMessageNode).content.value).toBe("sorry: Tool 'a' failed: weather service down");
    expect(chat.error.value).toBeUndefined();
  });

  it("tools replaced mid-run: the run keeps the tool set it started with; the next run gets the new one", async () => {
    const replaced = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input));
        await replaced.promise;
        await send(...toolCall("tc-a", "a", {}), runFinished(input));
      } else await send(...answer(input, "m2", "ok"));
    });
    const used: string[] = [];
    const chat = chatFor(server.url, {
      tools: [{ name: "a", description: "first", execute: () => (used.push("original"), "from original") }],
    });

    const turn = chat.sendMessage("go");
    await until(() => chat.status.value === "streaming");
    chat.updateOptions({
      tools: [
        { name: "a", description: "second", execute: () => (used.push("replacement"), "from replacement") },
        { name: "c", description: "new" },
      ],
    });
    replaced.open();
    await turn;

    expect(used).toEqual(["original"]);
    expect(server.inputs[0]!.tools.map((t) => [t.name, t.description])).toEqual([["a", "first"]]);
    expect(server.inputs[1]!.tools.map((t) => [t.name, t.description])).toEqual([["a", "second"], ["c", "new"]]);
    expect(toolResults(server.inputs[1]!)[0]?.content).toBe("from original");
    expect(chat.toolFor("tc-a")?.description).toBe("first");
  });

  it.each([
    ["RUN_FINISHED success without pendingToolCallIds", { type: "success" }],
    ["RUN_FINISHED with no outcome (Mastra)", undefined],
    ["RUN_FINISHED naming pendingToolCallIds", { type: "success", pendingToolCallIds: ["tc-a"] }],
  ])("client tools on a stream that ends with %s are executed and continued", async (_label, outcome) => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc-a", "a", { q: 1 }), runFinished(input, outcome));
      else await send(...answer(input, "m2", "thanks"));
    });
    const seen: unknown[] = [];
    const chat = chatFor(server.url, { tools: [{ name: "a", execute: (args) => (seen.push(args), { ok: true }) }] });

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });

    expect(seen).toEqual([{ q: 1 }]);
    expect(server.served).toHaveLength(2);
    expect(toolResults(server.inputs[1]!)[0]).toMatchObject({ toolCallId: "tc-a", content: '{"ok":true}' });
  });

  it("tambo.run.awaiting_input names the calls to answer", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(
          runStarted(input),
          ...toolCall("tc-a", "a", {}),
          { type: "CUSTOM", name: "tambo.run.awaiting_input", value: { pendingToolCalls: [{ toolCallId: "tc-a", toolName: "a", arguments: "{}" }] } },
          runFinished(input),
        );
      } else await send(...answer(input, "m2", "thanks"));
    });
    // A tool without execute: only the named pending call makes the client wait for it.
    const chat = chatFor(server.url, { components: generativeUi(), tools: [{ name: "a" }] });

    expect(await chat.sendMessage("go")).toEqual({ status: "awaiting-input" });
    expect(await chat.addToolResult({ toolCallId: "tc-a", output: "by hand" })).toEqual({ status: "idle" });
    expect(toolResults(server.inputs[1]!)[0]?.content).toBe("by hand");
  });

  it("sendMessage during a continuation is queued: sent after the turn settles, never interleaved", async () => {
    const continuing = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc-a", "a", {}, "m1"), runFinished(input));
      else if (index === 1) {
        await send(runStarted(input), { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "The answer" });
        await continuing.promise;
        await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: " is 42." }, { type: "TEXT_MESSAGE_END", messageId: "m2" }, runFinished(input));
      } else await send(...answer(input, "m3", "You're welcome."));
    });
    const chat = chatFor(server.url, { tools: [{ name: "a", execute: () => "42" }] });

    const first = chat.sendMessage("question");
    await until(() => server.served.length === 2 && chat.thread.message("m2") !== undefined);
    const second = chat.sendMessage({ content: "thanks", id: "u2" });
    await sleep(20);
    expect(chat.thread.message("u2")).toBeUndefined(); // not interleaved into the streaming run
    expect(server.served).toHaveLength(2);
    continuing.open();

    expect(await first).toEqual({ status: "idle" });
    expect(await second).toEqual({ status: "idle" });
    expect(server.served).toHaveLength(3);
    expect(server.served[2]!.startedAt).toBeGreaterThan(server.served[1]!.endedAt ?? Infinity);
    const sent = server.inputs[2]!.messages;
    expect(roles(sent)).toEqual(["user", "assistant", "tool", "assistant", "user"]);
    expect(sent[3]).toMatchObject({ id: "m2", content: "The answer is 42." });
    expect(sent[4]).toMatchObject({ id: "u2", content: "thanks" });
  });

  it("maxSteps bounds automatic continuations, then reports MAX_STEPS_REACHED", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      await send(runStarted(input), ...toolCall(`tc-${index}`, "again", {}), runFinished(input));
    });
    const errors: string[] = [];
    const chat = chatFor(server.url, { maxSteps: 2, tools: [{ name: "again", execute: () => "more" }], onError: (e) => errors.push(e.code) });

    const result = await chat.sendMessage("loop");

    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.error.code).toBe("MAX_STEPS_REACHED");
    expect(server.served).toHaveLength(3); // the first run and two continuations
    expect(chat.status.value).toBe("failed");
    expect(chat.error.value?.code).toBe("MAX_STEPS_REACHED");
    expect(errors).toEqual(["MAX_STEPS_REACHED"]);
    // The last round's result is in the thread; the next message carries it.
    expect(chat.thread.toolCall("tc-2")?.status.value).toBe("succeeded");
  });
});
