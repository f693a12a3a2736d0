import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventType, type AGUIEvent, type BaseEvent } from "../../src/protocol/events.js";
import { memoryStorage } from "../../src/persist/adapter.js";
import { ClearedRunFilter } from "../../src/chat/incoming/cleared-run-filter.js";
import type { StoredThread } from "../../src/persist/stored-thread.js";
import { ThreadPersistence } from "../../src/persist/thread-persistence.js";
import { assistantMessage, userMessage } from "../persist/support.js";

const started = (runId: string): AGUIEvent => ({ type: EventType.RUN_STARTED, threadId: "t", runId });
const finished = (runId: string): AGUIEvent => ({ type: EventType.RUN_FINISHED, threadId: "t", runId });
const runError = (): AGUIEvent => ({ type: EventType.RUN_ERROR, message: "boom" });
const textStart = (messageId: string): AGUIEvent => ({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
const text = (messageId: string, delta = "x"): AGUIEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta });
const toolStart = (toolCallId: string, parentMessageId?: string): AGUIEvent => ({
  type: EventType.TOOL_CALL_START,
  toolCallId,
  toolCallName: "lookup",
  ...(parentMessageId === undefined ? {} : { parentMessageId }),
});
const toolArgs = (toolCallId: string): AGUIEvent => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: "{" });
const toolResult = (toolCallId: string, messageId: string): AGUIEvent => ({
  type: EventType.TOOL_CALL_RESULT,
  toolCallId,
  messageId,
  content: "42",
});
/** Some adapters stamp every event with its run id (not in AG-UI 1.0, but seen in the wild). */
const withRun = (event: AGUIEvent, runId: string): BaseEvent => ({ ...event, runId }) as BaseEvent;

/** A filter that has seen run r1 start and stream m1 and tool call tc1, then a clear. */
function clearedMidStream() {
  const filter = new ClearedRunFilter();
  for (const event of [started("r1"), textStart("m1"), text("m1"), toolStart("tc1", "m1"), toolArgs("tc1")]) {
    expect(filter.isStale(event)).toBe(false);
  }
  filter.recordClear({ messages: [userMessage("u1"), assistantMessage("m1", "x", ["tc1"])] });
  return filter;
}

