// customInterrupts(): backends that signal an interrupt with CUSTOM on_interrupt (ag-ui#2058)
// rather than RUN_FINISHED's outcome reach pendingInterrupts and resume, exactly once.
import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { fromEvents, type AgentSource } from "../../src/index.js";
import { customInterrupts } from "../../src/pipeline/index.js";
import { chatFor } from "./support.js";

function scripted(...scripts: ((input: RunAgentInput) => object[])[]): AgentSource & { inputs: RunAgentInput[] } {
  const inputs: RunAgentInput[] = [];
  return {
    inputs,
    run(input, sink) {
      inputs.push(input);
      const script = scripts[Math.min(inputs.length - 1, scripts.length - 1)]!;
      return fromEvents(script(input)).run(input, sink);
    },
  };
}

const start = (input: RunAgentInput) => ({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
const finish = (input: RunAgentInput, outcome?: object) => ({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, ...(outcome ? { outcome } : {}) });
const onInterrupt = (value: unknown) => ({ type: "CUSTOM", name: "on_interrupt", value });

describe("customInterrupts()", () => {
  it("a CUSTOM on_interrupt becomes the run's interrupt; the CUSTOM still reaches listeners; resume answers it", async () => {
    const agent = scripted(
      (input) => [start(input), onInterrupt(JSON.stringify({ id: "ask-1", message: "Which city?" })), finish(input)],
      (input) => [start(input), finish(input)],
    );
    const chat = chatFor(agent, { middleware: [customInterrupts()] });
    const heard: unknown[] = [];
    chat.thread.onCustom("on_interrupt", (event) => heard.push(event.value));
    await chat.sendMessage("Plan a trip");
    expect(chat.status.value).toBe("awaiting-input");
    expect(chat.pendingInterrupts.value).toEqual([
      { id: "ask-1", reason: "input_required", message: "Which city?", metadata: { value: '{"id":"ask-1","message":"Which city?"}' } },
    ]);
    expect(heard).toHaveLength(1);
    await chat.resume("ask-1", { city: "Lisbon" });
    expect(agent.inputs[1]!.resume).toEqual([{ interruptId: "ask-1", status: "resolved", payload: { city: "Lisbon" } }]);
    expect(chat.pendingInterrupts.value).toEqual([]);
  });

  it("exactly once: both signals, or the same CUSTOM twice, give one interrupt", async () => {
    const both = scripted((input) => [
      start(input),
      onInterrupt({ id: "ask-1", reason: "approval" }),
      finish(input, { type: "interrupt", interrupts: [{ id: "ask-1", reason: "approval" }] }),
    ]);
    const chat = chatFor(both, { middleware: [customInterrupts()] });
    await chat.sendMessage("Go");
    expect(chat.pendingInterrupts.value).toEqual([{ id: "ask-1", reason: "approval" }]);

    const twice = scripted((input) => [start(input), onInterrupt({ id: "ask-2" }), onInterrupt({ id: "ask-2" }), finish(input)]);
    const other = chatFor(twice, { middleware: [customInterrupts()], threadId: "thread-2" });
    await other.sendMessage("Go");
    expect(other.pendingInterrupts.value.map((i) => i.id)).toEqual(["ask-2"]);
  });

  it("without the middleware the CUSTOM changes nothing (opt-in); a cancelled run stays cancelled with it", async () => {
    const plain = chatFor(scripted((input) => [start(input), onInterrupt({ id: "ask-1" }), finish(input)]));
    await plain.sendMessage("Go");
    expect(plain.pendingInterrupts.value).toEqual([]);
    expect(plain.status.value).toBe("idle");

    const cancelled = chatFor(
      scripted((input) => [start(input), onInterrupt({ id: "ask-1" }), finish(input, { type: "cancelled" })]),
      { middleware: [customInterrupts()], threadId: "thread-3" },
    );
    await cancelled.sendMessage("Go");
    expect(cancelled.pendingInterrupts.value).toEqual([]);
    expect(cancelled.statusNote.value?.kind).toBe("cancelled");
  });
});
