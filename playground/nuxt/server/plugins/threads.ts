// The server keeps each thread it has seen (playground/shared/server-threads.ts, the stand-in for a
// database): every run of the module's route is folded as it passes, whatever way it ends, and
// the thread saved for its owner.
import { recorded } from "$shared/agent-route.js";
import { serverThreads } from "$shared/server-threads.js";

export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook("threadline:run", (run) => {
    run.source = recorded(run.source, serverThreads, run.owner);
  });
});
