// Client tools: argument handling (strict-mode undo, input schema, broken JSON), output schema,
// human-in-the-loop results, tools the client does not have, streaming tools, bad definitions.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ChatInputError, defineTool, fromEvents, partialArgsParser, strictModeUndo, type ClientTool, type ToolExecutionError } from "../../src/index.js";
import { undoStrictMode } from "../../src/json/index.js";
import {
  answer,
  chatFor,
  gate,
  manualSource,
  runFinished,
  runStarted,
  scriptedServer,
  sleep,
  toolCall,
  toolResults,
  until,
} from "./support.js";

describe("executing client tools", () => {
  it("undoes strict-mode nulls against the JSON Schema before execute, and validates with inputSchema", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "weather", { city: "Oslo", units: null, note: null, extra: 1 }), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const seen: unknown[] = [];
    const weather = defineTool({
      name: "weather",
      description: "Weather for a city",
      parameters: {
        type: "object",
        properties: { city: { type: "string" }, units: { type: "string", default: "metric" }, note: { type: "string" } },
        required: ["city"],
      },
      inputSchema: z.object({ city: z.string(), units: z.enum(["metric", "imperial"]) }).transform((v) => ({ ...v, city: v.city.toUpperCase() })),
      execute: (args) => {
        seen.push(args);
        return `${args.city} in ${args.units}`;
      },
    });
    const chat = chatFor(server.url, { tools: [weather], toolArguments: strictModeUndo() });

    await chat.sendMessage("weather?");

    expect(seen).toEqual([{ city: "OSLO", units: "metric" }]);
    expect(toolResults(server.inputs[1]!)[0]?.content).toBe("OSLO in metric");
    expect(server.inputs[0]!.tools).toEqual([
      { name: "weather", description: "Weather for a city", parameters: weather.parameters },
    ]);
  });

  it("without toolArguments, execute gets the arguments as the model sent them; a wrong toolArguments is refused", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "weather", { city: "Oslo", units: null }), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const seen: unknown[] = [];
    const parameters = { type: "object", properties: { city: { type: "string" }, units: { type: "string" } }, required: ["city"] };
    const chat = chatFor(server.url, { tools: [{ name: "weather", parameters, execute: (args: unknown) => (seen.push(args), "ok") }] });

    await chat.sendMessage("weather?");

    expect(seen).toEqual([{ city: "Oslo", units: null }]);
    expect(() => chatFor(server.url, { toolArguments: undoStrictMode as never })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION", message: expect.stringContaining("toolArguments") }),
    );
  });

  it("arguments that fail inputSchema become an error result; execute is not called", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "pick", { n: "seven" }), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const execute = vi.fn(() => "never");
    const chat = chatFor(server.url, { tools: [{ name: "pick", inputSchema: z.object({ n: z.number() }), execute }] });

    await chat.sendMessage("pick");

    expect(execute).not.toHaveBeenCalled();
    const [result] = toolResults(server.inputs[1]!);
    expect(result?.error).toMatch(/^Tool 'pick': the arguments do not match its input schema: n: /);
    expect(chat.thread.toolCall("tc")?.status.value).toBe("failed");
  });

  it("an output that fails outputSchema becomes an error result instead of the output", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "count", {}), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, {
      tools: [{ name: "count", outputSchema: z.object({ total: z.number().int() }), execute: () => ({ total: 2.5 }) }],
    });

    expect(await chat.sendMessage("count")).toEqual({ status: "idle" });

    const [result] = toolResults(server.inputs[1]!);
    expect(result?.error).toMatch(/^Tool 'count' returned an output that does not match its output schema: total: /);
    expect(result?.content).toBe(`Error: ${result?.error}`);
  });

  it("an output outputSchema accepts is sent as validated (transforms apply)", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "count", {}), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, {
      tools: [{ name: "count", outputSchema: z.object({ total: z.number() }).strict().transform((o) => ({ ...o, checked: true })), execute: () => ({ total: 3 }) }],
    });
    await chat.sendMessage("count");
    expect(toolResults(server.inputs[1]!)[0]?.content).toBe('{"total":3,"checked":true}');
  });

  it("arguments that are not valid JSON become an error result the agent sees", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "a", undefined, undefined, '{"x": 1,'), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const execute = vi.fn();
    const chat = chatFor(server.url, { tools: [{ name: "a", execute }] });

    await chat.sendMessage("go");

    expect(execute).not.toHaveBeenCalled();
    expect(toolResults(server.inputs[1]!)[0]?.error).toMatch(/^Tool 'a' could not run: the arguments are not valid JSON \(/);
  });

  it("an output JSON cannot hold becomes an error result", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "a", {}), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { tools: [{ name: "a", execute: () => ({ big: 1n }) }] });
    await chat.sendMessage("go");
    expect(toolResults(server.inputs[1]!)[0]?.error).toMatch(/^Tool 'a' returned an output that cannot be sent/);
  });

  it("a server-side tool call (not in the client's set) is left to the agent: no execution, no continuation", async () => {
    const server = await scriptedServer(async (input, send) => {
      await send(runStarted(input), ...toolCall("tc", "search", {}), { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "tc", content: "found" }, runFinished(input));
    });
    const chat = chatFor(server.url, { tools: [{ name: "a", execute: () => "x" }] });
    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    await sleep(20);
    expect(server.served).toHaveLength(1);
  });

  it("a pending call for a tool this client lacks is answered with TOOL_UNAVAILABLE, and the agent continues", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "mystery", {}), runFinished(input, { type: "success", pendingToolCallIds: ["tc"] }));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url);
    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    expect(toolResults(server.inputs[1]!)[0]?.error).toBe("Tool 'mystery' is not available on this client.");
  });
});

