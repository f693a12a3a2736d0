// Starts the agent route with the server: the settings are checked here, so a server without an
// owner (and without `anonymous: true`) refuses to start, and anonymous mode is announced at once.
import { defineNitroPlugin, useRuntimeConfig } from "nitropack/runtime";
import { ownerFile } from "#threadline/owner";
import { createClient } from "#threadline/redis";
import { routeSettings } from "../settings.js";
import { setActiveRoute } from "./active-route.js";
import { createAgentRoute } from "./agent-route.js";

export default defineNitroPlugin((nitroApp) => {
  const route = createAgentRoute(routeSettings(useRuntimeConfig().threadline), {
    beforeRun: (run) => nitroApp.hooks.callHook("threadline:run", run),
    ownerFile,
    createRedisClient: createClient,
  });
  setActiveRoute(nitroApp, route);
  nitroApp.hooks.hook("close", () => route.close());
});
