// Keyed leading + trailing throttle, every edge on fake timers.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ThreadlineError } from "../../src/errors.js";
import { createKeyedThrottle, KeyedThrottleError } from "../../src/tools/keyed-throttle.js";

type Call = [string, number];

function setup(intervalMs = 100) {
  const calls: Call[] = [];
  const throttle = createKeyedThrottle<string, number>((key, value) => calls.push([key, value]), intervalMs);
  return { calls, throttle };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createKeyedThrottle", () => {
  test("leading edge: an idle key's first value is delivered synchronously", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    expect(calls).toEqual([["a", 1]]);
    expect(throttle.pending("a")).toBe(false);
  });

  test("trailing edge: during the window only the latest value is kept, delivered at its end", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    throttle.schedule("a", 2);
    vi.advanceTimersByTime(50);
    throttle.schedule("a", 3);
    expect(calls).toEqual([["a", 1]]);
    expect(throttle.pending("a")).toBe(true);
    vi.advanceTimersByTime(49);
    expect(calls).toEqual([["a", 1]]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([["a", 1], ["a", 3]]);
    expect(throttle.pending("a")).toBe(false);
  });

  test("no trailing call when nothing new arrived; the key is then idle (next value is leading)", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([["a", 1]]);
    expect(vi.getTimerCount()).toBe(0);
    throttle.schedule("a", 2);
    expect(calls).toEqual([["a", 1], ["a", 2]]);
  });

  test("continuous input is delivered once per interval, and the last value after the last window", () => {
    const { calls, throttle } = setup();
    for (let t = 0; t < 350; t += 10) {
      throttle.schedule("a", t);
      vi.advanceTimersByTime(10);
    }
    // leading 0; trailing at 100 (latest 90), 200 (190), 300 (290); then 340 at 400
    expect(calls.map(([, v]) => v)).toEqual([0, 90, 190, 290]);
    vi.advanceTimersByTime(100);
    expect(calls.map(([, v]) => v)).toEqual([0, 90, 190, 290, 340]);
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  test("keys are independent", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    vi.advanceTimersByTime(60);
    throttle.schedule("b", 1);
    throttle.schedule("a", 2);
    throttle.schedule("b", 2);
    expect(calls).toEqual([["a", 1], ["b", 1]]);
    vi.advanceTimersByTime(40);
    expect(calls).toEqual([["a", 1], ["b", 1], ["a", 2]]);
    vi.advanceTimersByTime(60);
    expect(calls).toEqual([["a", 1], ["b", 1], ["a", 2], ["b", 2]]);
  });

  test("flush delivers the waiting value now, and no timer fires afterwards", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    throttle.schedule("a", 2);
    throttle.flush("a");
    expect(calls).toEqual([["a", 1], ["a", 2]]);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([["a", 1], ["a", 2]]);
  });

  test("flush of a key with nothing waiting calls nothing; flush of an unknown key is a no-op", () => {
    const { calls, throttle } = setup();
    throttle.flush();
    throttle.flush("nobody");
    throttle.schedule("a", 1);
    throttle.flush("a");
    expect(calls).toEqual([["a", 1]]);
  });

  test("flush() without a key delivers every waiting key and leaves the others alone", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    throttle.schedule("b", 1);
    throttle.schedule("b", 2);
    throttle.schedule("c", 1);
    throttle.schedule("c", 2);
    throttle.flush();
    expect(calls).toEqual([["a", 1], ["b", 1], ["c", 1], ["b", 2], ["c", 2]]);
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(5);
  });

  test("flush of one key keeps the other keys' windows", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    throttle.schedule("b", 1);
    throttle.schedule("a", 2);
    throttle.schedule("b", 2);
    throttle.flush("a");
    expect(calls).toEqual([["a", 1], ["b", 1], ["a", 2]]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([["a", 1], ["b", 1], ["a", 2], ["b", 2]]);
  });

  test("re-schedule after flush is a leading call, and its window is a fresh one", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    vi.advanceTimersByTime(90);
    throttle.schedule("a", 2);
    throttle.flush("a");
    throttle.schedule("a", 3); // leading again
    throttle.schedule("a", 4);
    expect(calls).toEqual([["a", 1], ["a", 2], ["a", 3]]);
    vi.advanceTimersByTime(10); // the old window's end: must not fire
    expect(calls).toEqual([["a", 1], ["a", 2], ["a", 3]]);
    vi.advanceTimersByTime(90); // the new window's end
    expect(calls).toEqual([["a", 1], ["a", 2], ["a", 3], ["a", 4]]);
  });

  test("cancel drops the waiting value; nothing fires afterwards; the next value is leading", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    throttle.schedule("a", 2);
    throttle.cancel("a");
    expect(throttle.pending("a")).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([["a", 1]]);
    throttle.schedule("a", 3);
    expect(calls).toEqual([["a", 1], ["a", 3]]);
  });

  test("cancel() without a key stops every key (stop / error of a run)", () => {
    const { calls, throttle } = setup();
    throttle.schedule("a", 1);
    throttle.schedule("a", 2);
    throttle.schedule("b", 1);
    throttle.schedule("b", 2);
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([["a", 1], ["b", 1]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  test("a stale timer cannot fire even if clearTimeout did not stop it (generation check)", () => {
    // Simulate a host whose clearTimeout is a no-op: only the generation guard can stop it.
    const clear = vi.spyOn(globalThis, "clearTimeout").mockImplementation(() => undefined);
    try {
      const { calls, throttle } = setup();
      throttle.schedule("a", 1);
      throttle.schedule("a", 2);
      throttle.cancel("a");
      throttle.schedule("a", 3); // new entry, new window at t=100
      throttle.schedule("a", 4);
      throttle.flush("a"); // delivers 4; both timers are now stale
      vi.advanceTimersByTime(1000);
      expect(calls).toEqual([["a", 1], ["a", 3], ["a", 4]]);
    } finally {
      clear.mockRestore();
    }
  });

  test("callbacks may re-enter: cancel from inside a trailing call stops the next window", () => {
    const calls: Call[] = [];
    const throttle = createKeyedThrottle<string, number>((key, value) => {
      calls.push([key, value]);
      if (value === 2) throttle.cancel(key);
    }, 100);
    throttle.schedule("a", 1);
    throttle.schedule("a", 2);
    vi.advanceTimersByTime(100);
    throttle.schedule("a", 3); // leading: the cancel made the key idle
    expect(calls).toEqual([["a", 1], ["a", 2], ["a", 3]]);
  });

  test("a throwing callback goes to onError (default: a warning), never out of a timer", () => {
    const errors: Array<[unknown, string, number]> = [];
    const throttle = createKeyedThrottle<string, number>(
      (_key, value) => {
        throw new Error(`boom ${value}`);
      },
      100,
      { onError: (error, key, value) => errors.push([error, key, value]) },
    );
    expect(() => throttle.schedule("a", 1)).not.toThrow();
    throttle.schedule("a", 2);
    vi.advanceTimersByTime(100);
    expect(errors.map(([e, k, v]) => [(e as Error).message, k, v])).toEqual([["boom 1", "a", 1], ["boom 2", "a", 2]]);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const quiet = createKeyedThrottle<string, number>(() => {
        throw new Error("nope");
      }, 100);
      quiet.schedule("t1", 1);
      expect(warn).toHaveBeenCalledWith("[threadline] THROTTLED_CALL_FAILED: The throttled callback for t1 threw: nope");
    } finally {
      warn.mockRestore();
    }
  });

  test("an interval of 0 still gives a leading and a trailing call", () => {
    const { calls, throttle } = setup(0);
    throttle.schedule("a", 1);
    throttle.schedule("a", 2);
    vi.advanceTimersByTime(0);
    expect(calls).toEqual([["a", 1], ["a", 2]]);
  });

  test.each([-1, Number.NaN, Number.POSITIVE_INFINITY, "100" as unknown as number])("an interval of %s is refused", (interval) => {
    const attempt = () => createKeyedThrottle(() => undefined, interval);
    expect(attempt).toThrow(KeyedThrottleError);
    expect(attempt).toThrow(ThreadlineError);
    try {
      attempt();
    } catch (error) {
      expect((error as KeyedThrottleError).code).toBe("INVALID_INTERVAL");
    }
  });
});