describe("ClearedRunFilter", () => {
  it("marks nothing stale when nothing was cleared, while tracking active runs", () => {
    const filter = new ClearedRunFilter();
    for (const event of [started("r1"), text("m1"), started("r2"), finished("r1")]) expect(filter.isStale(event)).toBe(false);
    expect([...filter.activeRunIds]).toEqual(["r2"]);
    expect(filter.hasCleared).toBe(false);
  });

  it("late events carrying the cleared run id are stale", () => {
    const filter = clearedMidStream();
    expect(filter.isStale(withRun(text("m1"), "r1"))).toBe(true);
    expect(filter.isStale(withRun(textStart("m2"), "r1"))).toBe(true);
    expect(filter.isStale(finished("r1"))).toBe(true);
    expect(filter.lastStaleRunId).toBe("r1");
    expect(filter.activeRunIds.size).toBe(0);
  });

  it("late events without run id are caught by message, tool call and parent message id", () => {
    const filter = clearedMidStream();
    filter.runSettled("r1"); // even with the run gone, the ids still identify the cleared conversation
    expect(filter.isStale(text("m1"))).toBe(true);
    expect(filter.isStale(toolArgs("tc1"))).toBe(true);
    expect(filter.isStale(toolStart("tc2", "m1"))).toBe(true); // new tool call of a cleared message
    expect(filter.isStale(toolArgs("tc2"))).toBe(true); // …and its later chunks
    expect(filter.isStale(toolResult("tc1", "tool-msg-1"))).toBe(true);
    expect(filter.isStale({ type: EventType.REASONING_ENCRYPTED_VALUE, subtype: "message", entityId: "m1", encryptedValue: "…" })).toBe(true);
    expect(filter.isStale(text("someone-else"))).toBe(false);
  });

  it("runless events of a cleared run still streaming are attributed to it, and suppression spreads to their ids", () => {
    const filter = clearedMidStream();
    expect(filter.isStale(textStart("m2"))).toBe(true); // a new message, no run id: the active run is cleared
    expect(filter.isStale({ type: EventType.STATE_DELTA, delta: [] })).toBe(true);
    expect(filter.isStale(started("r2"))).toBe(false); // a fresh run starts
    expect(filter.isStale(text("m2"))).toBe(true); // m2 is now known stale, whoever is streaming
    expect(filter.isStale(textStart("m3"))).toBe(false); // the fresh run's message
    expect(filter.isStale(text("m3"))).toBe(false);
  });

  it("a fresh run racing the cleared run's late events is unaffected", () => {
    const filter = clearedMidStream();
    const script: [BaseEvent, boolean][] = [
      [started("r2"), false],
      [text("m1"), true],
      [textStart("f1"), false],
      [toolArgs("tc1"), true],
      [text("f1"), false],
      [toolStart("f-tc1", "f1"), false],
      [finished("r1"), true],
      [toolArgs("f-tc1"), false],
      [toolResult("f-tc1", "f-tool-1"), false],
      [finished("r2"), false],
    ];
    for (const [event, stale] of script) expect([event.type, filter.isStale(event)]).toEqual([event.type, stale]);
  });

  it("sourceRunId attributes a cleared run's brand-new message correctly while a fresh run streams", () => {
    const guessing = clearedMidStream();
    guessing.isStale(started("r2"));
    // Without knowing the stream, a new id from r1 after r2 started can only be guessed as r2's:
    expect(guessing.isStale(textStart("late-new"))).toBe(false);

    const knowing = clearedMidStream();
    knowing.isStale(started("r2"), "r2");
    expect(knowing.isStale(textStart("late-new"), "r1")).toBe(true);
    expect(knowing.lastStaleRunId).toBe("r1");
    expect(knowing.isStale(text("late-new"), "r1")).toBe(true);
    expect(knowing.isStale(textStart("fresh"), "r2")).toBe(false);
  });

  it("a runless RUN_ERROR of a cleared run retires only that run", () => {
    const filter = new ClearedRunFilter();
    filter.isStale(started("r1"));
    filter.isStale(started("r2"));
    filter.recordClear();
    expect(filter.isStale(runError())).toBe(true); // attributed to r2, the latest
    expect(filter.lastStaleRunId).toBe("r2");
    expect([...filter.activeRunIds]).toEqual(["r1"]);
    expect(filter.isStale(textStart("r1-late"))).toBe(true); // fallback moved on to r1, still cleared
    expect(filter.isStale(runError())).toBe(true);
    expect(filter.lastStaleRunId).toBe("r1");
    expect(filter.activeRunIds.size).toBe(0);
    expect(filter.isStale(started("r3"))).toBe(false);
    expect(filter.isStale(textStart("fresh"))).toBe(false);
  });

  it("a run requested before the clear whose RUN_STARTED arrives after it is stale", () => {
    const filter = new ClearedRunFilter();
    filter.recordClear({ runIds: ["pending"], messageIds: ["draft"], toolCallIds: ["tc-x"] });
    expect(filter.isStale(started("pending"))).toBe(true);
    expect(filter.isStale(textStart("p1"))).toBe(true);
    expect(filter.isStale(toolArgs("tc-x"))).toBe(true);
    expect(filter.isStale(finished("pending"))).toBe(true);
    expect(filter.isStale(started("next"))).toBe(false);
    expect(filter.isStale(textStart("n1"))).toBe(false);
  });

  it("collects tool call ids from assistant and tool messages", () => {
    const filter = new ClearedRunFilter();
    filter.recordClear({
      messages: [assistantMessage("a1", "", ["tc-a"]), { id: "tool-1", role: "tool", content: "r", toolCallId: "tc-b" }],
    });
    expect(filter.isStale(toolResult("tc-a", "new-tool-msg"))).toBe(true);
    expect(filter.isStale(toolArgs("tc-b"))).toBe(true);
    expect(filter.isStale(toolArgs("tc-c"))).toBe(false);
  });

  it("reset forgets everything", () => {
    const filter = clearedMidStream();
    filter.reset();
    expect(filter.hasCleared).toBe(false);
    expect(filter.isStale(text("m1"))).toBe(false);
  });

  it("property: with the stream known, every event of the cleared run is stale and none of the fresh run's", () => {
    const script = (prefix: string, messages: number) => {
      const events: AGUIEvent[] = [];
      for (let m = 0; m < messages; m++) {
        events.push(textStart(`${prefix}m${m}`), text(`${prefix}m${m}`), toolStart(`${prefix}tc${m}`, `${prefix}m${m}`), toolArgs(`${prefix}tc${m}`));
      }
      return events;
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.array(fc.boolean(), { maxLength: 64 }), (before, after, fresh, coin) => {
        const filter = new ClearedRunFilter();
        const old = script("old-", before + after);
        filter.isStale(started("r1"), "r1");
        for (const event of old.slice(0, before * 4)) expect(filter.isStale(event, "r1")).toBe(false);
        filter.recordClear({ messageIds: Array.from({ length: before }, (_, m) => `old-m${m}`) });
        const late: [BaseEvent, string][] = [...old.slice(before * 4).map((e): [BaseEvent, string] => [e, "r1"]), [finished("r1"), "r1"]];
        const next: [BaseEvent, string][] = [[started("r2"), "r2"], ...script("new-", fresh).map((e): [BaseEvent, string] => [e, "r2"]), [finished("r2"), "r2"]];
        // Interleave the two streams as the coin flips say, keeping each stream's own order.
        let i = 0;
        while (late.length > 0 || next.length > 0) {
          const takeLate = next.length === 0 || (late.length > 0 && (coin[i++] ?? true));
          const [event, source] = (takeLate ? late : next).shift()!;
          expect(filter.isStale(event, source)).toBe(source === "r1");
        }
      }),
    );
  });
});

