// AG-UI 1.1: `encryptedValueType` beside every `encryptedValue` (REASONING_ENCRYPTED_VALUE, every
// message role that has the value, tool calls) is kept and returned with the value.
import { EventSchemas } from "@ag-ui/core/schemas";
import { describe, expect, it } from "vitest";
import { ChatClient, createThread, fromEvents, type AgentSource, type RunAgentInput, type ThreadlineWarning } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { createPipeline } from "../../src/pipeline/index.js";

const started = { type: "RUN_STARTED", threadId: "t", runId: "r1" };
const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r1" };

function run(events: object[], validation: "fast" | "schema") {
  const thread = createThread();
  const warnings: ThreadlineWarning[] = [];
  const pipeline = createPipeline((event) => foldEvent(thread, event), {
    onWarning: (w) => warnings.push(w),
    validation,
    ...(validation === "schema" ? { schemas: EventSchemas } : {}),
  });
  for (const event of events) pipeline.push(event);
  return { thread, warnings };
}

const SNAPSHOT_MESSAGES = [
  { id: "s", role: "system", content: "be brief", encryptedValue: "sys", encryptedValueType: "anthropic/redacted" },
  { id: "u", role: "user", content: "hi", encryptedValue: "usr", encryptedValueType: "x/user" },
  {
    id: "a",
    role: "assistant",
    content: "",
    encryptedValue: "asst",
    encryptedValueType: "openai/reasoning",
    toolCalls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" }, encryptedValue: "call", encryptedValueType: "openai/tool" }],
  },
  { id: "tm", role: "tool", toolCallId: "c", content: "ok", encryptedValue: "tool", encryptedValueType: "x/tool" },
  { id: "r", role: "reasoning", content: "thinking", encryptedValue: "why", encryptedValueType: "anthropic/thinking" },
];

describe("AG-UI 1.1 encryptedValueType", () => {
  for (const validation of ["fast", "schema"] as const) {
    it(`REASONING_ENCRYPTED_VALUE keeps the type on the call and on the message, without a warning (${validation})`, () => {
      const { thread, warnings } = run(
        [
          started,
          { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
          { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "hi" },
          { type: "TEXT_MESSAGE_END", messageId: "m" },
          { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f", parentMessageId: "m" },
          { type: "TOOL_CALL_END", toolCallId: "c" },
          { type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: "c", encryptedValue: "sealed-call", encryptedValueType: "openai/tool" },
          { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "m", encryptedValue: "sealed-message", encryptedValueType: "openai/reasoning" },
          finished,
        ],
        validation,
      );
      expect(warnings).toEqual([]);
      expect(thread.toolCall("c")!.encryptedValueType.value).toBe("openai/tool");
      const message = thread.message("m")!;
      expect(message.role === "assistant" ? message.encryptedValueType.value : undefined).toBe("openai/reasoning");
      expect(thread.toMessages()).toEqual([
        {
          id: "m",
          role: "assistant",
          content: "hi",
          encryptedValue: "sealed-message",
          encryptedValueType: "openai/reasoning",
          toolCalls: [{ id: "c", type: "function", function: { name: "f", arguments: "" }, encryptedValue: "sealed-call", encryptedValueType: "openai/tool" }],
        },
      ]);
    });

    it(`MESSAGES_SNAPSHOT keeps the type on every role and tool call, and returns it as received (${validation})`, () => {
      const { thread, warnings } = run([started, { type: "MESSAGES_SNAPSHOT", messages: SNAPSHOT_MESSAGES }, finished], validation);
      expect(warnings).toEqual([]);
      expect(thread.toMessages()).toEqual(SNAPSHOT_MESSAGES);
    });
  }

  it("a value that comes again without a type loses the old type", () => {
    const { thread } = run(
      [
        started,
        { type: "MESSAGES_SNAPSHOT", messages: SNAPSHOT_MESSAGES },
        { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "r", encryptedValue: "new" },
        { type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: "c", encryptedValue: "new-call" },
        finished,
      ],
      "fast",
    );
    const messages = thread.toMessages() as { id: string; encryptedValue?: string; encryptedValueType?: string; toolCalls?: { encryptedValue?: string; encryptedValueType?: string }[] }[];
    expect(messages.find((m) => m.id === "r")).toMatchObject({ encryptedValue: "new" });
    expect(messages.find((m) => m.id === "r")).not.toHaveProperty("encryptedValueType");
    expect(messages.find((m) => m.id === "a")!.toolCalls![0]).toEqual({ id: "c", type: "function", function: { name: "f", arguments: "{}" }, encryptedValue: "new-call" });
  });

  it("is sent back with the value in the next run's messages", async () => {
    const inputs: RunAgentInput[] = [];
    let turn = 0;
    const agent: AgentSource = {
      run(input, sink) {
        inputs.push(input);
        const events =
          turn++ === 0
            ? [
                { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
                { type: "REASONING_START", messageId: "r1" },
                { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
                { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "hmm" },
                { type: "REASONING_MESSAGE_END", messageId: "r1" },
                { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "r1", encryptedValue: "opaque", encryptedValueType: "anthropic/thinking-signature" },
                { type: "REASONING_END", messageId: "r1" },
                { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
              ]
            : [
                { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
                { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
              ];
        return fromEvents(events).run(input, sink);
      },
    };
    const chat = new ChatClient({ agent });
    await chat.sendMessage("first");
    await chat.sendMessage("second");
    const sent = inputs[1]!.messages.find((m) => m.id === "r1") as { encryptedValue?: string; encryptedValueType?: string } | undefined;
    expect(sent).toMatchObject({ encryptedValue: "opaque", encryptedValueType: "anthropic/thinking-signature" });
    chat.dispose();
  });
});
