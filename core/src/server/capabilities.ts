import type { AgentCapabilities } from "@ag-ui/core";
import { warnToConsole } from "../errors.js";
import { fromAgent } from "../transport/from-agent.js";
import { HttpAgent } from "../transport/http-agent.js";
import type { AgentHandlerOptions } from "./handler.js";

/**
 * Where the handler's capabilities come from: the option, else the one agent or source it runs
 * (an agent made per run has none to ask), else the upstream's discovery document. What the
 * agent itself answers is kept for `ttlMs` and asked once however many clients ask meanwhile, so
 * clients cannot make the handler call the agent once per request; an app's own function (the
 * `capabilities` option) is called as it is.
 */
export function capabilitiesOf<C>(options: AgentHandlerOptions<C>, ttlMs: number): (request: Request) => Promise<AgentCapabilities | undefined> {
  const given = options.capabilities;
  const onWarning = warnToConsole;
  if (typeof given === "function") return async (request) => given(request);
  if (given !== undefined) return async () => given;
  if (options.agent !== undefined && typeof options.agent !== "function") {
    const source = fromAgent(options.agent);
    return cached(ttlMs, async () => source.getCapabilities?.({ onWarning }));
  }
  if (options.source !== undefined && typeof options.source !== "function") {
    const source = options.source;
    return cached(ttlMs, async () => source.getCapabilities?.({ onWarning }));
  }
  if (options.upstream !== undefined) {
    const upstream = typeof options.upstream === "string" ? { url: options.upstream } : options.upstream;
    return cached(ttlMs, (request) =>
      new HttpAgent({
        url: upstream.url,
        capabilities: "discover",
        ...(upstream.fetch ? { fetch: upstream.fetch } : {}),
        ...(upstream.headers ? { headers: upstream.headers(request) } : {}),
      }).getCapabilities({ onWarning }),
    );
  }
  return async () => undefined;
}

const FAILURE_KEPT_MS = 5_000;

/**
 * `ask`, its answer reused for `ttlMs`; concurrent callers share one call. A failure is reused for
 * a few seconds only (an agent that is down is not asked once per request, and is asked again soon).
 */
function cached<T>(ttlMs: number, ask: (request: Request) => Promise<T>): (request: Request) => Promise<T> {
  let held: { value: Promise<T>; until: number } | undefined;
  return (request) => {
    const now = Date.now();
    if (held !== undefined && now < held.until) return held.value;
    const value = ask(request);
    const entry = { value, until: Number.POSITIVE_INFINITY };
    held = entry;
    value.then(
      () => (entry.until = Date.now() + ttlMs),
      () => (entry.until = Date.now() + Math.min(ttlMs, FAILURE_KEPT_MS)),
    );
    return value;
  };
}
