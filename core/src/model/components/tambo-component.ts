import { DEV } from "esm-env";
import { signal, type Signal } from "@preact/signals-core";
import type { Operation } from "fast-json-patch";
import type { ThreadlineError } from "../../errors.js";
import { applyJsonPatch, type PatchOutcome } from "../../json/json-patch.js";
import { NO_PROPS, PatchedComponent } from "./node.js";
import { pendingStatus, PropStatusTracker, propsMoved } from "./prop-status.js";
import { topLevelKeys } from "./touched-props.js";
import type { ComponentProps } from "./types.js";

// Only the generative-UI plug-in makes these, so applying JSON Patch to props stays out of a chat
// without it (activity messages, the other patched components, are patched by the fold).

/** A component announced by `tambo.component.start`. */
export class TamboComponentImpl extends PatchedComponent {
  readonly source = "tambo" as const;
  readonly #stateSignal: Signal<ComponentProps>;

  constructor(id: string, readonly name: string, messageId: string, declared: readonly string[]) {
    const state = signal<ComponentProps>(NO_PROPS);
    super(id, messageId, signal<ComponentProps>(NO_PROPS), state, "pending", pendingStatus(declared));
    this.#stateSignal = state;
    this.tracker = new PropStatusTracker(this.statusRecord, declared);
  }

  /** A props patch. On failure nothing changes and the outcome says why. */
  patchProps(patch: readonly Operation[]): PatchOutcome {
    const before = this.props.peek();
    const outcome = applyJsonPatch(before, patch);
    if (!outcome.ok) return outcome;
    const after = asProps(outcome.value);
    if (after === undefined) return notAnObject();
    this.props.value = after;
    propsMoved(this, topLevelKeys(patch, before, after), after);
    return outcome;
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

function asProps(value: unknown): ComponentProps | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as ComponentProps) : undefined;
}

function notAnObject(): PatchOutcome {
  return { ok: false, error: new Error(DEV ? "The patch would leave the props or state something other than an object" : "") };
}
