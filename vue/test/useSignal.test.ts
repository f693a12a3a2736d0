import { render, screen } from "@testing-library/vue";
import { signal } from "@preact/signals-core";
import { nextTick } from "vue";
import { expect, test } from "vitest";
import Counter from "./Counter.vue";

test("a component follows a core signal through useSignal and releases it on unmount", async () => {
  let live = 0;
  const count = signal(1, {
    watched: () => void (live += 1),
    unwatched: () => void (live -= 1),
  });
  const { unmount } = render(Counter, { props: { count } });
  expect(screen.getByTestId("count").textContent).toBe("1");
  expect(live).toBe(1);
  count.value = 2;
  await nextTick();
  expect(screen.getByTestId("count").textContent).toBe("2");
  unmount();
  expect(live).toBe(0);
});