describe("tools answered by hand (no execute)", () => {
  it("wait in awaiting-input for addToolResult, which continues the agent", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "ask_user", { question: "Color?" }), runFinished(input));
      else await send(...answer(input, "m2", `you chose ${toolResults(input)[0]?.content}`));
    });
    const chat = chatFor(server.url, { tools: [{ name: "ask_user", description: "Asks the user" }] });

    expect(await chat.sendMessage("go")).toEqual({ status: "awaiting-input" });
    expect(chat.status.value).toBe("awaiting-input");
    expect(chat.thread.toolCall("tc")?.status.value).toBe("complete");

    expect(await chat.addToolResult({ toolCallId: "tc", output: { color: "teal" } })).toEqual({ status: "idle" });
    expect(toolResults(server.inputs[1]!)[0]?.content).toBe('{"color":"teal"}');
  });

  it("addToolResult with an error sends a failure", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "ask_user", {}), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { tools: [{ name: "ask_user" }] });
    await chat.sendMessage("go");
    await chat.addToolResult({ toolCallId: "tc", error: new Error("the user closed the dialog") });
    expect(toolResults(server.inputs[1]!)[0]).toMatchObject({ error: "the user closed the dialog" });
  });

  it("addToolResult during a run is applied when the run ends, not written mid-stream", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source, { tools: [{ name: "ask_user" }] });
    const turn = chat.sendMessage("go");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input), ...toolCall("tc", "ask_user", {}));
    const answered = chat.addToolResult({ toolCallId: "tc", output: "red" });
    expect(chat.thread.messages.value.some((m) => m.role === "tool")).toBe(false);
    run.emit(runFinished(run.input));
    run.end();
    await until(() => runs.length === 2);
    expect(chat.thread.messages.value.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    const next = runs[1]!;
    next.emit(runStarted(next.input), runFinished(next.input));
    next.end();
    expect(await turn).toEqual({ status: "idle" });
    expect(await answered).toEqual({ status: "idle" });
  });

  it("misuse throws a ChatInputError at once", async () => {
    const chat = chatFor(fromEvents([]));
    expect(() => chat.addToolResult({ toolCallId: "nope", output: 1 })).toThrow(ChatInputError);
    expect(() => chat.addToolResult({ toolCallId: "nope", output: 1 })).toThrow(/no tool call 'nope'/);
    expect(() => chat.addToolResult(null as never)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });
});

