// Approvals: client tools with needsApproval (approve, reject, predicate), AG-UI interrupts about a
// tool call (resume with { approved, reason }), plain interrupts, and moving on without answering.
import { describe, expect, it } from "vitest";
import type { ResumeEntry } from "@ag-ui/core";
import { ChatInputError, strictModeUndo, type AssistantMessageNode } from "../../src/index.js";
import { answer, chatFor, gate, manualSource, runFinished, runStarted, scriptedServer, sleep, toolCall, toolResults, until } from "./support.js";

describe("client tools with needsApproval", () => {
  it("approve: the call waits in awaiting-approval, then runs and the agent continues", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "delete_file", { path: "a.md" }), runFinished(input));
      else await send(...answer(input, "m2", `result: ${toolResults(input)[0]?.content}`));
    });
    const ran: unknown[] = [];
    const chat = chatFor(server.url, { tools: [{ name: "delete_file", needsApproval: true, execute: (args) => (ran.push(args), "deleted") }] });

    expect(await chat.sendMessage("clean up")).toEqual({ status: "awaiting-input" });
    expect(chat.thread.toolCall("tc")?.status.value).toBe("awaiting-approval");
    expect(chat.status.value).toBe("awaiting-input");
    expect(ran).toEqual([]);

    expect(await chat.respondToApproval("tc", { approved: true })).toEqual({ status: "idle" });
    expect(ran).toEqual([{ path: "a.md" }]);
    expect((chat.thread.message("m2") as AssistantMessageNode).content.value).toBe("result: deleted");
  });

  it("reject: no execution, the agent gets the rejection (with the reason) and continues", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "delete_file", { path: "a.md" }), runFinished(input));
      else await send(...answer(input, "m2", "understood"));
    });
    const ran: unknown[] = [];
    const chat = chatFor(server.url, { tools: [{ name: "delete_file", needsApproval: true, execute: (args) => void ran.push(args) }] });

    await chat.sendMessage("clean up");
    expect(await chat.respondToApproval("tc", { approved: false, reason: "keep it" })).toEqual({ status: "idle" });

    expect(ran).toEqual([]);
    expect(toolResults(server.inputs[1]!)[0]).toMatchObject({ toolCallId: "tc", error: "The user rejected the call to 'delete_file': keep it" });
    expect(chat.thread.toolCall("tc")?.status.value).toBe("failed");
  });

  it("a needsApproval predicate sees the (strict-mode undone) arguments", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), ...toolCall("small", "pay", { amount: 5, memo: null }), ...toolCall("big", "pay", { amount: 500, memo: null }), runFinished(input));
      } else await send(...answer(input, "m2", "ok"));
    });
    const asked: unknown[] = [];
    const chat = chatFor(server.url, {
      tools: [{
        name: "pay",
        parameters: { type: "object", properties: { amount: { type: "number" }, memo: { type: "string" } }, required: ["amount"] },
        needsApproval: (args: { amount: number }) => (asked.push(args), args.amount > 100),
        execute: () => "paid",
      }],
      toolArguments: strictModeUndo(),
    });

    expect(await chat.sendMessage("pay")).toEqual({ status: "awaiting-input" });
    expect(asked).toEqual([{ amount: 5 }, { amount: 500 }]);
    expect(chat.thread.toolCall("small")?.status.value).toBe("succeeded");
    expect(chat.thread.toolCall("big")?.status.value).toBe("awaiting-approval");
    expect(server.served).toHaveLength(1); // the round is not complete: no continuation yet

    await chat.respondToApproval("big", { approved: true });
    expect(server.served).toHaveLength(2);
    expect(toolResults(server.inputs[1]!).map((r) => r.toolCallId)).toEqual(["small", "big"]);
  });

  it("respondToApproval for a call not awaiting approval, or a malformed answer, throws at once", async () => {
    const server = await scriptedServer(async (input, send) => send(runStarted(input), ...toolCall("tc", "a", {}), runFinished(input)));
    const chat = chatFor(server.url, { tools: [{ name: "a", needsApproval: true }] });
    await chat.sendMessage("go");
    expect(() => chat.respondToApproval("other", { approved: true })).toThrow(ChatInputError);
    expect(() => chat.respondToApproval("tc", { approved: "yes" } as never)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(chat.thread.toolCall("tc")?.status.value).toBe("awaiting-approval");
  });

  it("a new message instead of an answer cancels the approval and answers the call as abandoned", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(runStarted(input), ...toolCall("tc", "a", {}), runFinished(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { tools: [{ name: "a", needsApproval: true, execute: () => "ran" }] });
    await chat.sendMessage("go");

    expect(await chat.sendMessage("never mind")).toEqual({ status: "idle" });

    const sent = server.inputs[1]!.messages;
    expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"]);
    expect(sent[2]).toMatchObject({ toolCallId: "tc", error: expect.stringMatching(/^No result: the conversation moved on/) });
    expect(() => chat.respondToApproval("tc", { approved: true })).toThrow(ChatInputError);
  });
});

