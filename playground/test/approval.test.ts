import { EventType, type AGUIEvent, type Message, type ResumeEntry, type RunAgentInput } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { makeInput, ofType, runScenario, textOf, user } from "./support/http.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

const ask = (runId: string) => makeInput({ runId, messages: [user("u1", "Delete my old draft notes.")] });

/** The thread after the first turn, as the client would send it back with its resume. */
function history(input: RunAgentInput, events: AGUIEvent[]): Message[] {
  const [call] = ofType(events, EventType.TOOL_CALL_START);
  const messageId = call?.parentMessageId ?? "";
  return [
    ...input.messages,
    {
      id: messageId,
      role: "assistant",
      content: textOf(events, messageId),
      toolCalls: [
        {
          id: call?.toolCallId ?? "",
          type: "function",
          function: { name: "delete_file", arguments: ofType(events, EventType.TOOL_CALL_ARGS).map((e) => e.delta).join("") },
        },
      ],
    },
  ];
}

async function firstTurn(runId: string) {
  const input = ask(runId);
  const events = await runScenario(server.url, "approval", input);
  return { input, events, interrupt: ofType(events, EventType.RUN_FINISHED)[0]?.outcome };
}

async function resume(runId: string, entry: (interruptId: string) => ResumeEntry) {
  const { input, events, interrupt } = await firstTurn(`${runId}-ask`);
  const id = interrupt?.type === "interrupt" ? (interrupt.interrupts[0]?.id ?? "") : "";
  const next = makeInput({ runId, messages: history(input, events), resume: [entry(id)] });
  const reply = await runScenario(server.url, "approval", next);
  expect(runProblems(reply, next)).toEqual([]);
  return reply;
}

test("the run ends with an interrupt outcome whose tool_approval interrupt names the delete_file call", async () => {
  const { input, events, interrupt } = await firstTurn("ap-1");
  expect(runProblems(events, input)).toEqual([]);
  const [call] = ofType(events, EventType.TOOL_CALL_START);
  expect(call).toMatchObject({ toolCallId: "ap-1-tool-1", toolCallName: "delete_file" });
  expect(ofType(events, EventType.TOOL_CALL_RESULT)).toEqual([]);
  expect(interrupt).toEqual({
    type: "interrupt",
    interrupts: [
      expect.objectContaining({
        id: "approve-ap-1-tool-1",
        reason: "tool_approval",
        toolCallId: "ap-1-tool-1",
        responseSchema: expect.objectContaining({ required: ["approved"] }),
      }),
    ],
  });
});

test("resumed with approved: true, the tool runs and the agent says it is done", async () => {
  const reply = await resume("ap-2", (interruptId) => ({ interruptId, status: "resolved", payload: { approved: true } }));
  expect(ofType(reply, EventType.TOOL_CALL_RESULT)).toEqual([
    expect.objectContaining({ toolCallId: "ap-2-ask-tool-1", content: "Deleted notes/2024-draft.md." }),
  ]);
  expect(textOf(reply, "ap-2-msg-1")).toMatch(/^Done: `notes\/2024-draft.md` is deleted/);
});

test.each([
  ["approved: false", { status: "resolved", payload: { approved: false } }],
  ["cancelled", { status: "cancelled" }],
] as const)("resumed with %s, the agent declines", async (_label, answer) => {
  const reply = await resume(`ap-3-${answer.status}`, (interruptId) => ({ interruptId, ...answer }));
  expect(ofType(reply, EventType.TOOL_CALL_RESULT)[0]?.content).toBe("Not deleted: the user declined.");
  expect(textOf(reply, `ap-3-${answer.status}-msg-1`)).toMatch(/Nothing was deleted/);
});

test("a resume without { approved } is refused with RUN_ERROR invalid_resume", async () => {
  const reply = await resume("ap-4", (interruptId) => ({ interruptId, status: "resolved", payload: { ok: "yes" } }));
  expect(reply.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
  expect(reply[1]).toMatchObject({ code: "invalid_resume", message: expect.stringContaining('{"ok":"yes"}') });
});

test("a resume naming an interrupt the agent never raised is refused with RUN_ERROR unknown_interrupt", async () => {
  const input = makeInput({ runId: "ap-5", resume: [{ interruptId: "nope", status: "resolved", payload: { approved: true } }] });
  const reply = await runScenario(server.url, "approval", input);
  expect(reply.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "unknown_interrupt", message: expect.stringContaining("'nope'") });
});
