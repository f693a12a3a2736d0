import { describe, expect, it } from "vitest";
import { createThinkingTranslator } from "../../src/pipeline/translate-thinking.js";
import type { AGUIEvent, ThreadlineWarning } from "../../src/index.js";
import { createPipeline, type IncomingEvent } from "../../src/pipeline/index.js";
import { legacyProtocol } from "../../src/run/index.js";
import * as e from "./events.js";
import { runStage, types } from "./stage-harness.js";

const legacy = (type: string, fields: Record<string, unknown> = {}) => ({ type, ...fields }) as unknown as IncomingEvent;
const translate = (events: IncomingEvent[]) => runStage<IncomingEvent>(createThinkingTranslator, events);

const thinkingRun = (runId: string) => [
  e.runStarted(runId),
  legacy("THINKING_START", { title: "Working" }),
  legacy("THINKING_TEXT_MESSAGE_START"),
  legacy("THINKING_TEXT_MESSAGE_CONTENT", { delta: "Let me " }),
  legacy("THINKING_TEXT_MESSAGE_CONTENT", { delta: "check.", timestamp: 9, metadata: { k: 1 } }),
  legacy("THINKING_TEXT_MESSAGE_END"),
  legacy("THINKING_END"),
  e.runFinished(runId),
];

describe("THINKING_* → REASONING_* translation", () => {
  it("turns a thinking span and message into a reasoning span and message with ids from the run and position", () => {
    const run = translate(thinkingRun("r7"));
    expect(run.error).toBeUndefined();
    expect(run.delivered.slice(1, -1)).toEqual([
      { type: "REASONING_START", messageId: "thinking-r7-1" },
      { type: "REASONING_MESSAGE_START", messageId: "thinking-message-r7-2", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "thinking-message-r7-2", delta: "Let me " },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "thinking-message-r7-2", delta: "check.", timestamp: 9, metadata: { k: 1 } },
      { type: "REASONING_MESSAGE_END", messageId: "thinking-message-r7-2" },
      { type: "REASONING_END", messageId: "thinking-r7-1" },
    ]);
  });

  it("is deterministic: the same stream yields the same ids, another run other ids", () => {
    const ids = (events: AGUIEvent[]) => events.map((event) => ("messageId" in event ? event.messageId : undefined));
    expect(ids(translate(thinkingRun("r1")).delivered)).toEqual(ids(translate(thinkingRun("r1")).delivered));
    expect(ids(translate(thinkingRun("r2")).delivered)).not.toEqual(ids(translate(thinkingRun("r1")).delivered));
    const twoSpans = translate([...thinkingRun("r1"), ...thinkingRun("r1").slice(1)]).delivered;
    const spanIds = new Set(twoSpans.filter((event) => event.type === "REASONING_START").map((event) => ("messageId" in event ? event.messageId : "")));
    expect(spanIds.size).toBe(2);
  });

  it("warns once per stream about the retired shapes, and about every title it drops", () => {
    const run = translate([...thinkingRun("r1"), e.runStarted("r2"), legacy("THINKING_START"), legacy("THINKING_END"), e.runFinished("r2")]);
    expect(run.warnings.map((warning: ThreadlineWarning) => warning.code)).toEqual(["LEGACY_THINKING_TRANSLATED", "LEGACY_THINKING_TITLE_DROPPED"]);
    expect(run.warnings[0]?.message).toContain("THINKING_START");
    expect(run.warnings[1]?.message).toContain('"Working"');
  });

  it("passes every current event through as the same object", () => {
    const events = [e.runStarted(), e.textStart("m1"), e.textEnd("m1"), e.runFinished()];
    const run = translate(events);
    run.delivered.forEach((event, i) => expect(event).toBe(events[i]));
    expect(run.warnings).toEqual([]);
  });

  const violations: Array<[string, IncomingEvent[], string, number]> = [
    ["content with no thinking message open", [e.runStarted(), legacy("THINKING_TEXT_MESSAGE_CONTENT", { delta: "x" })], "UNKNOWN_REASONING_ID", 1],
    ["a message end with no thinking message open", [e.runStarted(), legacy("THINKING_TEXT_MESSAGE_END")], "UNKNOWN_REASONING_ID", 1],
    ["THINKING_END with no span open", [e.runStarted(), legacy("THINKING_END")], "UNKNOWN_REASONING_ID", 1],
    ["a nested THINKING_START", [e.runStarted(), legacy("THINKING_START"), legacy("THINKING_START")], "ALREADY_OPEN", 2],
    ["a second message while one is open", [e.runStarted(), legacy("THINKING_TEXT_MESSAGE_START"), legacy("THINKING_TEXT_MESSAGE_START")], "ALREADY_OPEN", 2],
  ];
  for (const [what, events, code, at] of violations) {
    it(`rejects ${what} (${code})`, () => {
      const run = translate(events);
      expect(run.error?.code).toBe(code);
      expect(run.error?.index).toBe(at);
    });
  }

  it("leaves nothing open across a run boundary", () => {
    const run = translate([e.runStarted("r1"), legacy("THINKING_TEXT_MESSAGE_START"), e.runError(), e.runStarted("r2"), legacy("THINKING_TEXT_MESSAGE_CONTENT", { delta: "x" })]);
    expect(run.error?.code).toBe("UNKNOWN_REASONING_ID");
  });

  it("feeds verification like native reasoning does, end to end", () => {
    const delivered: AGUIEvent[] = [];
    const pipeline = createPipeline((event) => delivered.push(event), { onWarning: () => {}, legacy: legacyProtocol() });
    for (const event of thinkingRun("r1")) pipeline.push(event);
    pipeline.end();
    expect(types(delivered)).toEqual([
      "RUN_STARTED", "REASONING_START", "REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT",
      "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END", "REASONING_END", "RUN_FINISHED",
    ]);
  });
});
