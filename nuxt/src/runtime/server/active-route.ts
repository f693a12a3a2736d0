// The route the server plugin made, for the handler that serves it: one per Nitro app.
import type { AgentRoute } from "./agent-route.js";

const routes = new WeakMap<object, AgentRoute>();

export function setActiveRoute(app: object, route: AgentRoute): void {
  routes.set(app, route);
}

export function activeRoute(app: object): AgentRoute {
  const route = routes.get(app);
  // Only when the module's server plugin did not run: a build of the handler without the module.
  if (route === undefined) throw new Error("[threadline] The agent route was not started: add @threadline/nuxt to the modules of nuxt.config.");
  return route;
}
