// A memory run log that cannot take a stop: its first `refusals` stops fail, so the handler
// answers the client's DELETE with 503 RUN_STORE_UNAVAILABLE — a stop the server cannot carry out.
import { memoryRunStore, type RunStore } from "../../src/server/index.js";

export function refusingStops(refusals: number): RunStore {
  const store = memoryRunStore();
  let refused = 0;
  return new Proxy(store, {
    get(target, key) {
      if (key === "stop") {
        return (runId: string) => (refused++ < refusals ? Promise.reject(new Error("the run log cannot take the stop")) : target.stop(runId));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