describe("ClearedRunFilter with ThreadPersistence: clear while a run streams", () => {
  it("no late event of the cleared run writes anything back; the fresh run is saved", async () => {
    const adapter = memoryStorage();
    const ticks: (() => void)[] = [];
    const persistence = new ThreadPersistence({ adapter, scheduleTick: (cb) => (ticks.push(cb), () => {}) });
    const filter = new ClearedRunFilter();
    // A minimal stand-in for the client's fold: message id → text.
    const thread = new Map<string, string>();
    const snapshot = () => ({ messages: [...thread].map(([id, content]) => assistantMessage(id, content)) });
    const receive = (event: AGUIEvent) => {
      if (filter.isStale(event)) return;
      if (event.type === EventType.TEXT_MESSAGE_START) thread.set(event.messageId, "");
      if (event.type === EventType.TEXT_MESSAGE_CONTENT) thread.set(event.messageId, (thread.get(event.messageId) ?? "") + event.delta);
      persistence.scheduleSave("t", snapshot);
    };
    const frame = () => ticks.splice(0).forEach((cb) => cb());

    [started("r1"), textStart("m1"), text("m1", "hel")].forEach(receive);
    frame();
    expect((adapter.entries.get("t") as StoredThread).messages).toHaveLength(1);

    filter.recordClear({ messages: snapshot().messages });
    thread.clear();
    await persistence.clear("t");

    [text("m1", "lo"), textStart("m2"), text("m2", "late"), finished("r1")].forEach(receive);
    frame();
    await persistence.flush();
    expect(thread.size).toBe(0);
    expect(adapter.entries.has("t")).toBe(false);

    [started("r2"), textStart("f1"), text("f1", "fresh")].forEach(receive);
    receive(text("m2", "still late"));
    await persistence.flush();
    expect((adapter.entries.get("t") as StoredThread).messages).toEqual([assistantMessage("f1", "fresh")]);
  });
});
