/**
 * Whether the page can reach the network, and when it comes back: the browser's `navigator.onLine`
 * with its `online` / `offline` events, and the page becoming visible again (`visibilitychange`), when
 * a laptop wakes or a tab is brought back. The send queue waits while offline; a chat rechecks its
 * run when the page wakes. Tests, and apps with their own notion of offline, pass their own.
 */
export interface Connectivity {
  /** True while the network is thought to be up. */
  online(): boolean;
  /**
   * Calls `listener` when the network comes back (`online`), goes (`offline`), or the page becomes
   * visible again (`visible`). Returns the function that stops listening.
   */
  subscribe(listener: (change: ConnectivityChange) => void): () => void;
}

export type ConnectivityChange = "online" | "offline" | "visible";

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * The browser's connectivity: `navigator.onLine` and the window's `online` / `offline` events, the
 * document's `visibilitychange`. Where there is no browser (Node, a worker without a document) it is
 * always online and never changes.
 */
export const browserConnectivity: Connectivity = {
  online: () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false,
  subscribe(listener) {
    const page = globalThis as unknown as Partial<EventTargetLike> & { document?: Partial<EventTargetLike> & { visibilityState?: string } };
    const onOnline = (): void => listener("online");
    const onOffline = (): void => listener("offline");
    const document = page.document;
    const onVisibility = (): void => {
      if (document?.visibilityState === "visible") listener("visible");
    };
    const listening = typeof page.addEventListener === "function";
    if (listening) {
      page.addEventListener!("online", onOnline);
      page.addEventListener!("offline", onOffline);
    }
    const watching = typeof document?.addEventListener === "function";
    if (watching) document!.addEventListener!("visibilitychange", onVisibility);
    return () => {
      if (listening) {
        page.removeEventListener?.("online", onOnline);
        page.removeEventListener?.("offline", onOffline);
      }
      if (watching) document!.removeEventListener?.("visibilitychange", onVisibility);
    };
  },
};
