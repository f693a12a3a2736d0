// Counts live core-signal subscriptions by wrapping Signal.prototype.subscribe (computeds inherit
// it), the one door every binding in @threadline/vue goes through.
import { Signal } from "@preact/signals-core";

export interface SubscriptionCounter {
  /** Subscriptions made and not yet released. */
  readonly live: number;
  /** Subscriptions ever made while counting. */
  readonly made: number;
  /** Changes the subscriptions were notified of (calls after the one `subscribe` makes at once). */
  readonly notified: number;
  restore(): void;
}

export function countSubscriptions(): SubscriptionCounter {
  const original = Signal.prototype.subscribe;
  let live = 0;
  let made = 0;
  let notified = 0;
  Signal.prototype.subscribe = function (this: Signal, fn: (value: unknown) => void) {
    let first = true;
    const unsubscribe = original.call(this, (value) => {
      if (first) first = false;
      else notified++;
      fn(value);
    });
    live++;
    made++;
    let released = false;
    return () => {
      if (!released) {
        released = true;
        live--;
      }
      unsubscribe();
    };
  } as typeof original;
  return {
    get live() {
      return live;
    },
    get made() {
      return made;
    },
    get notified() {
      return notified;
    },
    restore() {
      Signal.prototype.subscribe = original;
    },
  };
}
