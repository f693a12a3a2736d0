// The Nitro hook the route calls before each run (typed for `nitroApp.hooks.hook` in the app).
import type { ThreadlineRun } from "./agent-route.js";

declare module "nitropack/types" {
  interface NitroRuntimeHooks {
    /** A run is about to start: see who asked and what goes to the agent; replace `run.source` to answer it otherwise. */
    "threadline:run": (run: ThreadlineRun) => void | Promise<void>;
  }
}

export type { ThreadlineRun };
