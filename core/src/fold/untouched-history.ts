import type { AGUIEvent, Message } from "@ag-ui/core";
import { idHash } from "../model/messages/id-hash.js";

/**
 * The history `foldEvents` was given, kept as plain messages while no event reaches it.
 *
 * Turning every prior message into a node and projecting it back costs about 0.3 µs a message,
 * which a call over a long history pays before its first event. Most calls only append: a run
 * streams new messages after the history and names none of it. So the fold starts without the
 * history, and this class answers one question per event — could folding it depend on a prior
 * message? — by looking the event's ids up among the history's message and tool call ids. When
 * one could, foldEvents folds again from the start with the whole history as nodes, exactly as
 * before; when none did, the result is the history, as the same objects, followed by what the
 * events made.
 *
 * The ids are kept in an open-addressing table of their own rather than a Set: a Set of 5,000
 * string keys costs more to build (~55 ns an entry here) than the rest of a whole call. The hash
 * (model/messages/id-hash.ts, shared with the thread's message index) reads at most 16
 * characters; ids that hash alike are still told apart by comparing them, and a table whose
 * probes run long (ids built to collide) gives up, so foldEvents folds eagerly.
 */

/** Probes per entry beyond which the table is judged degenerate (ids that hash alike). */
const PROBE_BUDGET = 8;

// The table of the last call, handed to the next: a fresh Int32Array of 32,768 slots (5,000
// messages) took about 90 µs to allocate, as long as indexing the ids; zeroing a used one takes a
// few. A call made while another holds it (from an onWarning or an events generator) makes its
// own. Tables past SPARE_LIMIT slots (histories over ~16,000 messages) are not kept alive.
const SPARE_LIMIT = 1 << 16;
let spare: Int32Array | undefined;

function takeSlots(size: number): Int32Array {
  const slots = spare !== undefined && spare.length >= size ? spare : new Int32Array(size);
  if (slots === spare) {
    spare = undefined;
    slots.fill(0, 0, size);
  }
  return slots;
}

export class UntouchedHistory {
  /**
   * Open addressing over the first `mask + 1` slots (four a message, doubled should tool call ids
   * fill half of them): i + 1 for the id of
   * messages[i], -(k + 1) for others[k] (a tool call id), 0 for an empty slot. Message ids are
   * read from the messages themselves, so the common entry costs no array.
   */
  private slots: Int32Array;
  private readonly others: string[] = [];
  private mask: number;
  private filled = 0;
  private budget: number;
  private subagents = false;
  // The hot events repeat one id (a message's deltas, a call's args): checked once.
  private lastClear: unknown = undefined;

  private constructor(private readonly messages: readonly Message[]) {
    let size = 64;
    while (size < messages.length * 4) size *= 2;
    this.slots = takeSlots(size);
    this.mask = size - 1;
    this.budget = 64 + messages.length * PROBE_BUDGET;
  }

  /**
   * The history's id table, or undefined when the eager fold must run: duplicate message ids
   * (the thread drops them with a warning), ids the table cannot spread, or an entry that is not
   * an AG-UI message (the eager fold names it in the result's error).
   */
  static of(messages: readonly Message[]): UntouchedHistory | undefined {
    const history = new UntouchedHistory(messages);
    if (history.index()) return history;
    history.release();
    return undefined;
  }

  /** The table goes back for the next call: the fold is over. */
  release(): void {
    if (this.slots.length <= SPARE_LIMIT && (spare === undefined || spare.length < this.slots.length)) spare = this.slots;
  }

