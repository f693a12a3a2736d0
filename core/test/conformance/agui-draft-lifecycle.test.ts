// The lifecycle rules of the AG-UI draft that Threadline already enforces (README
// `deviations`: the 1.0.0 reference accepts these streams). Only these fixtures of the partial
// draft corpus are run here; the rest describe the same behaviour as their 1.1 namesakes.
// Both lanes: over HTTP (RunLoop + HttpAgent, the thread pinned to the stream's first threadId
// as the draft runner does) and in memory (createPipeline + foldEvents).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProtocolError, type ProtocolErrorCode } from "../../src/pipeline/index.js";
import { openCorpus } from "./corpus.js";
import type { ConformanceFixture } from "./fixture.js";
import { runOverHttp } from "./http-lane.js";
import { runInMemory } from "./memory-lane.js";
import { startReplayServer, type ReplayServer } from "./replay-server.js";

const CODES: Readonly<Record<string, { code: ProtocolErrorCode; at: number }>> = {
  "duplicate-interrupt-id-fatal": { code: "DUPLICATE_INTERRUPT_ID", at: 1 },
  "run-finished-wrong-run-id-fatal": { code: "RUN_ID_MISMATCH", at: 1 },
  "run-finished-wrong-thread-id-fatal": { code: "THREAD_ID_MISMATCH", at: 1 },
  "second-run-on-another-thread-fatal": { code: "THREAD_ID_MISMATCH", at: 2 },
  "truncated-stream-fails-the-run": { code: "TRUNCATED_RUN", at: 4 },
};

/** The draft runner's thread id: that of the first RUN_STARTED carrying a string threadId. */
function firstThreadId(fixture: ConformanceFixture): string | undefined {
  for (const event of fixture.stream) {
    const e = event as { type?: unknown; threadId?: unknown } | null;
    if (e?.type === "RUN_STARTED" && typeof e.threadId === "string") return e.threadId;
  }
  return undefined;
}

const corpus = openCorpus("draft");
if (corpus !== undefined) {
  const fixtures = corpus.filter((fixture) => fixture.name in CODES);
  let server: ReplayServer | undefined;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe("AG-UI draft lifecycle fixtures", () => {
    it("finds every one of them", () => {
      expect(fixtures.map((fixture) => fixture.name).sort()).toEqual(Object.keys(CODES).sort());
    });
    for (const fixture of fixtures) {
      const { code, at } = CODES[fixture.name]!;
      it(`${fixture.area}: ${fixture.name} (in memory)`, () => {
        expect(fixture.expect.outcome).toBe("failed");
        const seen = runInMemory(fixture, "fast");
        expect(seen.outcome).toBe("failed");
        expect(seen.error?.code).toBe(code);
        expect(seen.error).toBeInstanceOf(ProtocolError);
        expect((seen.error as ProtocolError).index).toBe(at);
        expect(seen.events).toEqual(fixture.stream.slice(0, at));
      });
      it(`${fixture.area}: ${fixture.name} (over HTTP)`, async () => {
        const key = `draft/${fixture.name}`;
        const threadId = firstThreadId(fixture);
        const seen = await runOverHttp(fixture, server!, key, { validation: "fast", ...(threadId === undefined ? {} : { threadId }) });
        expect(seen.outcome).toBe("failed");
        expect(seen.error?.code).toBe(code);
        expect(seen.error).toBeInstanceOf(ProtocolError);
        expect((seen.error as ProtocolError).index).toBe(at);
        // What the application saw is what was on the wire (timestamps included), up to the violation.
        expect(seen.events).toEqual(server!.replay(key)?.sent.slice(0, at));
        expect(seen.request).toMatchObject({ threadId });
      });
    }
  });
}
