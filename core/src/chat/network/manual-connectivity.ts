import type { Connectivity, ConnectivityChange } from "./connectivity.js";

/** A connectivity the app switches by hand, on top of another (the browser's, say). */
export interface ManualConnectivity extends Connectivity {
  /** Off: offline whatever `base` says; on: as `base` says. Listeners hear the change. */
  set(online: boolean): void;
  /** Tells the listeners the page woke (`visible`), as `visibilitychange` would. */
  wake(): void;
}

/**
 * A connectivity with a switch: an app's "work offline" toggle, a playground's offline switch, a
 * test. Online when the switch is on and `base` (default: always online) is; `base`'s own changes
 * reach the listeners too (an `online` only while the switch is on).
 */
export function manualConnectivity(base?: Connectivity, on = true): ManualConnectivity {
  let up = on;
  const listeners = new Set<(change: ConnectivityChange) => void>();
  const tell = (change: ConnectivityChange): void => {
    for (const listener of [...listeners]) listener(change);
  };
  return {
    online: () => up && (base?.online() ?? true),
    subscribe(listener) {
      listeners.add(listener);
      const forget = base?.subscribe((change) => {
        if (change !== "online" || up) listener(change);
      });
      return () => {
        listeners.delete(listener);
        forget?.();
      };
    },
    set(online) {
      if (online === up) return;
      up = online;
      tell(online ? "online" : "offline");
    },
    wake: () => tell("visible"),
  };
}