describe("approvals through AG-UI interrupts", () => {
  const interruptRun = (input: Parameters<typeof runStarted>[0]) => [
    runStarted(input),
    ...toolCall("tc", "delete_file", { path: "notes.md" }, "m1"),
    runFinished(input, {
      type: "interrupt",
      interrupts: [{ id: "approve-tc", reason: "tool_approval", toolCallId: "tc", message: "Delete notes.md?" }],
    }),
  ];

  it.each([
    [true, undefined, { approved: true }],
    [false, "not now", { approved: false, reason: "not now" }],
  ])("round trip (approved: %s): awaiting-approval, then the agent is resumed with the answer", async (approved, reason, payload) => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(...interruptRun(input));
      else {
        const entry = input.resume?.[0] as ResumeEntry | undefined;
        const ok = (entry?.payload as { approved?: boolean } | undefined)?.approved === true;
        await send(runStarted(input), { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "tc", content: ok ? "deleted" : "kept" }, runFinished(input));
      }
    });
    const chat = chatFor(server.url);

    expect(await chat.sendMessage("delete my notes")).toEqual({ status: "awaiting-input" });
    expect(chat.pendingInterrupts.value.map((i) => i.id)).toEqual(["approve-tc"]);
    expect(chat.thread.toolCall("tc")?.status.value).toBe("awaiting-approval");

    const response = reason === undefined ? { approved } : { approved, reason };
    expect(await chat.respondToApproval("tc", response)).toEqual({ status: "idle" });

    expect(server.inputs[1]!.resume).toEqual([{ interruptId: "approve-tc", status: "resolved", payload }]);
    expect(server.inputs[1]!.messages.map((m) => m.role)).toEqual(["user", "assistant"]); // no new message on resume
    expect(chat.thread.toolCall("tc")?.status.value).toBe("succeeded");
    expect(chat.pendingInterrupts.value).toEqual([]);
    expect(chat.status.value).toBe("idle");
  });

  it("resume(interruptId, payload) answers a plain interrupt; the run waits until all are answered", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), runFinished(input, { type: "interrupt", interrupts: [{ id: "i1", reason: "input" }, { id: "i2", reason: "input" }] }));
      } else await send(...answer(input, "m2", "thanks"));
    });
    const chat = chatFor(server.url);
    expect(await chat.sendMessage("book")).toEqual({ status: "awaiting-input" });

    // One answer is not enough: the turn settles again, still awaiting input.
    expect(await chat.resume("i1", { seat: "12A" })).toEqual({ status: "awaiting-input" });
    expect(server.served).toHaveLength(1);
    expect(() => chat.resume("i1", {})).toThrow(expect.objectContaining({ code: "UNKNOWN_INTERRUPT" }));
    expect(() => chat.resume("nope", {})).toThrow(ChatInputError);
    expect(await chat.resume("i2", { meal: "veg" })).toEqual({ status: "idle" });
    expect(server.inputs[1]!.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { seat: "12A" } },
      { interruptId: "i2", status: "resolved", payload: { meal: "veg" } },
    ]);
  });

  it("a new message instead of an answer declines the pending interrupts", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) await send(...interruptRun(input));
      else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url);
    await chat.sendMessage("delete my notes");

    expect(await chat.sendMessage("actually, don't")).toEqual({ status: "idle" });
    expect(server.inputs[1]!.resume).toEqual([{ interruptId: "approve-tc", status: "cancelled" }]);
    expect(server.inputs[1]!.messages.at(-1)).toMatchObject({ role: "user", content: "actually, don't" });
  });

  it("an interrupt answered while a client tool of that run still runs: the resume waits and carries its result", async () => {
    const { source, runs } = manualSource();
    const release = gate<string>();
    const chat = chatFor(source, { tools: [{ name: "measure", execute: () => release.promise }] });
    const turn = chat.sendMessage("measure, then ask me");
    await until(() => runs.length === 1);
    const first = runs[0]!;
    first.emit(runStarted(first.input), ...toolCall("tc", "measure", {}), runFinished(first.input, { type: "interrupt", interrupts: [{ id: "i1", reason: "confirm" }] }));
    first.end();
    await until(() => chat.pendingInterrupts.value.length === 1);

    const resumed = chat.resume("i1", { ok: true });
    await sleep(10);
    expect(runs).toHaveLength(1); // the tool is still running
    expect(chat.status.value).toBe("streaming");
    release.open("42 cm");

    await until(() => runs.length === 2);
    const second = runs[1]!;
    expect(second.input.resume).toEqual([{ interruptId: "i1", status: "resolved", payload: { ok: true } }]);
    expect(toolResults(second.input)).toMatchObject([{ toolCallId: "tc", content: "42 cm" }]);
    expect(second.input.parentRunId).toBeUndefined();
    second.emit(...answer(second.input, "m2", "done"));
    second.end();
    expect(await resumed).toEqual({ status: "idle" });
    expect(await turn).toEqual({ status: "idle" });
  });

  it("an interrupt can be answered as soon as RUN_FINISHED arrives, before its stream has closed", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    void chat.sendMessage("delete it");
    await until(() => runs.length === 1);
    const first = runs[0]!;
    first.emit(
      runStarted(first.input),
      ...toolCall("tc", "delete_file", {}),
      runFinished(first.input, { type: "interrupt", interrupts: [{ id: "i-tool", reason: "tool_approval", toolCallId: "tc" }, { id: "i-plain", reason: "confirm" }] }),
    );
    // The stream is still open, yet the approval UI can show and be answered.
    expect(chat.thread.toolCall("tc")?.status.value).toBe("awaiting-approval");
    const approved = chat.respondToApproval("tc", { approved: true });
    const confirmed = chat.resume("i-plain", "yes");
    expect(runs).toHaveLength(1);
    first.end();

    await until(() => runs.length === 2);
    expect(runs[1]!.input.resume).toEqual([
      { interruptId: "i-tool", status: "resolved", payload: { approved: true } },
      { interruptId: "i-plain", status: "resolved", payload: "yes" },
    ]);
    runs[1]!.emit(...answer(runs[1]!.input, "m2", "done"));
    runs[1]!.end();
    expect(await approved).toEqual({ status: "idle" });
    expect(await confirmed).toEqual({ status: "idle" });
  });

  it("while the resume run streams, the interrupts it answers can no longer be answered", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    void chat.sendMessage("go");
    await until(() => runs.length === 1);
    runs[0]!.emit(runStarted(runs[0]!.input), runFinished(runs[0]!.input, { type: "interrupt", interrupts: [{ id: "i1", reason: "x" }] }));
    runs[0]!.end();
    await until(() => chat.status.value === "awaiting-input");
    void chat.resume("i1", 1);
    await until(() => runs.length === 2);
    runs[1]!.emit(runStarted(runs[1]!.input));
    expect(() => chat.resume("i1", 2)).toThrow(expect.objectContaining({ code: "UNKNOWN_INTERRUPT" }));
    chat.stop();
  });
});
