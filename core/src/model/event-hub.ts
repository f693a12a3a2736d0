import type { AGUIEvent } from "@ag-ui/core";
import type { WarningHandler } from "../errors.js";
import { CustomClaimError } from "./errors.js";
import type { CustomFold, CustomListener, ThreadEventListener, RawListener } from "./types.js";

/**
 * Who hears about an event after it is folded (listeners), and who folds CUSTOM events the
 * protocol leaves to applications (claims). Listeners run after the fold's batch, so they see the
 * graph already updated; a listener that throws is reported as a warning and the others still run.
 */
export class EventHub {
  private readonly custom = new Map<string, Set<CustomListener>>();
  private readonly raw = new Set<RawListener>();
  private readonly all = new Set<ThreadEventListener>();
  private readonly claims = new Map<string, CustomFold>();
  private size = 0;

  constructor(private readonly warn: WarningHandler) {}

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

  claimOf(name: string): CustomFold | undefined {
    return this.claims.size === 0 ? undefined : this.claims.get(name);
  }

  /** Called once per folded event; costs one comparison when nobody listens. */
  dispatch(event: AGUIEvent): void {
    if (this.size === 0) return;
    if (event.type === "CUSTOM") {
      this.call(this.custom.get(event.name), event);
      this.call(this.custom.get("*"), event);
    } else if (event.type === "RAW") {
      this.call(this.raw, event);
    }
    this.call(this.all, event);
  }

  private call<E>(listeners: Set<(event: E) => void> | undefined, event: E): void {
    if (listeners === undefined) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.warn({
          code: "LISTENER_FAILED",
          message: `A listener for ${(event as { type: string }).type} threw: ${error instanceof Error ? error.message : String(error)}`,
          event,
        });
      }
    }
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
