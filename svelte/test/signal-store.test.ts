import { render, screen } from "@testing-library/svelte";
import { computed, signal } from "@preact/signals-core";
import { flushSync } from "svelte";
import { fromStore, get } from "svelte/store";
import { expect, test } from "vitest";
import Counter from "./Counter.svelte";
import RunesCounter from "./RunesCounter.svelte";
import { useSignal, BindingError } from "../src/index.js";
import { isWatched } from "./support/watchers.js";

test("a component follows a core signal through useSignal", () => {
  const count = signal(1);
  const { unmount } = render(Counter, { count });
  expect(screen.getByTestId("count").textContent).toBe("1");
  count.value = 2;
  flushSync();
  expect(screen.getByTestId("count").textContent).toBe("2");
  unmount();
  expect(isWatched(count)).toBe(false);
});

test("a runes component reads the store through fromStore(...).current", () => {
  const count = signal(1);
  const { unmount } = render(RunesCounter, { count });
  expect(screen.getByTestId("current").textContent).toBe("1");
  count.value = 7;
  flushSync();
  expect(screen.getByTestId("current").textContent).toBe("7");
  unmount();
  expect(isWatched(count)).toBe(false);
});

test("the core subscription opens with the first subscriber and closes with the last", () => {
  const count = signal(0);
  const store = useSignal(count);
  expect(isWatched(count)).toBe(false);
  const a: number[] = [];
  const b: number[] = [];
  const stopA = store.subscribe((v) => a.push(v));
  expect(isWatched(count)).toBe(true);
  const stopB = store.subscribe((v) => b.push(v));
  count.value = 5;
  stopA();
  expect(isWatched(count)).toBe(true);
  count.value = 6;
  stopB();
  expect(isWatched(count)).toBe(false);
  count.value = 7;
  expect(a).toEqual([0, 5]);
  expect(b).toEqual([0, 5, 6]);
  // Calling an unsubscriber twice does nothing.
  stopA();
  expect(isWatched(count)).toBe(false);
  // Resubscribing starts from the current value.
  const c: number[] = [];
  const stopC = store.subscribe((v) => c.push(v));
  expect(c).toEqual([7]);
  stopC();
});

test("the same signal gives the same store; get() reads without leaving a subscription", () => {
  const count = signal(3);
  expect(useSignal(count)).toBe(useSignal(count));
  expect(useSignal(signal(3))).not.toBe(useSignal(count));
  expect(get(useSignal(count))).toBe(3);
  expect(isWatched(count)).toBe(false);
});

test("signals read by a subscriber never become dependencies of the bridge", () => {
  const a = signal(1);
  const other = signal(10);
  const seen: number[] = [];
  const stop = useSignal(a).subscribe((v) => {
    seen.push(v + other.value);
  });
  other.value = 11;
  other.value = 12;
  expect(seen).toEqual([11]);
  a.value = 2;
  expect(seen).toEqual([11, 14]);
  expect(isWatched(other)).toBe(false);
  stop();
});

test("a subscriber added while subscribers are being notified gets each value once", () => {
  const a = signal(0);
  const store = useSignal(a);
  const late: number[] = [];
  const stops: (() => void)[] = [];
  stops.push(
    store.subscribe((v) => {
      if (v === 1) stops.push(store.subscribe((w) => late.push(w)));
    }),
  );
  a.value = 1;
  a.value = 2;
  expect(late).toEqual([1, 2]);
  for (const stop of stops) stop();
  expect(isWatched(a)).toBe(false);
});

test("a computed signal is linked to its sources only while its store is subscribed", () => {
  const base = signal(2);
  const doubled = computed(() => base.value * 2);
  const seen: number[] = [];
  const stop = useSignal(doubled).subscribe((v) => seen.push(v));
  base.value = 3;
  expect(isWatched(base)).toBe(true);
  stop();
  expect(isWatched(base)).toBe(false);
  expect(seen).toEqual([4, 6]);
});

test("something that is not a signal is refused with a typed error", () => {
  const bad = { value: 1 } as unknown as Parameters<typeof useSignal>[0];
  expect(() => useSignal(bad)).toThrowError(BindingError);
  try {
    useSignal(bad);
  } catch (error) {
    expect((error as BindingError).code).toBe("NOT_A_SIGNAL");
    expect((error as Error).message).toMatch(/useSignal\(\) needs a signal, got an object/);
  }
  expect(() => useSignal(undefined as unknown as Parameters<typeof useSignal>[0])).toThrowError(/got undefined/);
});

test("fromStore over a signal store gives .current outside components too", () => {
  const a = signal("x");
  const box = fromStore(useSignal(a));
  expect(box.current).toBe("x");
  a.value = "y";
  expect(box.current).toBe("y");
  expect(isWatched(a)).toBe(false);
});
