// chat.cancelInterrupt: answering an interrupt "cancelled" instead of "resolved" — alone, beside a
// resolved one, for an expired interrupt (the only answer it accepts), and for a tool approval.
import { describe, expect, it } from "vitest";
import { ChatInputError } from "../../src/index.js";
import { answer, chatFor, runFinished, runStarted, scriptedServer, textMessage, toolCall } from "./support.js";

const interrupted = (input: Parameters<typeof runStarted>[0], interrupts: object[]) => [
  runStarted(input),
  ...textMessage(`ask-${input.runId}`, "One question first."),
  runFinished(input, { type: "interrupt", interrupts }),
];

describe("cancelInterrupt", () => {
  it("sends resume[].status 'cancelled' (with a payload when given) and the conversation goes on", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) return send(...interrupted(input, [{ id: "i1", reason: "input_required" }]));
      return send(...answer(input, "m-after", "No problem."));
    });
    const chat = chatFor(server.url);
    expect(await chat.sendMessage("plan my trip")).toEqual({ status: "awaiting-input" });

    expect(await chat.cancelInterrupt("i1", { reason: "later" })).toEqual({ status: "idle" });

    expect(server.inputs).toHaveLength(2);
    expect(server.inputs[1]!.resume).toEqual([{ interruptId: "i1", status: "cancelled", payload: { reason: "later" } }]);
    expect(chat.pendingInterrupts.value).toEqual([]);
    expect(() => chat.cancelInterrupt("i1")).toThrow(expect.objectContaining({ code: "UNKNOWN_INTERRUPT" }));
  });

  it("one interrupt cancelled and one resolved go out in one resume", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) return send(...interrupted(input, [{ id: "i1", reason: "a" }, { id: "i2", reason: "b" }]));
      return send(...answer(input, "m-after", "ok"));
    });
    const chat = chatFor(server.url);
    await chat.sendMessage("go");

    expect(await chat.cancelInterrupt("i1")).toEqual({ status: "awaiting-input" });
    expect(() => chat.resume("i1", {})).toThrow(ChatInputError);
    expect(await chat.resume("i2", { seat: "12A" })).toEqual({ status: "idle" });

    expect(server.inputs[1]!.resume).toEqual([
      { interruptId: "i1", status: "cancelled" },
      { interruptId: "i2", status: "resolved", payload: { seat: "12A" } },
    ]);
  });

  it("an expired interrupt refuses 'resolved' (nothing is sent) and accepts 'cancelled'", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) return send(...interrupted(input, [{ id: "old", reason: "confirm", expiresAt: "2020-01-01T00:00:00Z" }]));
      return send(...answer(input, "m-after", "ok"));
    });
    const chat = chatFor(server.url);
    await chat.sendMessage("go");

    const refused = await chat.resume("old", { ok: true });
    expect(refused.status).toBe("failed");
    expect(refused.status === "failed" && refused.error.code).toBe("INTERRUPT_EXPIRED");
    expect(server.inputs).toHaveLength(1);

    // The refused answer is forgotten: the interrupt is still pending, and can be cancelled.
    expect(chat.pendingInterrupts.value.map((i) => i.id)).toEqual(["old"]);
    expect(await chat.cancelInterrupt("old")).toEqual({ status: "idle" });
    expect(server.inputs[1]!.resume).toEqual([{ interruptId: "old", status: "cancelled" }]);
  });

  it("cancelling an interrupt that asks to approve a tool call settles the approval", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index > 0) return send(...answer(input, "m-after", "Not deleted."));
      return send(
        runStarted(input),
        ...toolCall("tc", "delete_file", { path: "notes.md" }),
        runFinished(input, { type: "interrupt", interrupts: [{ id: "approve-tc", reason: "tool_approval", toolCallId: "tc" }] }),
      );
    });
    const chat = chatFor(server.url);
    await chat.sendMessage("delete notes.md");
    expect(chat.thread.toolCall("tc")?.status.value).toBe("awaiting-approval");

    expect(await chat.cancelInterrupt("approve-tc")).toEqual({ status: "idle" });

    expect(server.inputs[1]!.resume).toEqual([{ interruptId: "approve-tc", status: "cancelled" }]);
    expect(chat.thread.toolCall("tc")?.status.value).toBe("complete");
    expect(() => chat.respondToApproval("tc", { approved: true })).toThrow(expect.objectContaining({ code: "NOT_AWAITING_APPROVAL" }));
  });

  it("refuses an unknown interrupt or a non-string id, with nothing sent", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m", "ok")));
    const chat = chatFor(server.url);
    expect(() => chat.cancelInterrupt("nope")).toThrow(expect.objectContaining({ code: "UNKNOWN_INTERRUPT", option: "interruptId" }));
    expect(() => chat.cancelInterrupt(42 as unknown as string)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(server.inputs).toHaveLength(0);
  });
});
