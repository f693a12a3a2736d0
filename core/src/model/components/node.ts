import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { Operation } from "fast-json-patch";
import type { ThreadlineError } from "../../errors.js";
import { applyJsonPatch, splitPointer, type PatchOutcome } from "../../json/json-patch.js";
import type { ComponentNode, ComponentProps, ComponentSource, ComponentStreaming, PropStatus } from "./types.js";
import { PropStatusTracker, propStatusOf } from "./prop-status.js";

/**
 * Components whose props arrive as JSON Patches: Tambo components and activity messages. The
 * fold calls one method per event; each writes only this component's signals. Props and state
 * are published unfrozen (like the thread state: patches copy them along the patched path, and
 * V8 copies frozen objects slowly) and are never mutated once published.
 */

export const NO_PROPS: ComponentProps = Object.freeze({});
/** The `state` of components that have none; never written. */
export const NO_STATE: ReadonlySignal<ComponentProps> = signal(NO_PROPS);

export abstract class PatchedComponent implements ComponentNode {
  /**
   * @internal Vue's raw marker: a `ref`, `reactive` or Pinia store holding this object hands it
   * back as it is, since a deep proxy as `this` fails every `#` member's brand check.
   */
  get __v_skip(): true {
    return true;
  }

  abstract readonly name: string;
  abstract readonly source: ComponentSource;
  readonly streaming: Signal<ComponentStreaming>;
  readonly error: Signal<ThreadlineError | undefined> = signal(undefined);
  readonly propStatus: ReadonlySignal<Readonly<Record<string, PropStatus>>>;
  protected readonly status: PropStatusTracker;

  constructor(
    readonly id: string,
    readonly messageId: string,
    readonly props: Signal<ComponentProps>,
    readonly state: ReadonlySignal<ComponentProps>,
    streaming: ComponentStreaming,
    declared: readonly string[],
  ) {
    this.streaming = signal(streaming);
    this.status = new PropStatusTracker(declared);
    this.propStatus = propStatusOf(this.status.record, this.streaming, this.props);
  }

  get isOpen(): boolean {
    return this.streaming.peek() !== "complete";
  }

  /** A props patch. On failure nothing changes and the outcome says why. */
  patchProps(patch: readonly Operation[]): PatchOutcome {
    const before = this.props.peek();
    const outcome = applyJsonPatch(before, patch);
    if (!outcome.ok) return outcome;
    const after = asProps(outcome.value);
    if (after === undefined) return notAnObject();
    this.props.value = after;
    this.moved(topLevelKeys(patch, before, after), after);
    return outcome;
  }

  /** The props replaced whole (an activity snapshot): every prop old or new was touched. */
  replaceProps(value: ComponentProps): void {
    const before = this.props.peek();
    this.props.value = value;
    const keys = new Set(Object.keys(before));
    for (const key of Object.keys(value)) keys.add(key);
    this.moved(keys, value);
  }

  /** The component ended: it and all its props are `done`. */
  end(): void {
    this.streaming.value = "complete";
  }

  /**
   * Its stream went wrong: a bad patch, or the run failing before the component ended. Streaming
   * and props stay where they stopped.
   */
  fail(error: ThreadlineError): void {
    this.error.value = error;
  }

  protected moved(keys: ReadonlySet<string>, props: ComponentProps): void {
    if (!this.isOpen) return;
    if (this.streaming.peek() === "pending") this.streaming.value = "streaming";
    this.status.touched(keys, props);
  }
}

/** A component announced by `tambo.component.start`. */
export class TamboComponentImpl extends PatchedComponent {
  readonly source = "tambo" as const;
  readonly #stateSignal: Signal<ComponentProps>;

  constructor(id: string, readonly name: string, messageId: string, declared: readonly string[]) {
    const state = signal<ComponentProps>(NO_PROPS);
    super(id, messageId, signal<ComponentProps>(NO_PROPS), state, "pending", declared);
    this.#stateSignal = state;
  }

  /**
   * A state patch. Before the end it counts as streaming (`started` → `streaming`); after the
   * end it changes the state only, never the component's `done` status.
   */
  patchState(patch: readonly Operation[]): PatchOutcome {
    const outcome = applyJsonPatch(this.#stateSignal.peek(), patch);
    if (!outcome.ok) return outcome;
    const after = asProps(outcome.value);
    if (after === undefined) return notAnObject();
    this.#stateSignal.value = after;
    if (this.streaming.peek() === "pending") this.streaming.value = "streaming";
    return outcome;
  }

  /** Read back from storage: props and state as stored, ended, with the stored error if any. */
  restore(props: ComponentProps, state: ComponentProps, error: ThreadlineError | undefined): void {
    this.props.value = props;
    this.#stateSignal.value = state;
    this.streaming.value = "complete";
    this.error.value = error;
  }
}

/**
 * An activity message seen as a component: its `activityType` is the name, its content signal
 * is the props (the same signal, so nothing is copied). There is no end event: an activity
 * streams from the snapshot or delta that touched it until the run ends; one that arrived whole
 * (history, a messages snapshot) is `done`.
 */
export class ActivityComponentImpl extends PatchedComponent {
  readonly source = "activity" as const;

  readonly #activity: { readonly id: string; readonly activityType: ReadonlySignal<string>; readonly content: Signal<ComponentProps> };
  constructor(activity: { readonly id: string; readonly activityType: ReadonlySignal<string>; readonly content: Signal<ComponentProps> }) {
    super(activity.id, activity.id, activity.content, NO_STATE, "complete", []);
    this.#activity = activity;
  }

  get name(): string {
    return this.#activity.activityType.peek();
  }

  /** A snapshot or delta arrives; `running` says whether a run is streaming it. */
  reopen(running: boolean): void {
    if (!running || this.isOpen) return;
    this.status.settle(this.props.peek());
    this.streaming.value = "streaming";
    this.error.value = undefined;
  }

  /** Content already written to the shared signal by the fold: record which props it touched. */
  contentChanged(keys: ReadonlySet<string>): void {
    this.moved(keys, this.props.peek());
  }
}

/** The top-level props a patch touches (a root operation touches every prop before and after). */
export function topLevelKeys(patch: readonly Operation[], before: ComponentProps, after: ComponentProps): Set<string> {
  const keys = new Set<string>();
  const add = (pointer: string): void => {
    if (pointer === "") {
      for (const key of Object.keys(before)) keys.add(key);
      for (const key of Object.keys(after)) keys.add(key);
      return;
    }
    const first = splitPointer(pointer)[0];
    if (first !== undefined) keys.add(first);
  };
  for (const op of patch) {
    if (op.op === "test") continue;
    add(op.path);
    if (op.op === "move") add(op.from);
  }
  return keys;
}

function asProps(value: unknown): ComponentProps | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as ComponentProps) : undefined;
}

function notAnObject(): PatchOutcome {
  return { ok: false, error: new Error("The patch would leave the props or state something other than an object") };
}
