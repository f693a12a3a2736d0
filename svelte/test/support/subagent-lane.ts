// A subagent lane built by hand with every signal of core's SubagentLane, so a test can read and
// write each field without folding SUBAGENT_* events.
import { signal } from "@preact/signals-core";
import type { SubagentLane } from "@threadline/core";

export function subagentLane(): SubagentLane {
  return {
    id: "s1",
    name: signal("researcher"),
    description: signal("Reads the sources"),
    parentSubagentRunId: signal(undefined),
    parentToolCallId: signal("c1"),
    parentMessageId: signal("a1"),
    status: signal("running"),
    error: signal(undefined),
    result: signal(undefined),
    interruptIds: signal([]),
    messages: signal([]),
    lanes: signal([]),
  };
}
