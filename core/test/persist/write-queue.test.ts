// WriteQueue: strict order, synchronous operations in the same tick, bounded bookkeeping.
import { describe, expect, it } from "vitest";
import { WriteQueue } from "../../src/persist/write-queue.js";

const defects: unknown[] = [];
const newQueue = () => new WriteQueue((error) => defects.push(error));

describe("WriteQueue", () => {
  it("runs synchronous operations before enqueue returns, async ones strictly one after another", async () => {
    const queue = newQueue();
    const log: string[] = [];
    queue.enqueue(() => void log.push("sync"));
    expect(log).toEqual(["sync"]);
    expect(queue.idle).toBe(true);
    queue.enqueue(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push("slow");
    });
    queue.enqueue(() => void log.push("after"));
    expect(log).toEqual(["sync"]);
    await queue.whenIdle();
    expect(log).toEqual(["sync", "slow", "after"]);
  });

  it("a queue that never goes idle (a write in flight every frame) keeps no slot per finished operation", async () => {
    const queue = newQueue();
    const slots = () => (queue as unknown as { operations: unknown[] }).operations.length;
    let ran = 0;
    let most = 0;
    // Each operation answers with a promise and queues the next before it settles, as a
    // streaming save does when every frame's write waits behind the one in flight.
    const step = (): Promise<void> => {
      ran++;
      most = Math.max(most, slots());
      if (ran < 20_000) queue.enqueue(step);
      return Promise.resolve();
    };
    queue.enqueue(step);
    await queue.whenIdle();
    expect(ran).toBe(20_000);
    expect(most).toBeLessThan(2_100);
    expect(defects).toEqual([]);
  });
});
