// The route's settings, checked where they are read: by the module when Nuxt starts (nuxt.config)
// and by the server when it starts (runtime config, which NUXT_THREADLINE_* variables override).
// Both refuse the same mistakes with the same words, naming the option and its variable.

/** The `threadline` key of `nuxt.config`. */
export interface ModuleOptions {
  /**
   * Who is asking: the `event.context` field your session middleware sets to the signed-in user's
   * id (`"userId"` reads `event.context.userId`), left undefined when nobody is signed in (401
   * `OWNER_REQUIRED`). Each thread and run belongs to the user who started it; another user is
   * answered as if it did not exist. Required, unless `anonymous: true`. Runtime:
   * `NUXT_THREADLINE_OWNER`.
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
}

/** The settings the server route runs with (the module's options but `route`, defaults in). */
export interface RouteSettings {
  /** The `event.context` field holding the owner; undefined in anonymous mode. */
  readonly owner: string | undefined;
  readonly anonymous: boolean;
  readonly upstream: string;
  readonly runStore: string;
  readonly redisKeyPrefix: string;
}

export const DEFAULT_UPSTREAM = "http://127.0.0.1:8787/agent";
export const DEFAULT_ROUTE = "/api/_threadline/agent";
export const DEFAULT_REDIS_KEY_PREFIX = "threadline:";

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
  if (owner !== "" && (!CONTEXT_FIELD.test(owner) || INHERITED.has(owner))) {
    throw new ModuleOptionsError(
      "OWNER_INVALID",
      "threadline.owner",
      `threadline.owner names a field of event.context ("userId"), not ${JSON.stringify(owner)}.`,
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
    owner: owner === "" ? undefined : owner,
    anonymous,
    upstream,
    runStore,
    redisKeyPrefix: text(given.redisKeyPrefix, "redisKeyPrefix", DEFAULT_REDIS_KEY_PREFIX),
  };
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