  private index(): boolean {
    const { messages } = this;
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i];
      if (message === null || typeof message !== "object" || !this.addMessage(message.id, i + 1)) return false;
      switch (message.role) {
        case "assistant": {
          // Read defensively: a malformed `toolCalls` goes to the eager fold, which names it.
          const calls: unknown = message.toolCalls;
          if (calls === undefined) break;
          if (!Array.isArray(calls)) return false;
          for (const call of calls as readonly ({ id?: unknown } | null)[]) if (!this.add(call?.id, -this.others.push(call?.id as string))) return false;
          break;
        }
        case "tool":
          if (!this.add(message.toolCallId, -this.others.push(message.toolCallId))) return false;
          break;
        case "user":
        case "system":
        case "developer":
        case "activity":
        case "reasoning":
          break;
        default:
          return false; // not a message: the eager fold refuses the history, naming the entry
      }
      if ((message as { subagentRunId?: unknown }).subagentRunId != null) this.subagents = true;
    }
    return true;
  }

  /**
   * Whether folding `event` could read or change a prior message (conservative: any of its ids
   * naming one, a whole-list event, input messages that meet the history, subagent lanes the
   * history fed). CUSTOM events fold nothing on foldEvents' thread: it has no claims.
   */
  reaches(event: AGUIEvent): boolean {
    switch (event.type) {
      case "MESSAGES_SNAPSHOT":
        return true;
      case "RUN_STARTED":
        // Input messages the history holds are skipped by the fold (see withoutHeld); any other
        // that names a prior id (a result for an earlier call, say) reaches it.
        return (event.input?.messages ?? []).some((message) => !this.holds(message) && this.meets(message));
      case "SUBAGENT_STARTED":
      case "SUBAGENT_FINISHED":
      case "SUBAGENT_ERROR":
        // The history's attributed messages made lanes of their own; lanes follow their own rules.
        if (this.subagents) return true;
        break;
      default:
        if (this.subagents && (event as { subagentRunId?: unknown }).subagentRunId != null) return true;
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
    const input = event.type === "RUN_STARTED" ? event.input : undefined;
    const kept = input?.messages?.filter((message) => !this.holds(message));
    return kept === undefined || kept.length === input!.messages.length ? event : ({ ...event, input: { ...input, messages: kept } } as AGUIEvent);
  }

  /** A prior message has this message's id. */
  private holds(message: Message): boolean {
    const slot = this.slotOf(message.id, true);
    return slot >= 0 && this.slots[slot] !== 0;
  }

  private meets(message: Message): boolean {
    if (message.role === "assistant" && message.toolCalls?.some((call) => this.names(call.id))) return true;
    return this.names(message.id) || (message.role === "tool" && this.names(message.toolCallId));
  }

  /** An id any prior message uses, as its own or as a tool call's. */
  private names(id: unknown): boolean {
    if (id === this.lastClear || typeof id !== "string") return false;
    const slot = this.slotOf(id, false);
    if (slot >= 0 && this.slots[slot] === 0) {
      this.lastClear = id;
      return false;
    }
    return true; // found, or past the probe budget
  }

  /**
   * The slot holding `id` (as a message's id only, when `message`), or the empty slot where it
   * would go; -1 once the probes run over budget.
   */
  private slotOf(id: unknown, message: boolean): number {
    if (typeof id !== "string") return -1;
    for (let slot = idHash(id) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0 || ((entry > 0 || !message) && (entry > 0 ? this.messages[entry - 1]!.id : this.others[-entry - 1]) === id)) return slot;
      if (--this.budget < 0) return -1;
    }
  }

  /**
   * The one insert every prior message pays, so kept to locals and one loop: false for a second
   * message with the same id, or when the probes run past the budget.
   */
  private addMessage(id: unknown, entry: number): boolean {
    if (typeof id !== "string") return false;
    const { slots, mask, messages } = this;
    let slot = idHash(id) & mask;
    for (let held = slots[slot]!; held !== 0; held = slots[slot]!) {
      if (held > 0 && messages[held - 1]!.id === id) return false;
      if (--this.budget < 0) return false;
      slot = (slot + 1) & mask;
    }
    slots[slot] = entry;
    if (++this.filled * 2 > mask) this.grow();
    return true;
  }

  /** False over budget, or for a second message with the same id. Another id may repeat. */
  private add(id: unknown, entry: number): boolean {
    const slot = this.slotOf(id, entry > 0);
    if (slot < 0) return false;
    if (this.slots[slot] !== 0) return entry < 0;
    this.slots[slot] = entry;
    // Many tool calls a message fill the table past half: it doubles (rare, so rebuilt whole).
    if (++this.filled * 2 > this.mask) this.grow();
    return true;
  }

  private grow(): void {
    const old = this.slots;
    const used = this.mask + 1; // a table handed on from a bigger call is longer than its use
    const size = used * 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let slot = 0; slot < used; slot++) {
      const entry = old[slot]!;
      if (entry === 0) continue;
      let at = idHash(entry > 0 ? this.messages[entry - 1]!.id : this.others[-entry - 1]!) & this.mask;
      while (this.slots[at] !== 0) at = (at + 1) & this.mask;
      this.slots[at] = entry;
    }
  }
}
