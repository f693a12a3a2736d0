import type { TextBearingNodeImpl } from "../model/messages/message-nodes.js";
import type { RunBookkeeping, ThreadImpl } from "../model/thread.js";
import { ToolCallNodeImpl } from "../model/tool-calls/tool-call-node.js";
import { cutOffToolCall } from "./tool-call-stream.js";
import { setStreaming } from "../model/messages/streamed-writes.js";

/** A message or tool call between its START and END. */
type Streamed = TextBearingNodeImpl | ToolCallNodeImpl;

/**
 * What the fold remembers of the run under way, in one object on the thread that only the fold
 * reads: the messages and tool calls between their START and END (cut off when the run ends
 * abnormally), the messages this run opened (MESSAGE_ID_REUSED), and the tool calls it started
 * and answered (RUN_FINISHED's pending calls). Each write is O(1) and happens at a START, END or
 * RESULT, never per delta.
 */
export class FoldBookkeeping implements RunBookkeeping {
  readonly #open = new Set<Streamed>();
  #runMessageIds = new Set<string>();
  #startedCalls = new Set<string>();
  #answeredCalls = new Set<string>();

  /** RUN_STARTED: what an earlier run opened, started and answered is forgotten. */
  runStarted(): void {
    this.#startedCalls = new Set();
    this.#answeredCalls = new Set();
    this.#runMessageIds = new Set();
  }

  /**
   * The run's message ids are only asked for while it runs; a run that streamed 50,000 messages
   * would otherwise keep a set of them all, ~26 bytes a message, until the next.
   */
  runEnded(): void {
    if (this.#runMessageIds.size > 0) this.#runMessageIds = new Set();
  }

  /** A message START: false when this run has opened `messageId` before. */
  openedFirstInRun(messageId: string): boolean {
    if (this.#runMessageIds.has(messageId)) return false;
    this.#runMessageIds.add(messageId);
    return true;
  }

  /** A START (or a START again, reopening): the message or call streams until its END. */
  opened(item: Streamed): void {
    this.#open.add(item);
  }

  closed(item: Streamed): void {
    this.#open.delete(item);
  }

  /** TOOL_CALL_START names a call of this run (even one whose start is then dropped). */
  callStarted(toolCallId: string): void {
    this.#startedCalls.add(toolCallId);
  }

  callAnswered(toolCallId: string): void {
    this.#answeredCalls.add(toolCallId);
  }

  /** The calls this run started that got no result, in start order. */
  unansweredCalls(): string[] {
    return [...this.#startedCalls].filter((id) => !this.#answeredCalls.has(id));
  }

  /** The run ended abnormally: open messages stop streaming, unfinished tool calls fail. */
  cutOff(): void {
    for (const item of this.#open) {
      if (item instanceof ToolCallNodeImpl) cutOffToolCall(item);
      else setStreaming(item, false);
    }
    this.#open.clear();
  }
}

/** The thread's bookkeeping, made on first use (a thread starts without, and `reset` drops it). */
export function bookkeepingOf(thread: ThreadImpl): FoldBookkeeping {
  const held = thread.bookkeeping;
  return held instanceof FoldBookkeeping ? held : (thread.bookkeeping = new FoldBookkeeping());
}
