// A tool only the browser can run: the agent calls get_local_time and ends its run without a
// result; the client executes the tool and sends the result back in a new run, which the
// agent continues by quoting it.
import type { RunAgentInput, ToolMessage } from "@ag-ui/core";
import { findToolCall, toolResultText, trailingToolResults } from "../conversation.js";
import { RunIds, custom, runFinished, runStarted, textMessage, toolCall } from "../events.js";
import type { Scenario, Step } from "../scenario.js";

export const TOOL_NAME = "get_local_time";
export const TOOL_ARGS = { includeTimeZone: true };

function* callTool(input: RunAgentInput, variant: string): Generator<Step> {
  const ids = new RunIds(input.runId);
  const messageId = ids.next("msg");
  const toolCallId = ids.next("tool");
  yield runStarted(input);
  yield* textMessage(messageId, "Let me look at the clock on your device.");
  yield* toolCall(toolCallId, TOOL_NAME, TOOL_ARGS, messageId);
  if (variant === "tambo") {
    yield custom("tambo.run.awaiting_input", {
      pendingToolCalls: [{ toolCallId, toolName: TOOL_NAME, arguments: JSON.stringify(TOOL_ARGS) }],
    });
  }
  yield variant === "pending"
    ? runFinished(input, { type: "success", pendingToolCallIds: [toolCallId] })
    : runFinished(input);
}

function* continueWith(input: RunAgentInput, results: ToolMessage[]): Generator<Step> {
  const ids = new RunIds(input.runId);
  const answer =
    results.find((r) => findToolCall(input, r.toolCallId)?.function.name === TOOL_NAME) ?? results[0];
  yield runStarted(input);
  let text: string;
  if (!answer) text = "I did not get a result back from your device.";
  else if (answer.error !== undefined) text = `I could not read your clock: the tool failed with "${answer.error}".`;
  else {
    text = `Your device says it is **${toolResultText(answer)}**. `;
    text += "That came from your browser, not from the server: `get_local_time` ran on the client.";
  }
  yield* textMessage(ids.next("msg"), text);
  yield runFinished(input);
}

export const clientTool: Scenario = {
  name: "client-tool",
  title: "Client tool",
  description:
    "The agent asks your browser for the local time (a tool that runs on your side), then answers with it.",
  prompt: "What time is it where I am?",
  variants: [
    { name: "plain", title: "Run just ends", description: "The agent just stops and waits for the tool result, as most backends do." },
    { name: "pending", title: "pendingToolCallIds", description: "The agent says which tool call it is waiting for when it stops." },
    { name: "tambo", title: "Tambo awaiting_input", description: "The agent announces the call it is waiting for in a Tambo-style event." },
  ],
  run(input, context) {
    const results = trailingToolResults(input);
    return results.length > 0 ? continueWith(input, results) : callTool(input, context.variant);
  },
};
