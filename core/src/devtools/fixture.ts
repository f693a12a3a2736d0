import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { DevtoolsError } from "./errors.js";

export type FixtureFormat = "ndjson" | "json";

/**
 * A recording as text: NDJSON (one event per line, the default — it streams and diffs well) or a
 * JSON array. Either parses back with `parseFixture` into the array `fromEvents` replays.
 */
export function toFixture(events: readonly unknown[], format: FixtureFormat = "ndjson"): string {
  if (format === "json") return `${JSON.stringify(events, null, 2)}\n`;
  return events.map((event) => `${JSON.stringify(event)}\n`).join("");
}

/**
 * Reads a fixture: a JSON array of events, or NDJSON (blank lines are skipped). Throws a
 * `DevtoolsError` naming the line: `FIXTURE_UNREADABLE` for text that does not parse,
 * `FIXTURE_NOT_EVENTS` for an entry without a string `type`. Whether the events make a valid
 * stream is the pipeline's to say when they are replayed.
 */
export function parseFixture(text: string): unknown[] {
  if (typeof text !== "string") {
    throw new DevtoolsError("FIXTURE_UNREADABLE", DEV ? `A fixture is text; got ${describeValue(text)}.` : "", { received: text });
  }
  const trimmed = text.trimStart();
  if (trimmed.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new DevtoolsError("FIXTURE_UNREADABLE", DEV ? `The fixture looks like a JSON array but does not parse: ${describeValue(error)}.` : "", {
        line: 1,
        received: text.slice(0, 200),
        cause: error,
      });
    }
    const list = parsed as unknown[];
    if (list.length === 0) throw new DevtoolsError("FIXTURE_NOT_EVENTS", DEV ? "The fixture holds no events." : "", { received: text.slice(0, 200) });
    list.forEach((event, index) => checkEvent(event, index + 1, "entry"));
    return list;
  }
  const events: unknown[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch (error) {
      throw new DevtoolsError("FIXTURE_UNREADABLE", DEV ? `Fixture line ${i + 1} is not JSON: ${describeValue(error)}.` : "", {
        line: i + 1,
        received: line.slice(0, 200),
        cause: error,
      });
    }
    checkEvent(event, i + 1, "line");
    events.push(event);
  }
  if (events.length === 0) throw new DevtoolsError("FIXTURE_NOT_EVENTS", DEV ? "The fixture holds no events." : "", { received: text.slice(0, 200) });
  return events;
}

function checkEvent(event: unknown, line: number, where: "line" | "entry"): void {
  if (typeof event === "object" && event !== null && !Array.isArray(event) && typeof (event as { type?: unknown }).type === "string") return;
  throw new DevtoolsError("FIXTURE_NOT_EVENTS", DEV ? `Fixture ${where} ${line} is not an AG-UI event (an object with a string \`type\`); got ${describeValue(event)}.` : "", {
    line,
    received: event,
  });
}
