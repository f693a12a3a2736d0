// The route's settings, checked where they are read: by the module when Nuxt starts (nuxt.config)
// and by the server when it starts (runtime config, which NUXT_THREADLINE_* variables override).
// Both refuse the same mistakes with the same words, naming the option and its variable.
import { DEFAULT_LIMITS, type AgentHandlerLimits } from "@threadline/core/server";

/** The `threadline` key of `nuxt.config`. */
export interface ModuleOptions {
  /**
   * Who is asking, on every request. Either the `event.context` field your session middleware sets
   * to the signed-in user's id (`"userId"` reads `event.context.userId`), or a server file whose
   * default export is the owner function (`"~~/server/threadline-owner"`: `export default
   * defineThreadlineOwner((event) => …)`), for a user found otherwise (an awaited session, a
   * nested field, a bearer token). Undefined when nobody is signed in (401 `OWNER_REQUIRED`). Each
   * thread and run belongs to the user who started it; another user is answered as if it did not
   * exist. Required, unless `anonymous: true`. Runtime: `NUXT_THREADLINE_OWNER` (a field, or the
   * file the app was built with).
   */
  owner?: string;
  /**
   * Serves every request as one owner, so anyone who knows a thread id can read and continue it:
   * local development or a single-user tool only. The server says so when it starts. Default false.
   */
  anonymous?: boolean;
  /**
   * The AG-UI endpoint the route forwards each run to (LangGraph, Mastra, CrewAI…). Default
   * `http://127.0.0.1:8787/agent`, the repository's scripted agent. Runtime: `NUXT_THREADLINE_UPSTREAM`.
   */
  upstream?: string;
  /**
   * Where runs are logged so a reload or a dropped connection resumes: `"memory"` (one server
   * process, the default) or a `redis://` / `rediss://` URL (several instances share the runs; needs
   * the `redis` package). Runtime: `NUXT_THREADLINE_RUN_STORE`.
   */
  runStore?: string;
  /** The prefix of every Redis key the run log writes. Default `"threadline:"`. */
  redisKeyPrefix?: string;
  /** The route's path; the page's `useThreadlineChat()` talks to it. Default `/api/_threadline/agent`. */
  route?: string;
  /**
   * Origins besides the app's own whose pages may call the route (`https://admin.example.com`), or
   * `"*"` (any page: only for owners from bearer tokens, or a local development server). A browser
   * request from any other origin is refused (403 `ORIGIN_NOT_ALLOWED`). Default none. Runtime:
   * `NUXT_THREADLINE_ORIGINS` (comma-separated origins, or `*`).
   */
  origins?: readonly string[] | "*";
  /**
   * What a client may cost the route, each over the handler's default (`DEFAULT_LIMITS`,
   * documented in the security guide). Runtime: `NUXT_THREADLINE_LIMITS_RUNS_PER_OWNER` and so on.
   */
  limits?: Partial<AgentHandlerLimits>;
  /** A run still going after this long is stopped (RUN_ERROR `RUN_TIMEOUT`), in ms. Default 10 minutes. Runtime: `NUXT_THREADLINE_RUN_TIMEOUT_MS`. */
  runTimeoutMs?: number;
}

/** Who is asking: the field of `event.context` that holds the user's id, or the server file whose default export says. */
export type OwnerSetting = { readonly field: string; readonly file?: never } | { readonly file: string; readonly field?: never };

/** The settings the server route runs with (the module's options but `route`, defaults in). */
export interface RouteSettings {
  /** Where the owner comes from; undefined in anonymous mode. */
  readonly owner: OwnerSetting | undefined;
  readonly anonymous: boolean;
  readonly upstream: string;
  readonly runStore: string;
  readonly redisKeyPrefix: string;
  readonly origins: readonly string[] | "*";
  /** Every limit, the handler's defaults where the options give none. */
  readonly limits: AgentHandlerLimits;
  readonly runTimeoutMs: number;
}

export const DEFAULT_UPSTREAM = "http://127.0.0.1:8787/agent";
export const DEFAULT_ROUTE = "/api/_threadline/agent";
export const DEFAULT_REDIS_KEY_PREFIX = "threadline:";
export const DEFAULT_RUN_TIMEOUT_MS = 10 * 60 * 1000;

