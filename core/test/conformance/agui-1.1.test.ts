// The AG-UI 1.1 conformance corpus, run against Threadline's pipeline. Each fixture's stream is
// fed into createPipeline in memory; a later change routes it through the HTTP transport.
// Keys that need a later stage (`messages`, `messageCount`, `state` from the fold; `request`
// from the transport) are checked through fold-adapter.ts and counted while it returns nothing.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { ThreadlineWarning } from "../../src/index.js";
import { DEVIATIONS, ERROR_CODES, WARNING_CODES, type WarningMapping } from "./expectations.js";
import {
  fixtureDirectory,
  loadFixtures,
  pathExists,
  readPath,
  subsetMismatch,
  typescriptExpectation,
  type ConformanceFixture,
  type Expectation,
} from "./fixture.js";
import { foldFixture } from "./fold-adapter.js";
import { runFixture } from "./run-fixture.js";

const fixtures = loadFixtures(fixtureDirectory("1.1"));

/** What this fixture asserts of Threadline: the TypeScript lane, then our deliberate deviations. */
function expectationFor(fixture: ConformanceFixture): Expectation {
  const deviation = DEVIATIONS[fixture.name];
  return deviation === undefined ? typescriptExpectation(fixture) : { ...typescriptExpectation(fixture), ...deviation.expect };
}

const tally = { passedWhole: new Set<string>(), deviating: new Set<string>(Object.keys(DEVIATIONS)), awaitsFold: new Map<string, Set<string>>(), awaitsTransport: new Map<string, Set<string>>() };

function pending(kind: "fold" | "transport", fixture: string, key: string): void {
  const map = kind === "fold" ? tally.awaitsFold : tally.awaitsTransport;
  const keys = map.get(fixture) ?? new Set<string>();
  keys.add(key);
  map.set(fixture, keys);
}

function checkWarnings(fixture: ConformanceFixture, wanted: string[], warnings: ThreadlineWarning[], foldRan: boolean): void {
  for (const text of wanted) {
    const mapping: WarningMapping | undefined = WARNING_CODES[fixture.name]?.[text];
    expect(mapping, `no warning mapping for ${JSON.stringify(text)} in ${fixture.name}`).toBeDefined();
    if (mapping === undefined) continue;
    if ("awaits" in mapping && (mapping.awaits === "transport" || !foldRan)) {
      pending(mapping.awaits, fixture.name, `warnings: ${text}`);
      continue;
    }
    const match = warnings.find(
      (warning) => warning.code === mapping.code && ("awaits" in mapping || mapping.mentions === undefined || warning.message.includes(mapping.mentions)),
    );
    expect(match, `expected a ${mapping.code} warning for ${JSON.stringify(text)}; got ${JSON.stringify(warnings)}`).toBeDefined();
  }
}

function checkFixture(fixture: ConformanceFixture, validation: "fast" | "schema"): void {
  const want = expectationFor(fixture);
  const seen = runFixture(fixture, validation);
  const folded = foldFixture(fixture, seen.events, (warning) => seen.warnings.push(warning));
  const types = seen.events.map((event) => event.type as string);

  if (want.outcome !== undefined) {
    expect(seen.outcome, `outcome (error: ${seen.error?.message ?? "none"})`).toBe(want.outcome);
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
    expect(seen.error?.index).toBeGreaterThanOrEqual(0);
  }
  if (want.runError !== undefined) {
    const runErrors = seen.events.filter((event) => event.type === "RUN_ERROR");
    const last = runErrors.at(-1);
    if (want.runError === false) expect(last).toBeUndefined();
    else {
      expect(last, "a RUN_ERROR was delivered").toBeDefined();
      if (typeof want.runError === "string" && last?.type === "RUN_ERROR") expect(last.message).toContain(want.runError);
    }
  }
  checkWarnings(fixture, want.warnings ?? [], seen.warnings, folded !== undefined);
  if (want.noWarnings === true) expect(seen.warnings).toEqual([]);

  const foldKeys = (["messageCount", "messages", "state"] as const).filter((key) => want[key] !== undefined);
  if (folded === undefined) for (const key of foldKeys) pending("fold", fixture.name, key);
  else {
    if (want.messageCount !== undefined) expect(folded.messages).toHaveLength(want.messageCount);
    if (want.messages !== undefined) expect(subsetMismatch(want.messages, folded.messages)).toBeUndefined();
    if (want.state !== undefined) expect(subsetMismatch(want.state, folded.state)).toBeUndefined();
  }
  for (const key of ["request", "requestAbsentPaths"] as const) {
    if (want[key] === undefined) continue;
    if (folded?.request === undefined) {
      pending("transport", fixture.name, key);
      continue;
    }
    if (key === "request") expect(subsetMismatch(want.request, folded.request)).toBeUndefined();
    else for (const path of want.requestAbsentPaths ?? []) expect(pathExists(folded.request, path)).toBe(false);
  }
  if (!tally.awaitsFold.has(fixture.name) && !tally.awaitsTransport.has(fixture.name) && !(fixture.name in DEVIATIONS)) {
    tally.passedWhole.add(fixture.name);
  }
}

describe.each(["fast", "schema"] as const)("AG-UI 1.1 conformance (%s validation)", (validation) => {
  it("finds the corpus", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(68);
  });
  for (const fixture of fixtures) {
    it(`${fixture.area}: ${fixture.name}`, () => checkFixture(fixture, validation));
  }
});

describe("conformance bookkeeping", () => {
  it("maps only fixtures that exist", () => {
    const names = new Set(fixtures.map((fixture) => fixture.name));
    for (const name of [...Object.keys(ERROR_CODES), ...Object.keys(WARNING_CODES), ...Object.keys(DEVIATIONS)]) {
      expect(names.has(name), `${name} is not a fixture`).toBe(true);
    }
  });
  it("lists every deviation in the README deviations table", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const section = /<!-- section:deviations -->([\s\S]*?)<!-- \/section:deviations -->/.exec(readme)?.[1] ?? "";
    for (const name of Object.keys(DEVIATIONS)) expect(section, `README deviations table lists ${name}`).toContain(`\`${name}\``);
  });
});

afterAll(() => {
  const list = (map: Map<string, Set<string>>) => [...map].map(([name, keys]) => `  ${name}: ${[...keys].join(", ")}`).join("\n");
  console.log(
    `AG-UI 1.1 conformance: ${tally.passedWhole.size}/${fixtures.length} fixtures pass every key, ` +
      `${tally.deviating.size} deviate on purpose, ${tally.awaitsFold.size} await the fold, ${tally.awaitsTransport.size} await the transport\n` +
      `needs fold:\n${list(tally.awaitsFold)}\nneeds transport:\n${list(tally.awaitsTransport)}`,
  );
});
