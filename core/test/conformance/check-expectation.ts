// Compares what a lane observed with a fixture's expectation, key by key in the upstream
// runner's order (FORMAT.md, "Order of assertions"). The reference's error and warning
// wording is matched through our codes (expectations.ts). Returns the keys a lane could not
// observe (the request, in a lane that sends none).
import { expect } from "vitest";
import type { ThreadlineWarning } from "../../src/index.js";
import { ProtocolError } from "../../src/pipeline/index.js";
import { ERROR_CODES, WARNING_CODES } from "./expectations.js";
import { pathExists, readPath, subsetMismatch, type ConformanceFixture, type Expectation } from "./fixture.js";
import type { Lane, Observed } from "./observed.js";

export function checkExpectation(fixture: ConformanceFixture, want: Expectation, seen: Observed, lane: Lane): string[] {
  const unobservable: string[] = [];
  const types = seen.events.map((event) => event.type as string);

  if (want.outcome !== undefined) {
    expect(seen.outcome, `outcome (error: ${seen.error === undefined ? "none" : `${seen.error.code}: ${seen.error.message}`})`).toBe(want.outcome);
  }
  if (want.eventTypes !== undefined) expect(types).toEqual(want.eventTypes);
  for (const absent of want.eventTypesAbsent ?? []) expect(types).not.toContain(absent);
  for (const [path, value] of Object.entries(want.eventPaths ?? {})) {
    expect(pathExists(seen.events, path), `event path ${path} exists`).toBe(true);
    expect(readPath(seen.events, path), `event path ${path}`).toEqual(value);
  }
  for (const path of want.eventAbsentPaths ?? []) expect(pathExists(seen.events, path), `event path ${path} is absent`).toBe(false);

  if (want.errorContains) {
    const mapping = ERROR_CODES[fixture.name];
    expect(mapping, `no error-code mapping for ${fixture.name} (${want.errorContains})`).toBeDefined();
    expect(seen.error?.code).toBe(mapping?.code);
    if (mapping?.mentions !== undefined) expect(seen.error?.message).toContain(mapping.mentions);
    expect(seen.error, "a protocol error, not a transport one").toBeInstanceOf(ProtocolError);
    if (seen.error instanceof ProtocolError) expect(seen.error.index).toBeGreaterThanOrEqual(0);
  }
  if (want.runError !== undefined) {
    const last = seen.events.filter((event) => event.type === "RUN_ERROR").at(-1);
    if (want.runError === false) expect(last).toBeUndefined();
    else {
      expect(last, "a RUN_ERROR was delivered").toBeDefined();
      if (typeof want.runError === "string" && last?.type === "RUN_ERROR") expect(last.message).toContain(want.runError);
    }
  }
  checkWarnings(fixture, want.warnings ?? [], seen.warnings, lane, unobservable);
  if (want.noWarnings === true) expect(seen.warnings).toEqual([]);

  if (want.messageCount !== undefined) expect(seen.messages).toHaveLength(want.messageCount);
  if (want.messages !== undefined) expect(subsetMismatch(want.messages, seen.messages)).toBeUndefined();
  if (want.state !== undefined) expect(subsetMismatch(want.state, seen.state)).toBeUndefined();

  for (const key of ["request", "requestAbsentPaths"] as const) {
    if (want[key] === undefined) continue;
    if (seen.request === undefined) {
      unobservable.push(key);
      continue;
    }
    if (key === "request") expect(subsetMismatch(want.request, seen.request)).toBeUndefined();
    else for (const path of want.requestAbsentPaths ?? []) expect(pathExists(seen.request, path), `request path ${path} is absent`).toBe(false);
  }
  return unobservable;
}

function checkWarnings(
  fixture: ConformanceFixture,
  wanted: readonly string[],
  warnings: readonly ThreadlineWarning[],
  lane: Lane,
  unobservable: string[],
): void {
  for (const text of wanted) {
    const mapping = WARNING_CODES[fixture.name]?.[text];
    expect(mapping, `no warning mapping for ${JSON.stringify(text)} in ${fixture.name}`).toBeDefined();
    if (mapping === undefined) continue;
    if (mapping.requestSide === true && lane.transport === "memory") {
      unobservable.push(`warnings: ${text}`);
      continue;
    }
    const match = warnings.find((warning) => warning.code === mapping.code && (mapping.mentions === undefined || warning.message.includes(mapping.mentions)));
    expect(match, `expected a ${mapping.code} warning for ${JSON.stringify(text)}; got ${JSON.stringify(warnings)}`).toBeDefined();
  }
}
