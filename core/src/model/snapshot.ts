import type { ThreadlineError } from "../errors.js";
import { copyJson, deepFreeze } from "../json/json-value.js";
import { componentSnapshot } from "./components/snapshot.js";
import type { ComponentSnapshot } from "./components/types.js";
import type { ThreadImpl } from "./thread.js";
import type { ThreadSnapshot, ToolCallSnapshot } from "./types.js";

/**
 * A plain, deep-frozen view of a thread at one moment: what persistence stores and what tests
 * compare. Built from fresh objects (messages via `toMessages`, a copy of the state), so freezing
 * it touches nothing the graph publishes.
 */
export function threadSnapshot(thread: ThreadImpl): ThreadSnapshot {
  const toolCalls: ToolCallSnapshot[] = [];
  const components: ComponentSnapshot[] = [];
  for (const node of thread.list.peek()) {
    if (node.role === "activity") components.push(componentSnapshot(node.component));
    if (node.role !== "assistant") continue;
    for (const part of node.parts.peek()) {
      if (part.type === "component") components.push(componentSnapshot(part.component));
    }
    for (const call of node.toolCallNodes()) {
      toolCalls.push({
        id: call.id,
        messageId: call.messageId,
        name: call.name.peek(),
        argsText: call.argsText.peek(),
        partialArgs: call.partialArgs.peek(),
        args: call.args.peek(),
        argumentStatus: call.argumentStatus.peek(),
        status: call.status.peek(),
        resultMessageId: call.result.peek()?.id,
        error: plainError(call.error.peek()),
      });
    }
  }
  return deepFreeze({
    threadId: thread.threadId.peek(),
    runId: thread.runId.peek(),
    status: thread.status.peek(),
    error: plainError(thread.error.peek()),
    outcome: thread.outcome.peek(),
    // Copied: freezing the live state would make every later patch copy it slowly.
    state: copyJson(thread.state.peek()),
    messages: thread.toMessages(),
    toolCalls,
    components,
    activeSteps: thread.activeSteps.peek(),
    pendingInterrupts: thread.pendingInterrupts.peek(),
    subagents: thread.lanes.snapshot(),
  });
}

function plainError(error: ThreadlineError | undefined): ThreadSnapshot["error"] {
  return error === undefined ? undefined : { code: error.code, message: error.message };
}
