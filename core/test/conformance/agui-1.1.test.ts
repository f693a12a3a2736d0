// The AG-UI 1.1 conformance corpus, run against Threadline in two lanes, each with fast and with
// schema validation:
// - http: as the upstream TS runner does it — a real HTTP server replays the fixture's stream as
//   SSE, and Threadline's RunLoop over HttpAgent runs against it (http-lane.ts); every key,
//   the request included, is checked.
// - memory: the same events straight into createPipeline and foldEvents (memory-lane.ts); every
//   key but the request's, which only a lane that sends one can see.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkExpectation } from "./check-expectation.js";
import { openCorpus } from "./corpus.js";
import { DEVIATIONS, ERROR_CODES, WARNING_CODES } from "./expectations.js";
import { typescriptExpectation, type ConformanceFixture, type Expectation } from "./fixture.js";
import { runOverHttp } from "./http-lane.js";
import { runInMemory } from "./memory-lane.js";
import type { Lane } from "./observed.js";
import { startReplayServer, type ReplayServer } from "./replay-server.js";

const LANES: readonly Lane[] = [
  { transport: "http", validation: "fast" },
  { transport: "http", validation: "schema" },
  { transport: "memory", validation: "fast" },
  { transport: "memory", validation: "schema" },
];
const laneName = (lane: Lane): string => `${lane.transport}, ${lane.validation} validation`;

/** What this fixture asserts of Threadline: the TypeScript lane, then our deliberate deviations. */
function expectationFor(fixture: ConformanceFixture): Expectation {
  const deviation = DEVIATIONS[fixture.name];
  return deviation === undefined ? typescriptExpectation(fixture) : { ...typescriptExpectation(fixture), ...deviation.expect };
}

const fixtures = openCorpus("1.1");
if (fixtures !== undefined) registerCorpus(fixtures);

function registerCorpus(fixtures: readonly ConformanceFixture[]): void {
  let server: ReplayServer | undefined;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Per fixture: the lanes it passed in, and the keys that some lane passed but could not observe. */
  const passed = new Map<string, Set<string>>();
  const observedSomewhere = new Map<string, Set<string>>();
  const unobserved = new Map<string, Set<string>>();

  async function checkFixture(fixture: ConformanceFixture, lane: Lane): Promise<void> {
    const seen =
      lane.transport === "http"
        ? await runOverHttp(fixture, server!, `${lane.transport}-${lane.validation}/${fixture.name}`, { validation: lane.validation })
        : runInMemory(fixture, lane.validation);
    const missed = checkExpectation(fixture, expectationFor(fixture), seen, lane);
    const lanes = passed.get(fixture.name) ?? new Set<string>();
    lanes.add(laneName(lane));
    passed.set(fixture.name, lanes);
    const all = ["request", "requestAbsentPaths", ...Object.keys(WARNING_CODES[fixture.name] ?? {}).map((text) => `warnings: ${text}`)];
    for (const key of all) {
      const into = missed.includes(key) ? unobserved : observedSomewhere;
      into.set(fixture.name, (into.get(fixture.name) ?? new Set<string>()).add(key));
    }
  }

  describe.each(LANES.map((lane) => [laneName(lane), lane] as const))("AG-UI 1.1 conformance (%s)", (_name, lane) => {
    it("finds the corpus", () => {
      expect(fixtures.length).toBeGreaterThanOrEqual(68);
    });
    for (const fixture of fixtures) {
      it(`${fixture.area}: ${fixture.name}`, () => checkFixture(fixture, lane));
    }
  });

  describe("conformance bookkeeping", () => {
    it("maps only fixtures that exist", () => {
      const names = new Set(fixtures.map((fixture) => fixture.name));
      for (const name of [...Object.keys(ERROR_CODES), ...Object.keys(WARNING_CODES), ...Object.keys(DEVIATIONS)]) {
        expect(names.has(name), `${name} is not a fixture`).toBe(true);
      }
    });
    it("lists every deviation in the docs' deviation table", () => {
      const page = readFileSync(new URL("../../../docs/reference/deviations.md", import.meta.url), "utf8");
      for (const name of Object.keys(DEVIATIONS)) expect(page, `docs/reference/deviations.md lists ${name}`).toContain(`\`${name}\``);
    });
  });

  afterAll(() => {
    // A key one lane cannot observe (the request, in memory) still counts when another lane checked it.
    const neverChecked = (name: string): string[] =>
      [...(unobserved.get(name) ?? [])].filter((key) => !observedSomewhere.get(name)?.has(key));
    const everyLane = fixtures.filter((fixture) => passed.get(fixture.name)?.size === LANES.length);
    const whole = everyLane.filter((fixture) => !(fixture.name in DEVIATIONS) && neverChecked(fixture.name).length === 0);
    const deviating = everyLane.filter((fixture) => fixture.name in DEVIATIONS);
    const gaps = everyLane.filter((fixture) => neverChecked(fixture.name).length > 0);
    console.log(
      `AG-UI 1.1 conformance: ${whole.length}/${fixtures.length} fixtures pass every key in all ${LANES.length} lanes ` +
        `(${LANES.map(laneName).join("; ")}), ${deviating.length} deviate on purpose, ` +
        `${fixtures.length - everyLane.length} fail in some lane` +
        (gaps.length === 0 ? "" : `; keys no lane checked: ${gaps.map((f) => `${f.name} (${neverChecked(f.name).join(", ")})`).join("; ")}`),
    );
  });
}
