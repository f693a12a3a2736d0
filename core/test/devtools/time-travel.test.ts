// Time travel is folding a prefix: for generated streams (every event type, several runs,
// snapshots, chunks), the inspector's thread at N is foldEvents of the first N recorded events,
// and the whole recording replays to the live thread it was recorded from.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createThread, foldEvents } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { recordEvents, replayEvents, threadAt, TimeTravel } from "../../src/devtools/index.js";
import { streamArbitrary } from "../fold/stream-generator.js";

const RUNS = Number(process.env.TIME_TRAVEL_RUNS ?? 100);
const quiet = { onWarning: () => undefined };

/** A live thread folding `events` as a run loop does (one pipeline), with a recorder attached. */
function recordLive(init: { messages: unknown[]; state: unknown }, events: readonly object[]) {
  const thread = createThread({ messages: init.messages as never, state: init.state, ...quiet });
  const recorder = recordEvents(thread);
  const pipeline = createPipeline((event) => foldEvent(thread, event), quiet);
  for (const event of events) pipeline.push(event);
  pipeline.end();
  recorder.stop();
  return { thread, recorded: recorder.events() };
}

describe("time travel", () => {
  it(`the thread at N is foldEvents(events.slice(0, N)) (${RUNS} generated streams, N sampled)`, () => {
    fc.assert(
      fc.property(streamArbitrary, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), ({ init, events }, picks) => {
        const { recorded } = recordLive(init, events);
        expect(recorded.length).toBeGreaterThan(0);
        const cursor = new TimeTravel();
        // Ascending, with both ends: the cursor folds forward between them.
        const points = [...new Set([0, ...picks.map((p) => p % (recorded.length + 1)), recorded.length])].sort((a, b) => a - b);
        for (const n of points) {
          const expected = foldEvents(recorded.slice(0, n), {}, quiet);
          const fresh = threadAt(recorded, n).thread;
          expect(fresh.toMessages()).toEqual(expected.messages);
          expect(fresh.state.peek()).toEqual(expected.state);
          expect(fresh.pendingInterrupts.peek()).toEqual(expected.pendingInterrupts);
          // Scrubbing forward folds on from where the cursor was; it must agree with a fresh fold.
          const scrubbed = cursor.at(recorded, n).thread;
          expect(scrubbed.toMessages()).toEqual(expected.messages);
          expect(scrubbed.state.peek()).toEqual(expected.state);
        }
        // And scrubbing back starts afresh.
        const back = Math.floor(recorded.length / 2);
        expect(cursor.at(recorded, back).thread.toMessages()).toEqual(foldEvents(recorded.slice(0, back), {}, quiet).messages);
      }),
      { numRuns: RUNS },
    );
  });

  it(`the whole recording replays to the live thread, initial messages and state included (${RUNS} streams)`, () => {
    fc.assert(
      fc.property(streamArbitrary, ({ init, events }) => {
        const { thread, recorded } = recordLive(init, events);
        const replay = replayEvents(recorded);
        expect(replay.error).toBeUndefined();
        const live = thread.snapshot();
        const again = replay.thread.snapshot();
        expect(again.messages).toEqual(live.messages);
        expect(again.state).toEqual(live.state);
        expect(again.toolCalls).toEqual(live.toolCalls);
        expect(again.components).toEqual(live.components);
        expect(again.status).toEqual(live.status);
        expect(again.pendingInterrupts).toEqual(live.pendingInterrupts);
      }),
      { numRuns: RUNS },
    );
  });
});
