// The module's server route: Threadline's createAgentHandler, set up from the route settings, in
// front of the upstream agent. The owner is read from what the app's session middleware put on
// `event.context`; the response is written through toNodeListener (h3's own writing of a returned
// Response does not wait for a client that stops reading). Free of Nitro, so it runs in a test.
import { HttpAgent, type AgentCapabilities, type AgentSource, type RunAgentInput } from "@threadline/core";
import {
  createAgentHandler,
  DEFAULT_LIMITS,
  memoryRunStore,
  redisRunStore,
  toNodeListener,
  type NodeRedisLike,
  type OwnerOf,
  type RunStore,
} from "@threadline/core/server";
import type { H3Event } from "h3";
import { ModuleOptionsError, type OwnerSetting, type RouteSettings } from "../settings.js";
import type { OwnerFile, ThreadlineOwner } from "./owner.js";

/**
 * One run about to start, as the `threadline:run` hook sees it: who asked, what goes to the agent,
 * and the source that will answer it — replace `source` (or wrap it) to record the run, keep the
 * thread in your database, or send this user's runs to another agent.
 */
export interface ThreadlineRun {
  /** The run's input, after the handler's checks. */
  readonly input: RunAgentInput;
  /** The user the run belongs to (what `threadline.owner` found, or `"anonymous"`). */
  readonly owner: string;
  /** The request that started it. */
  readonly request: Request;
  /** What answers the run: an `HttpAgent` to `upstream` unless a hook replaced it. */
  source: AgentSource;
}

/** A node-redis client, as `createClient({ url })` from the `redis` package makes one. */
export interface RedisClient extends NodeRedisLike {
  on(event: "error", listener: (error: unknown) => void): unknown;
  destroy(): void;
}

export interface AgentRouteOptions {
  /** Called before each run (Nitro's `threadline:run` hook); it may replace `run.source`. */
  readonly beforeRun: (run: ThreadlineRun) => Promise<void>;
  /** The owner file the app was built with (`threadline.owner: "~~/server/…"`), if any. */
  readonly ownerFile?: OwnerFile | undefined;
  /** `createClient` from the `redis` package, when the app has it installed. */
  readonly createRedisClient: ((options: { url: string }) => RedisClient) | undefined;
  /** Where failures go with their details (clients get a code only). Default console.error. */
  readonly onError?: (error: unknown) => void;
}

export interface AgentRoute {
  /** Answers one request to the route. */
  serve(event: H3Event): Promise<void>;
  /** Stops the run log (and its Redis connection). */
  close(): Promise<void>;
}

/**
 * The route `settings` describe. Throws when it cannot serve: an owner file the build does not have
 * or whose default export is not a function, a Redis URL without the `redis` package.
 */
export function createAgentRoute(settings: RouteSettings, options: AgentRouteOptions): AgentRoute {
  const onError = options.onError ?? ((error: unknown) => console.error("[threadline] agent route:", error));
  const owner = settings.owner === undefined ? "anonymous" : ownerOf(settings.owner, options.ownerFile);
  const { store, close } = runStore(settings, options.createRedisClient, onError);
  const handler = createAgentHandler<H3Event>({
    owner,
    origins: settings.origins,
    limits: settings.limits,
    runTimeoutMs: settings.runTimeoutMs,
    store,
    source: (input, request, owner) => hooked(settings.upstream, { input, owner, request }, options.beforeRun),
    // A source chosen per run has no capabilities of its own to ask: the upstream's, as the
    // handler would discover them for `upstream`.
    capabilities: upstreamCapabilities(settings.upstream, DEFAULT_LIMITS.capabilitiesTtlMs),
    onError,
  });
  const listener = toNodeListener(handler);
  return {
    serve: (event) => listener(event.node.req, event.node.res, event),
    close,
  };
}

