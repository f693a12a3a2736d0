import { computed, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { setOwn } from "../../json/json-value.js";
import type { ComponentProps, PropStatus } from "./types.js";

type StatusRecord = Readonly<Record<string, PropStatus>>;

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/**
 * Per-prop status of a component whose props arrive as patches. The rule: a prop is `streaming`
 * while the latest delta touched it and `complete` once a delta touched only other props (or the
 * component ended); props the schema declares start `pending`. The record is rebuilt only when a
 * status changes, so a thousand deltas to one prop write it once. Per delta the work is the keys
 * the delta touched plus the (usually one) prop still streaming, never the number of props.
 */
export class PropStatusTracker {
  readonly record: Signal<StatusRecord>;
  /** Props whose status in `record` is `streaming`. */
  readonly #streamingKeys = new Set<string>();

  readonly #declared: readonly string[];
  constructor(declared: readonly string[]) {
    this.#declared = declared;
    const initial: Record<string, PropStatus> = {};
    for (const key of declared) setOwn(initial, key, "pending");
    this.record = signal(Object.freeze(initial));
  }

  /** A delta of a component still streaming touched the top-level `keys` and left `props`. */
  touched(keys: ReadonlySet<string>, props: ComponentProps): void {
    const current = this.record.peek();
    let next: Record<string, PropStatus> | undefined;
    const read = (key: string): PropStatus | undefined => {
      const from = next ?? current;
      return hasOwn(from, key) ? from[key] : undefined;
    };
    const write = (key: string, status: PropStatus | undefined): void => {
      if (read(key) === status) return;
      next ??= { ...current };
      if (status === undefined) delete next[key];
      else setOwn(next, key, status);
    };
    for (const key of this.#streamingKeys) {
      if (keys.has(key)) continue;
      this.#streamingKeys.delete(key);
      write(key, "complete");
    }
    for (const key of keys) {
      if (hasOwn(props, key)) {
        write(key, "streaming");
        this.#streamingKeys.add(key);
      } else {
        // Removed: back to pending when the schema expects it, else no status at all.
        this.#streamingKeys.delete(key);
        write(key, this.#declared.includes(key) ? "pending" : undefined);
      }
    }
    if (next !== undefined) this.record.value = Object.freeze(next);
  }

  /** Every prop of `props` is `complete` (used when a settled component starts streaming again). */
  settle(props: ComponentProps): void {
    this.#streamingKeys.clear();
    this.record.value = allDone(props, this.record.peek());
  }
}

/**
 * `propStatus` of a component: the tracked record while it streams; once it is `complete`, every prop
 * it has is `complete` (derived from the props, so props that change after the end — a whole
 * message replacing an activity's content — still read right). Computed on read only.
 */
export function propStatusOf(
  tracked: ReadonlySignal<StatusRecord>,
  streaming: ReadonlySignal<string>,
  props: ReadonlySignal<ComponentProps>,
): ReadonlySignal<StatusRecord> {
  let last: StatusRecord | undefined;
  return computed(() => {
    if (streaming.value !== "complete") return tracked.value;
    last = allDone(props.value, last);
    return last;
  });
}

/** `{ key: "complete" }` for every key of `props`; `previous` itself when it already says exactly that. */
export function allDone(props: ComponentProps, previous: StatusRecord | undefined): StatusRecord {
  const keys = Object.keys(props);
  if (previous !== undefined) {
    const held = Object.keys(previous);
    if (held.length === keys.length && keys.every((key) => hasOwn(previous, key) && previous[key] === "complete")) return previous;
  }
  const out: Record<string, PropStatus> = {};
  for (const key of keys) setOwn(out, key, "complete");
  return Object.freeze(out);
}
