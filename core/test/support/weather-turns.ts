// One conversation for the tests of the built packages (core's, and each binding's test-dist/): the
// user asks, the agent sets the state, streams text and calls the client tool `weather`; the
// request carrying the tool's result gets a state delta and the answer.
import type { RunAgentInput } from "@ag-ui/core";

/** The events answering `input`: the first turn when the user spoke last, else the second. */
export function weatherTurn(input: RunAgentInput): object[] {
  const run = { threadId: input.threadId, runId: input.runId };
  const text = (messageId: string, deltas: string[]): object[] => [
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    ...deltas.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta })),
    { type: "TEXT_MESSAGE_END", messageId },
  ];
  const turn =
    input.messages.at(-1)?.role === "user"
      ? [
          { type: "STATE_SNAPSHOT", snapshot: { city: "Oslo", steps: [] } },
          ...text("a1", ["Let me ", "look ", "that up."]),
          { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "weather", parentMessageId: "a1" },
          ...['{"ci', 'ty":"Os', 'lo"}'].map((delta) => ({ type: "TOOL_CALL_ARGS", toolCallId: "c1", delta })),
          { type: "TOOL_CALL_END", toolCallId: "c1" },
        ]
      : [{ type: "STATE_DELTA", delta: [{ op: "add", path: "/steps/-", value: "answered" }] }, ...text("a2", ["It is sunny."])];
  return [{ type: "RUN_STARTED", ...run }, ...turn, { type: "RUN_FINISHED", ...run }];
}

/** The tool's definition, for `defineTool`: what the second request must carry back. */
export const WEATHER_TOOL = {
  name: "weather",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  execute: (args: { city: string }) => ({ city: args.city, sky: "sunny" }),
} as const;
