// A tool call that delegates to a subagent: the parent calls `research`, a researcher subagent
// (SUBAGENT_STARTED naming that call) writes its own message and hands a detail to a nested
// fact-checker, both finish, the tool returns the researcher's result and the parent answers.
// Everything a subagent writes carries its subagentRunId.
import { EventType, type AGUIEvent } from "@ag-ui/core";
import { lastUserText } from "../conversation.js";
import { RunIds, runFinished, runStarted, textMessage, toolCall, toolResult } from "../events.js";
import { pause, type Scenario, type Step } from "../scenario.js";

export const TOOL_NAME = "research";
export const RESEARCHER = "researcher";
export const FACT_CHECKER = "fact-checker";
export const RESEARCHER_TEXT = "I looked through three sources on the topic: all agree that the first AG-UI subagent events arrived with protocol 1.0.";
export const FACT_CHECKER_TEXT = "Checked: the 1.0 changelog lists SUBAGENT_STARTED and SUBAGENT_FINISHED.";
export const FINAL_TEXT = "The researcher (with a fact-checker's help) confirms it: subagent events are part of AG-UI 1.0.";

/** Tags each event of a sequence with the subagent that produced it. */
function* attributed(subagentRunId: string, events: Iterable<AGUIEvent>): Generator<AGUIEvent> {
  for (const event of events) yield { ...event, subagentRunId } as AGUIEvent;
}

function* script(input: Parameters<Scenario["run"]>[0]): Generator<Step> {
  const ids = new RunIds(input.runId);
  const messageId = ids.next("msg");
  const toolCallId = ids.next("tool");
  const researcher = ids.next("subagent");
  const checker = ids.next("subagent");
  const topic = lastUserText(input) || "subagents";
  yield runStarted(input);
  yield* textMessage(messageId, "I will hand this to a researcher.");
  yield* toolCall(toolCallId, TOOL_NAME, { topic }, messageId);
  yield {
    type: EventType.SUBAGENT_STARTED,
    subagentRunId: researcher,
    name: RESEARCHER,
    description: "Reads sources and sums them up",
    parentToolCallId: toolCallId,
    parentMessageId: messageId,
  };
  yield* attributed(researcher, textMessage(ids.next("msg"), RESEARCHER_TEXT));
  yield {
    type: EventType.SUBAGENT_STARTED,
    subagentRunId: checker,
    name: FACT_CHECKER,
    description: "Checks one claim against the changelog",
    parentSubagentRunId: researcher,
  };
  yield* attributed(checker, textMessage(ids.next("msg"), FACT_CHECKER_TEXT));
  yield pause(200);
  yield { type: EventType.SUBAGENT_FINISHED, subagentRunId: checker, result: { confirmed: true } };
  yield { type: EventType.SUBAGENT_FINISHED, subagentRunId: researcher, result: { sources: 3 } };
  yield toolResult(ids.next("result"), toolCallId, JSON.stringify({ summary: RESEARCHER_TEXT, sources: 3 }));
  yield* textMessage(ids.next("msg"), FINAL_TEXT);
  yield runFinished(input);
}

export const subagents: Scenario = {
  name: "subagents",
  title: "Subagents",
  description: "A tool call hands the work to a researcher subagent, which asks a nested fact-checker; each lane streams its own messages.",
  prompt: "When did AG-UI get subagent events?",
  variants: [],
  run: (input) => script(input),
};
