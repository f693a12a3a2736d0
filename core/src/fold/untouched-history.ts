import type { AGUIEvent, Message } from "@ag-ui/core";

/**
 * The history `foldEvents` was given, kept as plain messages while no event reaches it.
 *
 * Turning every prior message into a node and projecting it back costs about 0.3 µs a message,
 * which a call over a long history pays before its first event. Most calls only append: a run
 * streams new messages after the history and names none of it. So the fold starts without the
 * history, and this class answers one question per event — could folding it depend on a prior
 * message? — by looking the event's ids up among the history's ids (message ids, tool call ids
 * and subagent run ids). When one could, foldEvents folds again from the start with the whole
 * history as nodes, exactly as before; when none did, the result is the history, as the same
 * objects, followed by what the events made.
 *
 * The ids are kept in an open-addressing table of their own rather than a Set: a Set of 5,000
 * string keys costs more to build (~55 ns an entry here) than the rest of a whole call. The hash
 * reads at most 16 characters; ids that hash alike are still told apart by comparing them, and a
 * table whose probes run long (ids built to collide) gives up, so foldEvents folds eagerly.
 */

/** Probes per entry beyond which the table is judged degenerate (ids that hash alike). */
const PROBE_BUDGET = 8;

export class UntouchedHistory {
  /**
   * Open addressing: i + 1 for the id of messages[i], -(k + 1) for others[k] (a tool call or
   * subagent run id), 0 for an empty slot. Message ids are read from the messages themselves,
   * so the common entry costs no array of its own.
   */
  private slots: Int32Array;
  private readonly others: string[] = [];
  private mask: number;
  private entries = 0;
  private probeBudget: number;
  private hasSubagents = false;
  // The hot events repeat one id (a message's deltas, a call's args): checked once.
  private lastClear: string | undefined = undefined;

  private constructor(private readonly messages: readonly Message[]) {
    let size = 16;
    while (size < messages.length * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.probeBudget = 16 + messages.length * PROBE_BUDGET;
  }

  /**
   * The history's id table, or undefined when the eager fold must run: duplicate message ids
   * (the thread drops them with a warning), or ids the table cannot spread.
   */
  static of(messages: readonly Message[]): UntouchedHistory | undefined {
    const history = new UntouchedHistory(messages);
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i]!;
      if (typeof message?.id !== "string" || !history.addMessage(message.id, i)) return undefined;
      if (message.role === "assistant") {
        const calls = message.toolCalls;
        if (calls !== undefined) for (const call of calls) if (!history.addOther(call.id)) return undefined;
      } else if (message.role === "tool" && !history.addOther(message.toolCallId)) {
        return undefined;
      }
      const subagent = (message as { subagentRunId?: unknown }).subagentRunId;
      if (typeof subagent === "string") {
        history.hasSubagents = true;
        if (!history.addOther(subagent)) return undefined;
      }
    }
    return history;
  }

  /**
   * Whether folding `event` could read or change a prior message (conservative: any of its ids
   * naming one, a whole-list event, input messages that meet the history, subagent lanes the
   * history fed).
   */
  reaches(event: AGUIEvent): boolean {
    switch (event.type) {
      case "MESSAGES_SNAPSHOT":
        return true;
      case "RUN_STARTED": {
        // Input messages the history holds are skipped by the fold (see withoutHeld); any other
        // that names a prior id (a result for an earlier call, say) reaches it.
        const input = event.input?.messages;
        if (input === undefined) return false;
        for (const message of input) if (!this.holds(message) && this.meetsMessage(message)) return true;
        return false;
      }
      case "SUBAGENT_STARTED":
      case "SUBAGENT_FINISHED":
      case "SUBAGENT_ERROR":
        // The history's attributed messages made lanes of their own; lanes follow their own rules.
        if (this.hasSubagents) return true;
        break;
      default:
        if (this.hasSubagents && (event as { subagentRunId?: unknown }).subagentRunId != null) return true;
    }
    const fields = event as { messageId?: unknown; parentMessageId?: unknown; toolCallId?: unknown; entityId?: unknown };
    return this.names(fields.messageId) || this.names(fields.toolCallId) || this.names(fields.parentMessageId) || this.names(fields.entityId);
  }

  /**
   * The event as the fold should see it without the history: a RUN_STARTED input (which usually
   * repeats the whole conversation) loses the messages the history holds, which a thread holding
   * the history would skip too, so those cost a lookup each instead of a second fold.
   */
  withoutHeld(event: AGUIEvent): AGUIEvent {
    if (event.type !== "RUN_STARTED") return event;
    const input = event.input;
    if (input?.messages === undefined || !input.messages.some((message) => this.holds(message))) return event;
    return { ...event, input: { ...input, messages: input.messages.filter((message) => !this.holds(message)) } };
  }

  /** A prior message has this message's id (the first of the history with it: ids are unique). */
  private holds(message: Message): boolean {
    const id = message.id;
    if (typeof id !== "string") return false;
    for (let slot = hash(id) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return false;
      if (entry > 0 && this.messages[entry - 1]!.id === id) return true;
    }
  }

  private meetsMessage(message: Message): boolean {
    if (this.names(message.id)) return true;
    if (message.role === "assistant") {
      for (const call of message.toolCalls ?? []) if (this.names(call.id)) return true;
    } else if (message.role === "tool") {
      return this.names(message.toolCallId);
    }
    return false;
  }

  /** An id any prior message uses, in any role (message, tool call, subagent run). */
  private names(id: unknown): boolean {
    if (typeof id !== "string" || id === this.lastClear) return false;
    for (let slot = hash(id) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) break;
      if (this.keyOf(entry) === id) return true;
    }
    this.lastClear = id;
    return false;
  }

  private keyOf(entry: number): string {
    return entry > 0 ? this.messages[entry - 1]!.id : this.others[-entry - 1]!;
  }

  /** False for a second message with the same id, or when the probes run over budget. */
  private addMessage(id: string, index: number): boolean {
    for (let slot = hash(id) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) {
        this.slots[slot] = index + 1;
        this.added();
        return true;
      }
      if (--this.probeBudget < 0 || (entry > 0 && this.messages[entry - 1]!.id === id)) return false;
    }
  }

  /** Keeps the table at most half full (tool calls and subagent ids come on top of the messages). */
  private added(): void {
    if (++this.entries * 2 <= this.slots.length) return;
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.mask = this.slots.length - 1;
    for (const entry of old) {
      if (entry === 0) continue;
      let slot = hash(this.keyOf(entry)) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = entry;
    }
  }

  /** Another id a prior message holds; repeats are harmless (any match means "reached"). */
  private addOther(id: unknown): boolean {
    if (typeof id !== "string") return false;
    this.others.push(id);
    for (let slot = hash(id) & this.mask; ; slot = (slot + 1) & this.mask) {
      if (this.slots[slot] === 0) {
        this.slots[slot] = -this.others.length;
        this.added();
        return true;
      }
      if (--this.probeBudget < 0) return false;
    }
  }
}

/** FNV-1a over the length, the first 4 and the last 12 characters (where ids usually differ). */
function hash(id: string): number {
  const n = id.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  const head = n < 4 ? n : 4;
  for (let i = 0; i < head; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  for (let i = n > 16 ? n - 12 : head; i < n; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}
