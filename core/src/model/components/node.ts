import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { ThreadlineError } from "../../errors.js";
import type { ComponentNode, ComponentProps, ComponentSource, ComponentStreaming, PropStatus } from "./types.js";
import type { PropStatusTracker } from "./prop-status.js";
import { propStatusOf } from "./settled-status.js";

/**
 * Components whose props arrive as JSON Patches: Tambo components (tambo-component.ts, the
 * generative-UI plug-in's, which applies their patches) and activity messages (whose content the
 * fold patches). The fold calls one method per event; each writes only this component's
 * signals. Props and state are published unfrozen (like the thread state: patches copy them along the patched path, and
 * V8 copies frozen objects slowly) and are never mutated once published.
 */

export const NO_PROPS: ComponentProps = Object.freeze({});
/** The status of a component with no props yet. */
const NO_STATUS: Readonly<Record<string, PropStatus>> = Object.freeze({});
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
  /** @internal The per-prop status while the component streams, written only by its `tracker`. */
  readonly statusRecord: Signal<Readonly<Record<string, PropStatus>>>;
  /**
   * Keeps `statusRecord` as patches arrive (prop-status.ts): a Tambo component's from the start,
   * an activity's made by the fold when a stream first touches it, so a thread that only shows
   * whole activity messages never loads it.
   */
  tracker: PropStatusTracker | undefined = undefined;

  constructor(
    readonly id: string,
    readonly messageId: string,
    readonly props: Signal<ComponentProps>,
    readonly state: ReadonlySignal<ComponentProps>,
    streaming: ComponentStreaming,
    status: Readonly<Record<string, PropStatus>>,
  ) {
    this.streaming = signal(streaming);
    this.statusRecord = signal(status);
    this.propStatus = propStatusOf(this.statusRecord, this.streaming, this.props);
  }

  get isOpen(): boolean {
    return this.streaming.peek() !== "complete";
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
}

/**
 * An activity message seen as a component: its `activityType` is the name, its content signal
 * is the props (the same signal, so nothing is copied). There is no end event: an activity
 * streams from the snapshot or delta that touched it until the run ends; one that arrived whole
 * (history, a messages snapshot) is `done`. The fold streams it (fold/activity-components.ts).
 */
export class ActivityComponentImpl extends PatchedComponent {
  readonly source = "activity" as const;

  readonly #activity: { readonly id: string; readonly activityType: ReadonlySignal<string>; readonly content: Signal<ComponentProps> };
  constructor(activity: { readonly id: string; readonly activityType: ReadonlySignal<string>; readonly content: Signal<ComponentProps> }) {
    super(activity.id, activity.id, activity.content, NO_STATE, "complete", NO_STATUS);
    this.#activity = activity;
  }

  get name(): string {
    return this.#activity.activityType.peek();
  }
}
