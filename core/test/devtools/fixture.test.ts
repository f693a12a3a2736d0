// Fixture text: NDJSON or a JSON array in, events out; anything else is refused naming the line.
import { describe, expect, it } from "vitest";
import { DevtoolsError, parseFixture, toFixture } from "../../src/devtools/index.js";

const events = [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "TEXT_MESSAGE_CHUNK", messageId: "m", delta: "line\nbreak" },
  { type: "RUN_FINISHED", threadId: "t", runId: "r" },
];

describe("fixtures", () => {
  it("round-trips as NDJSON (one event a line, newlines inside strings escaped) and as a JSON array", () => {
    const ndjson = toFixture(events);
    expect(ndjson.trimEnd().split("\n")).toHaveLength(3);
    expect(parseFixture(ndjson)).toEqual(events);
    expect(parseFixture(toFixture(events, "json"))).toEqual(events);
    // Blank lines and CRLF endings are fine.
    expect(parseFixture(`\n${ndjson.replace(/\n/g, "\r\n")}\n\n`)).toEqual(events);
  });

  it("names the line that is not JSON, and keeps what it received", () => {
    const error = (() => {
      try {
        parseFixture(`${JSON.stringify(events[0])}\n{"type": "RUN_FINISHED",\n`);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(DevtoolsError);
    expect(error).toMatchObject({ code: "FIXTURE_UNREADABLE", line: 2, received: '{"type": "RUN_FINISHED",' });
  });

  it("refuses entries that are not events, empty fixtures and broken arrays", () => {
    expect(() => parseFixture('{"type":"RUN_STARTED"}\n42\n')).toThrow(expect.objectContaining({ code: "FIXTURE_NOT_EVENTS", line: 2, received: 42 }));
    expect(() => parseFixture('[{"type":"RUN_STARTED"}, {"kind":"x"}]')).toThrow(expect.objectContaining({ code: "FIXTURE_NOT_EVENTS", line: 2 }));
    expect(() => parseFixture("  \n\n")).toThrow(expect.objectContaining({ code: "FIXTURE_NOT_EVENTS" }));
    expect(() => parseFixture("[]")).toThrow(expect.objectContaining({ code: "FIXTURE_NOT_EVENTS" }));
    expect(() => parseFixture("[{")).toThrow(expect.objectContaining({ code: "FIXTURE_UNREADABLE", line: 1 }));
  });
});
