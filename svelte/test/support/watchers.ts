// Counts what is still listening to the signal graph. preact keeps a signal's subscribers in a
// field whose minified name is not public, so it is found once by experiment: the own property
// that is empty before an effect reads a fresh signal, set while it does, empty again after.
import { effect, signal, Signal } from "@preact/signals-core";

const targetsKey: string = (() => {
  const probe = signal(0);
  const before = Object.keys(probe).filter((key) => probe[key as keyof typeof probe] === undefined);
  const stop = effect(() => void probe.value);
  const during = before.filter((key) => probe[key as keyof typeof probe] !== undefined);
  stop();
  const found = during.filter((key) => probe[key as keyof typeof probe] === undefined);
  if (found.length !== 1) throw new Error(`cannot find preact's subscriber field (candidates: ${found.join(", ")})`);
  return found[0] as string;
})();

/** Whether anything (an effect, a subscribed computed, a `subscribe`) listens to `s` now. */
export function isWatched(s: Signal<unknown>): boolean {
  return (s as unknown as Record<string, unknown>)[targetsKey] !== undefined;
}

const NODE_SIGNALS = ["content", "parts", "streaming"] as const;

/** Every signal reachable from `root` through own properties, arrays and signal values. */
export function signalsIn(root: unknown): Signal<unknown>[] {
  const found = new Set<Signal<unknown>>();
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value !== "object" || value === null || seen.has(value) || depth > 12) return;
    seen.add(value);
    if (value instanceof Signal) {
      found.add(value);
      visit(value.peek(), depth + 1);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], depth + 1);
    // A message node makes its signals on first read and keeps them in private fields: read them
    // by name (one made here is new, so nothing watches it and it changes no answer).
    if (typeof (value as { role?: unknown }).role === "string" && typeof (value as { id?: unknown }).id === "string") {
      for (const key of NODE_SIGNALS) if (key in value) visit((value as Record<string, unknown>)[key], depth + 1);
    }
  };
  visit(root, 0);
  return [...found];
}

/** The signals under `root` that something still listens to. */
export function watchedSignals(root: unknown): Signal<unknown>[] {
  return signalsIn(root).filter(isWatched);
}

/**
 * Counts live `signal.subscribe` bridges (the only way the bindings attach to the graph), and the
 * changes they were notified of (`notified`: calls after the one `subscribe` makes at once).
 */
export function countSubscriptions(): { readonly live: number; readonly opened: number; readonly notified: number; restore(): void } {
  const original = Signal.prototype.subscribe;
  const counts = { live: 0, opened: 0, notified: 0 };
  Signal.prototype.subscribe = function (this: Signal<unknown>, fn: (value: unknown) => void) {
    counts.live++;
    counts.opened++;
    let first = true;
    const stop = original.call(this, (value) => {
      if (first) first = false;
      else counts.notified++;
      fn(value);
    });
    let open = true;
    return () => {
      if (open) {
        open = false;
        counts.live--;
      }
      stop();
    };
  } as typeof original;
  return {
    get live() {
      return counts.live;
    },
    get opened() {
      return counts.opened;
    },
    get notified() {
      return counts.notified;
    },
    restore() {
      Signal.prototype.subscribe = original;
    },
  };
}
