import { computed, type ReadonlySignal } from "@preact/signals-core";
import { setOwn } from "../../json/json-value.js";
import type { ComponentProps, PropStatus } from "./types.js";

// What a component's props read once it is `complete`: every component has this from the start,
// while tracking a stream's per-prop status (prop-status.ts) comes with the fold or generative UI.

type StatusRecord = Readonly<Record<string, PropStatus>>;

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

/**
 * `{ key: "complete" }` for every key of `props` (a component's, or a tool call's whole arguments);
 * `previous` itself when it already says exactly that.
 */
export function allDone(props: object, previous: StatusRecord | undefined): StatusRecord {
  const keys = Object.keys(props);
  if (previous !== undefined) {
    const held = Object.keys(previous);
    if (held.length === keys.length && keys.every((key) => Object.hasOwn(previous, key) && previous[key] === "complete")) return previous;
  }
  const out: Record<string, PropStatus> = {};
  for (const key of keys) setOwn(out, key, "complete");
  return Object.freeze(out);
}