export type ModuleOptionsErrorCode = "OWNER_MISSING" | "OWNER_CONFLICT" | "OWNER_INVALID" | "OPTION_INVALID";

/** A `threadline` option (or its NUXT_THREADLINE_* variable) that cannot work; the message says which and how to fix it. */
export class ModuleOptionsError extends Error {
  override readonly name = "ModuleOptionsError";
  constructor(
    readonly code: ModuleOptionsErrorCode,
    /** The option at fault, as written in nuxt.config (`threadline.owner`). */
    readonly option: string,
    message: string,
  ) {
    super(`[threadline] ${message}`);
  }
}

// A property name the session middleware can set as `event.context.<name>`; never one every
// object inherits.
const CONTEXT_FIELD = /^[A-Za-z_$][\w$]*$/;
const INHERITED = new Set(["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"]);

const variable = (option: string): string => `NUXT_THREADLINE_${option.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

function text(value: unknown, option: keyof ModuleOptions, fallback: string): string {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value !== "string") {
    throw new ModuleOptionsError("OPTION_INVALID", `threadline.${option}`, `threadline.${option} must be a string, not ${typeof value}.`);
  }
  return value;
}

function flag(value: unknown, option: keyof ModuleOptions): boolean {
  if (value === undefined || value === null || value === "" || value === false || value === "false") return false;
  if (value === true || value === "true") return true;
  throw new ModuleOptionsError("OPTION_INVALID", `threadline.${option}`, `threadline.${option} (${variable(option)}) must be true or false, not ${JSON.stringify(value)}.`);
}

// An owner that names a file: a path Nuxt resolves (`~~/server/owner`, `./server/owner.ts`).
const OWNER_FILE = /\//;

/**
 * The settings `options` describe, or a `ModuleOptionsError` naming what is wrong. An empty string
 * counts as unset (runtime config keeps unset options as ""). `options` is untrusted: it may come
 * from environment variables.
 */
export function routeSettings(options: unknown): RouteSettings {
  const given = (typeof options === "object" && options !== null ? options : {}) as Record<keyof ModuleOptions, unknown>;
  const owner = text(given.owner, "owner", "");
  const anonymous = flag(given.anonymous, "anonymous");
  if (owner === "" && !anonymous) {
    throw new ModuleOptionsError(
      "OWNER_MISSING",
      "threadline.owner",
      "The agent route needs to know who is asking. Set threadline.owner in nuxt.config to the event.context field your " +
        'session middleware sets to the signed-in user\'s id (threadline: { owner: "userId" } reads event.context.userId), ' +
        'or to a server file whose default export is the owner function (threadline: { owner: "~~/server/threadline-owner" }), ' +
        `or ${variable("owner")}. Only for local development: threadline: { anonymous: true }.`,
    );
  }
  if (owner !== "" && anonymous) {
    throw new ModuleOptionsError(
      "OWNER_CONFLICT",
      "threadline.anonymous",
      `threadline.owner ("${owner}") and threadline.anonymous are both set: keep owner, or remove it to serve everyone as one owner.`,
    );
  }
  if (owner !== "" && !OWNER_FILE.test(owner) && (!CONTEXT_FIELD.test(owner) || INHERITED.has(owner))) {
    throw new ModuleOptionsError(
      "OWNER_INVALID",
      "threadline.owner",
      `threadline.owner names a field of event.context ("userId") or a server file ("~~/server/threadline-owner"), not ${JSON.stringify(owner)}.`,
    );
  }
  const upstream = text(given.upstream, "upstream", DEFAULT_UPSTREAM);
  if (!/^https?:\/\/[^/?#\s]+/.test(upstream) || !URL.canParse(upstream)) {
    throw new ModuleOptionsError(
      "OPTION_INVALID",
      "threadline.upstream",
      `threadline.upstream (${variable("upstream")}) must be an absolute http(s) URL like ${DEFAULT_UPSTREAM}, not ${JSON.stringify(upstream)}.`,
    );
  }
  const runStore = text(given.runStore, "runStore", "memory");
  if (runStore !== "memory" && !(/^rediss?:\/\//.test(runStore) && URL.canParse(runStore))) {
    throw new ModuleOptionsError(
      "OPTION_INVALID",
      "threadline.runStore",
      `threadline.runStore (${variable("runStore")}) must be "memory" or a redis:// URL, not ${JSON.stringify(runStore.replace(/\/\/[^@/]*@/, "//…@"))}.`,
    );
  }
  return {
    owner: owner === "" ? undefined : OWNER_FILE.test(owner) ? { file: owner } : { field: owner },
    anonymous,
    upstream,
    runStore,
    redisKeyPrefix: text(given.redisKeyPrefix, "redisKeyPrefix", DEFAULT_REDIS_KEY_PREFIX),
    origins: originsOf(given.origins),
    limits: limitsOf(given.limits),
    runTimeoutMs: positive(given.runTimeoutMs, "threadline.runTimeoutMs", variable("runTimeoutMs"), DEFAULT_RUN_TIMEOUT_MS),
  };
}