/** The owner lookup `threadline.owner` names: a field of `event.context`, or the function of the owner file. */
function ownerOf(setting: OwnerSetting, file: OwnerFile | undefined): OwnerOf<H3Event> {
  if (setting.field !== undefined) return ownerFromContext(setting.field);
  if (file === undefined || file.option !== setting.file) {
    // NUXT_THREADLINE_OWNER named a file at runtime: files are bundled when the app is built.
    throw new ModuleOptionsError(
      "OWNER_INVALID",
      "threadline.owner",
      `threadline.owner names the file ${JSON.stringify(setting.file)}, but the app was built ${file === undefined ? "without an owner file" : `with ${JSON.stringify(file.option)}`}: ` +
        "an owner file is fixed when the app is built (NUXT_THREADLINE_OWNER may name a field of event.context, or that same file).",
    );
  }
  const owner = file.owner;
  if (typeof owner !== "function") {
    throw new ModuleOptionsError(
      "OWNER_INVALID",
      "threadline.owner",
      `The default export of ${file.option} (threadline.owner) must be the owner function, export default defineThreadlineOwner((event) => …), not ${owner === undefined ? "missing" : typeof owner}.`,
    );
  }
  return (_request, event) => (owner as ThreadlineOwner)(event);
}

/** Reads the owner from the field of `event.context` the session middleware sets. */
function ownerFromContext(field: string): OwnerOf<H3Event> {
  return (_request, event) => {
    const context = event.context as Record<string, unknown>;
    const value = Object.hasOwn(context, field) ? context[field] : undefined;
    if (value === undefined || value === null || typeof value === "string") return value;
    // A session that put an object or a number there: say which field, rather than a 500 with no clue.
    throw new TypeError(`event.context.${field} (threadline.owner) must be the signed-in user's id as a string, or undefined; it is a ${typeof value}.`);
  };
}

/** The upstream agent for one run, after the `threadline:run` hook had its say. */
function hooked(upstream: string, started: Omit<ThreadlineRun, "source">, beforeRun: AgentRouteOptions["beforeRun"]): AgentSource {
  return {
    run: async (input, sink) => {
      const run: ThreadlineRun = { ...started, source: new HttpAgent({ url: upstream, reconnect: false }) };
      await beforeRun(run);
      return run.source.run(input, sink);
    },
  };
}

/**
 * The upstream's capability document, asked at most once per `ttlMs` however many clients ask
 * (and again after a few seconds when it was unknown), so clients cannot make the route call the
 * agent once per request.
 */
function upstreamCapabilities(url: string, ttlMs: number): () => Promise<AgentCapabilities | undefined> {
  const agent = new HttpAgent({ url, capabilities: "discover" });
  let held: { readonly value: Promise<AgentCapabilities | undefined>; until: number } | undefined;
  return () => {
    if (held !== undefined && Date.now() < held.until) return held.value;
    const entry = { value: agent.getCapabilities(), until: Number.POSITIVE_INFINITY };
    held = entry;
    void entry.value.then((found) => (entry.until = Date.now() + (found === undefined ? Math.min(ttlMs, 5_000) : ttlMs)));
    return entry.value;
  };
}

function runStore(
  settings: RouteSettings,
  createRedisClient: AgentRouteOptions["createRedisClient"],
  onError: (error: unknown) => void,
): { store: RunStore; close: () => Promise<void> } {
  if (settings.runStore === "memory") {
    const store = memoryRunStore();
    return { store, close: () => store.close() };
  }
  if (createRedisClient === undefined) {
    throw new TypeError(
      "[threadline] threadline.runStore is a Redis URL, but the app does not have the `redis` package: install it (npm install redis) and build again.",
    );
  }
  const client = createRedisClient({ url: settings.runStore });
  client.on("error", (error) => onError(error));
  // Not awaited: until Redis answers, the store's commands wait in the client's queue and time out
  // into 503 RUN_STORE_UNAVAILABLE, so the server starts (and recovers) without Redis up yet.
  client.connect().catch(onError);
  const store = redisRunStore(client, { keyPrefix: settings.redisKeyPrefix });
  return {
    store,
    close: async () => {
      await store.close();
      // At once: a graceful close would wait for a Redis that may be gone, holding up the shutdown.
      client.destroy();
    },
  };
}
