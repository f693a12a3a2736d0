import type { WarningHandler } from "../errors.js";
import { CustomClaimError } from "./errors.js";
import type { CustomFold, CustomListener, ThreadEventListener, RawListener } from "./types.js";

/**
 * Who hears about an event after it is folded (listeners), and who folds CUSTOM events the
 * protocol leaves to applications (claims). Listeners run after the fold's batch, so they see the
 * graph already updated; a listener that throws is reported as a warning and the others still run.
 */
export class EventHub {
  // Read by the fold's dispatch (fold/dispatch.ts), which loads with the engine: registering comes
  // first and needs none of it.
  readonly custom = new Map<string, Set<CustomListener>>();
  readonly raw = new Set<RawListener>();
  readonly all = new Set<ThreadEventListener>();
  /** @internal Read by the fold (fold-event.ts) for each CUSTOM event. */
  readonly claims = new Map<string, CustomFold>();
  /** How many listeners there are: 0 lets the fold skip dispatching. */
  size = 0;
  /**
   * @internal Listeners of `all` not called for TEXT_MESSAGE_CONTENT (the chat's tool-call watch,
   * model/deaf-to-text-deltas.ts): when every listener is, the fold dispatches no token.
   */
  readonly deafToTextDeltas = new Set<ThreadEventListener>();

  constructor(readonly warn: WarningHandler) {}

  onCustom(name: string, listener: CustomListener): () => void {
    let set = this.custom.get(name);
    if (set === undefined) this.custom.set(name, (set = new Set()));
    const untrack = this.track(set, listener);
    const listeners = set;
    return () => {
      untrack();
      // The last listener of a name takes the name's entry with it (names can be per request).
      // A set that was already replaced by a later onCustom is not this unsubscribe's to remove.
      if (listeners.size === 0 && this.custom.get(name) === listeners) this.custom.delete(name);
    };
  }

  onRaw(listener: RawListener): () => void {
    return this.track(this.raw, listener);
  }

  onEvent(listener: ThreadEventListener): () => void {
    return this.track(this.all, listener);
  }

  claimCustom(name: string, fold: CustomFold): () => void {
    if (this.claims.has(name)) throw new CustomClaimError(name);
    this.claims.set(name, fold);
    return () => {
      if (this.claims.get(name) === fold) this.claims.delete(name);
    };
  }

  private track<L>(set: Set<L>, listener: L): () => void {
    if (!set.has(listener)) {
      set.add(listener);
      this.size++;
    }
    return () => {
      if (set.delete(listener)) this.size--;
    };
  }
}