/** A positive number of `option`; a variable's text counts as its number. */
function positive(value: unknown, option: string, name: string, fallback: number): number {
  if (value === undefined || value === null || value === "") return fallback;
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number) || number <= 0) {
    throw new ModuleOptionsError("OPTION_INVALID", option, `${option} (${name}) must be a positive number, not ${JSON.stringify(value)}.`);
  }
  return number;
}

function limitsOf(value: unknown): AgentHandlerLimits {
  if (value === undefined || value === null || value === "") return DEFAULT_LIMITS;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ModuleOptionsError("OPTION_INVALID", "threadline.limits", `threadline.limits must be an object of limits like { runsPerOwner: 4 }, not ${JSON.stringify(value)}.`);
  }
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given).filter((name) => !Object.hasOwn(DEFAULT_LIMITS, name));
  if (unknown.length > 0) {
    throw new ModuleOptionsError(
      "OPTION_INVALID",
      `threadline.limits.${unknown[0]}`,
      `threadline.limits has no ${unknown.map((name) => JSON.stringify(name)).join(", ")}: the limits are ${Object.keys(DEFAULT_LIMITS).join(", ")}.`,
    );
  }
  const limits: Record<string, number> = {};
  for (const [name, fallback] of Object.entries(DEFAULT_LIMITS)) {
    limits[name] = positive(given[name], `threadline.limits.${name}`, variable(`limits_${name}`), fallback);
  }
  return limits as unknown as AgentHandlerLimits;
}

/** Origins as the handler takes them: a list of `scheme://host[:port]`, or "*". */
function originsOf(value: unknown): readonly string[] | "*" {
  if (value === undefined || value === null || value === "") return [];
  if (value === "*") return "*";
  // A variable's text: Nuxt reads a JSON list as a list; a comma-separated one arrives as text.
  const list = typeof value === "string" ? value.split(",").map((origin) => origin.trim()) : value;
  if (!Array.isArray(list)) {
    throw new ModuleOptionsError("OPTION_INVALID", "threadline.origins", `threadline.origins (${variable("origins")}) must be a list of origins or "*", not ${JSON.stringify(value)}.`);
  }
  for (const origin of list) {
    if (typeof origin !== "string" || !URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ModuleOptionsError(
        "OPTION_INVALID",
        "threadline.origins",
        `threadline.origins (${variable("origins")}) lists origins as a browser sends them ("https://admin.example.com": scheme, host, port; no path or slash), not ${JSON.stringify(origin)}.`,
      );
    }
  }
  return list as string[];
}

/** The route's path (`threadline.route`): fixed when the app is built, since the server mounts it there. */
export function routePath(options: unknown): string {
  const given = (typeof options === "object" && options !== null ? options : {}) as Record<keyof ModuleOptions, unknown>;
  const route = text(given.route, "route", DEFAULT_ROUTE);
  if (!/^(\/[\w.~-]+)+$/.test(route)) {
    throw new ModuleOptionsError(
      "OPTION_INVALID",
      "threadline.route",
      `threadline.route must be a plain path like ${DEFAULT_ROUTE} (no pattern, query or trailing slash), not ${JSON.stringify(route)}.`,
    );
  }
  return route;
}
