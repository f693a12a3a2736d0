// Counts live core-signal subscriptions by wrapping Signal.prototype.subscribe (computeds inherit
// it), the one door every binding in @threadline/vue goes through.
import { Signal } from "@preact/signals-core";

export interface SubscriptionCounter {
  /** Subscriptions made and not yet released. */
  readonly live: number;
  /** Subscriptions ever made while counting. */
  readonly made: number;
  restore(): void;
}

export function countSubscriptions(): SubscriptionCounter {
  const original = Signal.prototype.subscribe;
  let live = 0;
  let made = 0;
  Signal.prototype.subscribe = function (this: Signal, fn: (value: unknown) => void) {
    const unsubscribe = original.call(this, fn);
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
    restore() {
      Signal.prototype.subscribe = original;
    },
  };
}
