// The lifecycle rules of the AG-UI draft that Threadline already enforces (README
// `deviations`: the 1.0.0 reference accepts these streams). Only these fixtures of the partial
// draft corpus are run here; the rest describe the same behaviour as their 1.1 namesakes or
// need the fold and the transport.
import { describe, expect, it } from "vitest";
import type { ProtocolErrorCode } from "../../src/index.js";
import { fixtureDirectory, loadFixtures } from "./fixture.js";
import { runFixture } from "./run-fixture.js";

const CODES: Readonly<Record<string, { code: ProtocolErrorCode; at: number }>> = {
  "duplicate-interrupt-id-fatal": { code: "DUPLICATE_INTERRUPT_ID", at: 1 },
  "run-finished-wrong-run-id-fatal": { code: "RUN_ID_MISMATCH", at: 1 },
  "run-finished-wrong-thread-id-fatal": { code: "THREAD_ID_MISMATCH", at: 1 },
  "second-run-on-another-thread-fatal": { code: "THREAD_ID_MISMATCH", at: 2 },
  "truncated-stream-fails-the-run": { code: "TRUNCATED_RUN", at: 4 },
};

const fixtures = loadFixtures(fixtureDirectory("draft")).filter((fixture) => fixture.name in CODES);

describe("AG-UI draft lifecycle fixtures", () => {
  it("finds every one of them", () => {
    expect(fixtures.map((fixture) => fixture.name).sort()).toEqual(Object.keys(CODES).sort());
  });
  for (const fixture of fixtures) {
    it(`${fixture.area}: ${fixture.name}`, () => {
      const { code, at } = CODES[fixture.name]!;
      expect(fixture.expect.outcome).toBe("failed");
      const seen = runFixture(fixture, "fast");
      expect(seen.outcome).toBe("failed");
      expect(seen.error?.code).toBe(code);
      expect(seen.error?.index).toBe(at);
      expect(seen.events).toEqual(fixture.stream.slice(0, at));
    });
  }
});
