import { render, screen } from "@testing-library/svelte";
import { signal } from "@preact/signals-core";
import { flushSync } from "svelte";
import { expect, test } from "vitest";
import Counter from "./Counter.svelte";
import { fromSignal } from "../src/index.js";

test("a component follows a core signal through fromSignal", () => {
  const count = signal(1);
  const { unmount } = render(Counter, { count });
  expect(screen.getByTestId("count").textContent).toBe("1");
  count.value = 2;
  flushSync();
  expect(screen.getByTestId("count").textContent).toBe("2");
  unmount();
});

test("the store subscribes to the signal lazily and releases it on the last unsubscribe", () => {
  const count = signal(0);
  const store = fromSignal(count);
  const seen: number[] = [];
  const stop = store.subscribe((v) => seen.push(v));
  count.value = 5;
  stop();
  count.value = 6;
  expect(seen).toEqual([0, 5]);
});
