// A page in the reload tests: its fetch and its storage, which stop at once when the page goes
// away (no last write, no DELETE, every open request aborted) — as a reload does.
import type { PersistenceAdapter } from "../../src/persist/index.js";

export interface Page {
  readonly fetch: typeof fetch;
  readonly storage: PersistenceAdapter;
  /** The page reloads (or closes): its connections and its storage go with it. */
  leave(): void;
}

export function page(storage: PersistenceAdapter, through: typeof fetch = fetch): Page {
  let gone = false;
  const controllers = new Set<AbortController>();
  return {
    fetch: ((url: RequestInfo | URL, init?: RequestInit) => {
      if (gone) return Promise.reject(new TypeError("the page is gone"));
      const controller = new AbortController();
      controllers.add(controller);
      init?.signal?.addEventListener("abort", () => controller.abort());
      return through(url, { ...init, signal: controller.signal });
    }) as typeof fetch,
    storage: {
      getItem: (key: string) => storage.getItem(key),
      setItem: (key: string, value: unknown) => (gone ? undefined : storage.setItem(key, value)),
      removeItem: (key: string) => (gone ? undefined : storage.removeItem(key)),
    } satisfies PersistenceAdapter,
    leave() {
      gone = true;
      for (const controller of controllers) controller.abort();
    },
  };
}
