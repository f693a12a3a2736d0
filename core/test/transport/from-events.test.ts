// fromEvents: arrays, generators and async generators as sources.
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { fromEvents } from "../../src/index.js";
import { SourceFailedError } from "../../src/transport/index.js";
import { sleep } from "../support/wait.js";
import { collect, input, rejection, runEvents } from "./support.js";

describe("fromEvents", () => {
  it("replays an array synchronously, and again on every run", async () => {
    const source = fromEvents(runEvents());
    const first = collect();
    const run = source.run(input, first.sink);
    expect(first.events).toEqual(runEvents()); // delivered before the promise is even awaited
    await expect(run).resolves.toBe("completed");

    const second = collect();
    await expect(source.run(input, second.sink)).resolves.toBe("completed");
    expect(second.events).toEqual(runEvents());
  });

  it("replays an async generator in order", async () => {
    async function* stream() {
      for (const event of runEvents()) {
        await sleep(1);
        yield event;
      }
    }
    const { sink, events } = collect();
    await expect(fromEvents(stream()).run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());
  });

  it("abort ends an async generator's run at once, even while it waits, and lets it clean up", async () => {
    // The generator waits on a gate the test holds shut until the run has settled: "at once"
    // means the run settles while the generator still waits (else this test hangs), whatever the
    // machine's speed — not within so many milliseconds.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let cleaned!: () => void;
    const cleanedUp = new Promise<void>((resolve) => (cleaned = resolve));
    async function* slow() {
      try {
        yield runEvents()[0];
        await gate;
        yield runEvents()[1];
      } finally {
        cleaned();
      }
    }
    const { sink, events, controller } = collect();
    const run = fromEvents(slow()).run(input, sink);
    while (events.length === 0) await sleep(1);
    controller.abort();
    await expect(run).resolves.toBe("aborted");
    // Once its wait ends, the generator is closed (its finally runs) and yields nothing more.
    open();
    await cleanedUp;
    expect(events).toEqual([runEvents()[0]]);
  });

  it("a throwing sink rejects with its error and closes a generator", async () => {
    let closed = false;
    function* events() {
      try {
        yield* runEvents();
      } finally {
        closed = true;
      }
    }
    const violation = new Error("violation");
    const { sink, events: got } = collect((_event, index) => {
      if (index === 1) throw violation;
    });
    await expect(rejection(fromEvents(events()).run(input, sink))).resolves.toBe(violation);
    expect(got).toHaveLength(2);
    expect(closed).toBe(true);
  });

  it("a throwing async sink rejects with its error and closes the async generator", async () => {
    let closed = false;
    async function* events() {
      try {
        for (const event of runEvents()) yield event;
      } finally {
        closed = true;
      }
    }
    const violation = new Error("violation");
    const { sink } = collect((_event, index) => {
      if (index === 0) throw violation;
    });
    await expect(rejection(fromEvents(events()).run(input, sink))).resolves.toBe(violation);
    await sleep(5);
    expect(closed).toBe(true);
  });

  it("wraps an iterable's own failure in SourceFailedError, after delivering what it yielded", async () => {
    async function* broken() {
      yield runEvents()[0];
      throw new Error("replay file corrupt");
    }
    const { sink, events } = collect();
    const error = await rejection(fromEvents(broken()).run(input, sink));
    expect(error).toBeInstanceOf(SourceFailedError);
    expect((error as Error).message).toContain("replay file corrupt");
    expect(events).toEqual([runEvents()[0]]);

    function* brokenSync() {
      yield 1;
      throw new Error("sync failure");
    }
    const sync = await rejection(fromEvents(brokenSync()).run(input, collect().sink));
    expect(sync).toBeInstanceOf(SourceFailedError);
  });

  it("stops an array replay when the sink aborts mid-way, and delivers nothing when already aborted", async () => {
    const midway = collect((_event, index) => {
      if (index === 2) midway.controller.abort();
    });
    await expect(fromEvents(runEvents()).run(input, midway.sink)).resolves.toBe("aborted");
    expect(midway.events).toHaveLength(3);

    const before = collect();
    before.controller.abort();
    await expect(fromEvents(runEvents()).run(input, before.sink)).resolves.toBe("aborted");
    await expect(fromEvents((async function* () { yield 1; })()).run(input, before.sink)).resolves.toBe("aborted");
    expect(before.events).toEqual([]);
  });

  it("an abort from inside the sink ends an async run without waiting for another event", async () => {
    async function* stalls() {
      yield runEvents()[0];
      await new Promise(() => undefined); // never yields again
    }
    const { sink, controller } = collect(() => controller.abort());
    await expect(fromEvents(stalls()).run(input, sink)).resolves.toBe("aborted");
  });

  it("keeps no memory per event while an async iterable streams (no reactions pile up on the abort race)", async () => {
    v8.setFlagsFromString("--expose_gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const total = 100_000;
    async function* many() {
      for (let i = 0; i < total; i++) yield { type: "CUSTOM", name: "n", value: i };
    }
    const heap: number[] = [];
    let seen = 0;
    // A sink that keeps nothing, so only the source's own retention can grow the heap.
    const sink = {
      signal: new AbortController().signal,
      onEvent() {
        if (seen === 1_000 || seen === total - 1) {
          gc();
          heap.push(process.memoryUsage().heapUsed);
        }
        seen++;
      },
    };
    await expect(fromEvents(many()).run(input, sink)).resolves.toBe("completed");
    // Racing every next() against one long-lived abort promise kept ~400 bytes per event alive
    // until the run ended (~40 MB here); the fix keeps the heap flat.
    expect(heap[1]! - heap[0]!).toBeLessThan(8_000_000);
  });
});