describe("streaming tools", () => {
  it("run on partial arguments through the throttle while they stream, then once on the final arguments", async () => {
    const { source, runs } = manualSource();
    const calls: { args: unknown; partial: boolean }[] = [];
    const chat = chatFor(source, {
      partialArgs: partialArgsParser({ tools: ["draw"] }),
      tools: [{ name: "draw", streaming: 40, execute: (args, context) => (calls.push({ args, partial: context.partial }), "drawn") }],
    });
    void chat.sendMessage("draw");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input), { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "draw" });
    run.emit({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"shape":"ci' }); // leading edge: at once
    run.emit({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: 'rcle","r' }); // within the window
    run.emit({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: 'adius":1' });
    expect(calls).toEqual([{ args: { shape: "ci" }, partial: true }]);
    await sleep(60); // trailing edge: the latest value
    expect(calls[1]).toEqual({ args: { shape: "circle", radius: 1 }, partial: true });
    run.emit({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: "0}" }, { type: "TOOL_CALL_END", toolCallId: "tc" });
    await sleep(60);
    expect(calls.slice(2)).toEqual([{ args: { shape: "circle", radius: 10 }, partial: false }]);
  });

  it("partial calls are cancelled on stop: nothing fires afterwards", async () => {
    const { source, runs } = manualSource();
    const calls: unknown[] = [];
    const chat = chatFor(source, { partialArgs: partialArgsParser(), tools: [{ name: "draw", streaming: 30, execute: (args) => void calls.push(args) }] });
    void chat.sendMessage("draw");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input), { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "draw" });
    run.emit({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"a":1' }, { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: ',"b":2' });
    expect(calls).toHaveLength(1);
    chat.stop();
    await sleep(60);
    expect(calls).toHaveLength(1);
  });

  it("a failing partial call is a warning; the final call still runs", async () => {
    const { source, runs } = manualSource();
    const codes: string[] = [];
    const chat = chatFor(source, {
      onWarning: (w) => codes.push(w.code),
      partialArgs: partialArgsParser(),
      tools: [{ name: "draw", streaming: true, execute: (_args, context) => { if (context.partial) throw new Error("not yet"); return "final"; } }],
    });
    const turn = chat.sendMessage("draw");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input), ...toolCall("tc", "draw", { a: 1 }), runFinished(run.input));
    run.end();
    await until(() => runs.length === 2);
    expect(codes).toContain("STREAMING_TOOL_FAILED");
    expect(runs[1]!.input.messages.at(-1)).toMatchObject({ role: "tool", content: "final" });
    runs[1]!.emit(runStarted(runs[1]!.input), runFinished(runs[1]!.input));
    runs[1]!.end();
    await turn;
  });
});

describe("tool definitions", () => {
  const bad: [string, unknown, RegExp][] = [
    ["no name", { description: "x" }, /tools\[0\] needs a non-empty string `name`/],
    ["duplicate", [{ name: "a" }, { name: "a" }], /tools\[1\] reuses the name 'a'/],
    ["execute not a function", { name: "a", execute: 1 }, /`execute` must be a function/],
    ["zod 3 as parameters", { name: "a", parameters: z.object({}) }, /zod schema without a JSON Schema export/],
    ["outputSchema not standard", { name: "a", outputSchema: { type: "object" } }, /`outputSchema` must be a Standard Schema/],
    ["bad streaming", { name: "a", streaming: -1 }, /`streaming` must be a boolean or a number/],
  ];
  it.each(bad)("%s → ChatInputError INVALID_TOOL", (_label, tools, message) => {
    const list = (Array.isArray(tools) ? tools : [tools]) as ClientTool[];
    let error: unknown;
    try {
      chatFor(fromEvents([]), { tools: list });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ChatInputError);
    expect(error).toMatchObject({ code: "INVALID_TOOL", message: expect.stringMatching(message) });
  });

  it("a Standard Schema with a JSON Schema export can be the parameters, and validates", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "a", { n: "x" }), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const jsonSchema = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };
    const schema = {
      "~standard": {
        version: 1 as const,
        vendor: "test",
        validate: (value: unknown) =>
          typeof (value as { n?: unknown }).n === "number" ? { value } : { issues: [{ message: "n must be a number", path: ["n"] }] },
        jsonSchema: { input: () => jsonSchema },
      },
    };
    const chat = chatFor(server.url, { tools: [{ name: "a", parameters: schema, execute: () => "ran" }] });
    await chat.sendMessage("go");
    expect(server.inputs[0]!.tools[0]?.parameters).toEqual(jsonSchema);
    expect(toolResults(server.inputs[1]!)[0]?.error).toBe("Tool 'a': the arguments do not match its input schema: n: n must be a number");
    expect((chat.thread.toolCall("tc")?.error.value as ToolExecutionError | undefined)?.code).toBe("TOOL_RESULT_ERROR");
  });

  it("the tool's signal stays unaborted for a call that completes normally", async () => {
    const done = gate<AbortSignal>();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "a", {}), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { tools: [{ name: "a", execute: (_args, context) => (done.open(context.signal), `run ${context.runId}`) }] });
    await chat.sendMessage("go");
    expect((await done.promise).aborted).toBe(false);
    expect(toolResults(server.inputs[1]!)[0]?.content).toBe(`run ${server.inputs[0]!.runId}`);
  });
});
