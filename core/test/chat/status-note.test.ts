// chat.statusNote: the outcomes the status alone does not tell (AG-UI 1.0 `cancelled`, a success
// that left `pendingToolCallIds`), in words a user understands.
import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { fromEvents, type AgentSource } from "../../src/index.js";
import { chatFor } from "./support.js";

/** Run i streams `scripts[i](input)` (the last script repeats). */
function scripted(...scripts: ((input: RunAgentInput) => object[])[]): AgentSource {
  let n = 0;
  return {
    run(input, sink) {
      const script = scripts[Math.min(n++, scripts.length - 1)]!;
      return fromEvents(script(input)).run(input, sink);
    },
  };
}

const start = (input: RunAgentInput) => ({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
const finish = (input: RunAgentInput, outcome?: object) => ({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, ...(outcome ? { outcome } : {}) });
const call = (id: string, name: string, parent: string) => [
  { type: "TOOL_CALL_START", toolCallId: id, toolCallName: name, parentMessageId: parent },
  { type: "TOOL_CALL_ARGS", toolCallId: id, delta: "{}" },
  { type: "TOOL_CALL_END", toolCallId: id },
];

describe("chat.statusNote", () => {
  it("a success with nothing left says nothing", async () => {
    const chat = chatFor(scripted((input) => [start(input), finish(input)]));
    await chat.sendMessage("Hi");
    expect(chat.statusNote.value).toBeUndefined();
  });

  it("an agent's cancelled outcome: 'The agent cancelled this answer.'", async () => {
    const chat = chatFor(scripted((input) => [start(input), finish(input, { type: "cancelled" })]));
    await chat.sendMessage("Hi");
    expect(chat.statusNote.value).toEqual({ kind: "cancelled", by: "agent", text: "The agent cancelled this answer." });
  });

  it("stop() during the run: 'You stopped this answer.'; nothing while the run streams", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const agent: AgentSource = {
      async run(input, sink) {
        sink.onEvent(start(input));
        await held;
        return "aborted";
      },
    };
    const chat = chatFor(agent);
    const turn = chat.sendMessage("Hi");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chat.statusNote.value).toBeUndefined();
    chat.stop();
    release();
    await turn;
    expect(chat.statusNote.value).toMatchObject({ kind: "cancelled", by: "you", text: "You stopped this answer." });
  });

  it("pendingToolCallIds the client cannot answer: named, until a result arrives", async () => {
    const chat = chatFor(
      scripted(
        (input) => [
          start(input),
          { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" },
          { type: "TEXT_MESSAGE_END", messageId: "a1" },
          ...call("tc-1", "book_flight", "a1"),
          ...call("tc-2", "book_hotel", "a1"),
          finish(input, { type: "success", pendingToolCallIds: ["tc-1", "tc-2"] }),
        ],
        (input) => [start(input), finish(input)],
      ),
      // Tools without `execute`: the user (or the app) answers them.
      { tools: ["book_flight", "book_hotel"].map((name) => ({ name, description: name, parameters: { type: "object", properties: {} } })) },
    );
    await chat.sendMessage("Plan my trip");
    expect(chat.status.value).toBe("awaiting-input");
    expect(chat.statusNote.value).toEqual({
      kind: "pending-tool-calls",
      toolCalls: [
        { id: "tc-1", name: "book_flight" },
        { id: "tc-2", name: "book_hotel" },
      ],
      text: "Waiting for 2 tool results (book_flight and book_hotel).",
    });
    const first = chat.addToolResult({ toolCallId: "tc-1", output: { booked: true } });
    expect(chat.statusNote.value).toMatchObject({ text: "Waiting for the result of book_hotel." });
    await chat.addToolResult({ toolCallId: "tc-2", output: { booked: true } });
    await first;
    expect(chat.statusNote.value).toBeUndefined();
  });
});
