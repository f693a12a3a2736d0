import type { Signal } from "@preact/signals-core";
import { setOwn } from "../../json/json-value.js";
import type { PatchedComponent } from "./node.js";
import { allDone } from "./settled-status.js";
import type { ComponentProps, PropStatus } from "./types.js";

type StatusRecord = Readonly<Record<string, PropStatus>>;

/**
 * Per-prop status of a component whose props arrive as patches. The rule: a prop is `streaming`
 * while the latest delta touched it and `complete` once a delta touched only other props (or the
 * component ended); props the schema declares start `pending`. The record is rebuilt only when a
 * status changes, so a thousand deltas to one prop write it once. Per delta the work is the keys
 * the delta touched plus the (usually one) prop still streaming, never the number of props.
 */
export class PropStatusTracker {
  /** Props whose status in `record` is `streaming`. */
  readonly #streamingKeys = new Set<string>();

  /** `record` starts as `pendingStatus(declared)`, or empty. */
  constructor(
    readonly record: Signal<StatusRecord>,
    readonly declared: readonly string[],
  ) {}

  /** A delta of a component still streaming touched the top-level `keys` and left `props`. */
  touched(keys: ReadonlySet<string>, props: ComponentProps): void {
    const current = this.record.peek();
    let next: Record<string, PropStatus> | undefined;
    const read = (key: string): PropStatus | undefined => {
      const from = next ?? current;
      return Object.hasOwn(from, key) ? from[key] : undefined;
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
      if (Object.hasOwn(props, key)) {
        write(key, "streaming");
        this.#streamingKeys.add(key);
      } else {
        // Removed: back to pending when the schema expects it, else no status at all.
        this.#streamingKeys.delete(key);
        write(key, this.declared.includes(key) ? "pending" : undefined);
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

/** `{ key: "pending" }` for every prop the schema declares: a Tambo component's status at its start. */
export function pendingStatus(declared: readonly string[]): StatusRecord {
  const initial: Record<string, PropStatus> = {};
  for (const key of declared) setOwn(initial, key, "pending");
  return Object.freeze(initial);
}

/**
 * A patch or snapshot touched the top-level `keys` of a component still open, leaving `props`: it
 * streams, and its tracker (an activity's made now) records which props move.
 */
export function propsMoved(component: PatchedComponent, keys: ReadonlySet<string>, props: ComponentProps): void {
  if (!component.isOpen) return;
  if (component.streaming.peek() === "pending") component.streaming.value = "streaming";
  (component.tracker ??= new PropStatusTracker(component.statusRecord, [])).touched(keys, props);
}
