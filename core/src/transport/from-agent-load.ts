import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { LazyPart } from "../lazy-part.js";
import type { AgUiAgentLike } from "./from-agent.js";
import type { AgentSource } from "./source.js";

/** The AG-UI agent adapter (`fromAgent`), loaded by the first call of a chat given an AG-UI agent object. */
const FROM_AGENT = new LazyPart("the AG-UI agent adapter (transport/from-agent)", () => import("./from-agent.js").then((module) => module.fromAgent));

/**
 * What `fromAgent(agent)` makes, for a chat whose `agent` option is an AG-UI agent object, with the
 * adapter loaded on the source's first call: a chat given a Threadline source (`HttpAgent`) never
 * loads it. The source has the methods `fromAgent`'s would have (`connect`, `getCapabilities` where
 * the agent has them). A failed load rejects a run or connect with the `LazyLoadError`; capability
 * discovery stays soft, as the adapter's own is: a warning, and the capabilities stay unknown.
 */
export function fromAgentOnFirstUse(agent: AgUiAgentLike): AgentSource {
  let adapted: AgentSource | undefined;
  const load = (): Promise<AgentSource> => FROM_AGENT.get().then((fromAgent) => (adapted ??= fromAgent(agent)));
  const source: AgentSource = { run: (input, sink) => load().then((loaded) => loaded.run(input, sink)) };
  if (typeof (agent as { connect?: unknown }).connect === "function") {
    source.connect = (input, sink) => load().then((loaded) => loaded.connect!(input, sink));
  }
  if (typeof agent.getCapabilities === "function") {
    source.getCapabilities = (query = {}) =>
      load().then(
        (loaded) => loaded.getCapabilities!(query),
        (cause: unknown) => {
          query.onWarning?.({ code: "CAPABILITIES_UNAVAILABLE", message: DEV ? `The agent's capabilities could not be asked: ${describeValue(cause)}; they stay unknown.` : "" });
          return undefined;
        },
      );
  }
  return source;
}
