// The module's options as the module (nuxt.config) and the server (runtime config, NUXT_THREADLINE_*
// variables) read them: defaults, and every mistake refused with the option's name and the fix.
import { DEFAULT_LIMITS } from "@threadline/core/server";
import { describe, expect, test } from "vitest";
import { DEFAULT_ROUTE, DEFAULT_RUN_TIMEOUT_MS, DEFAULT_UPSTREAM, ModuleOptionsError, routePath, routeSettings } from "../src/runtime/settings.js";

function refusal(read: () => unknown): ModuleOptionsError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ModuleOptionsError);
    return error as ModuleOptionsError;
  }
  throw new Error("expected a ModuleOptionsError");
}

describe("routeSettings", () => {
  test("an owner field and nothing else: the defaults fill the rest", () => {
    expect(routeSettings({ owner: "userId" })).toEqual({
      owner: { field: "userId" },
      anonymous: false,
      upstream: DEFAULT_UPSTREAM,
      runStore: "memory",
      redisKeyPrefix: "threadline:",
      origins: [],
      limits: DEFAULT_LIMITS,
      runTimeoutMs: DEFAULT_RUN_TIMEOUT_MS,
    });
  });

  test("no owner and no anonymous: refused, naming the option, an example and the variable", () => {
    for (const options of [undefined, {}, { owner: "" }, { anonymous: false }, { owner: "", anonymous: "false" }]) {
      const error = refusal(() => routeSettings(options));
      expect(error.code).toBe("OWNER_MISSING");
      expect(error.option).toBe("threadline.owner");
      expect(error.message).toContain('threadline: { owner: "userId" } reads event.context.userId');
      expect(error.message).toContain('threadline: { owner: "~~/server/threadline-owner" }');
      expect(error.message).toContain("NUXT_THREADLINE_OWNER");
      expect(error.message).toContain("anonymous: true");
    }
  });

  test("anonymous only when said so, as a boolean or as a variable's text", () => {
    expect(routeSettings({ anonymous: true })).toMatchObject({ anonymous: true });
    expect(routeSettings({ anonymous: true }).owner).toBeUndefined();
    expect(routeSettings({ owner: "", anonymous: "true" })).toMatchObject({ owner: undefined, anonymous: true });
    const error = refusal(() => routeSettings({ anonymous: "yes" }));
    expect(error).toMatchObject({ code: "OPTION_INVALID", option: "threadline.anonymous" });
    expect(error.message).toContain("NUXT_THREADLINE_ANONYMOUS");
  });

  test("an owner and anonymous at once is a contradiction", () => {
    expect(refusal(() => routeSettings({ owner: "userId", anonymous: true }))).toMatchObject({ code: "OWNER_CONFLICT", option: "threadline.anonymous" });
  });

  test("the owner names a field of event.context (never an inherited one) or, with a slash, a server file", () => {
    for (const owner of ["user.id", "user id", "1st", "__proto__", "constructor", "toString"]) {
      const error = refusal(() => routeSettings({ owner }));
      expect(error.code).toBe("OWNER_INVALID");
      expect(error.message).toContain("a field of event.context");
      expect(error.message).toContain("or a server file");
    }
    expect(refusal(() => routeSettings({ owner: 42 }))).toMatchObject({ code: "OPTION_INVALID", option: "threadline.owner" });
    expect(routeSettings({ owner: "$user_1" }).owner).toEqual({ field: "$user_1" });
    for (const file of ["~~/server/threadline-owner", "./server/owner.ts", "/srv/app/owner.mjs"]) {
      expect(routeSettings({ owner: file }).owner).toEqual({ file });
    }
  });

  test("origins: a list of origins as browsers send them, a variable's comma-separated text, or *", () => {
    expect(routeSettings({ owner: "u", origins: ["https://admin.example.com", "http://127.0.0.1:3000"] }).origins).toEqual(["https://admin.example.com", "http://127.0.0.1:3000"]);
    expect(routeSettings({ owner: "u", origins: "https://a.example, https://b.example:8443" }).origins).toEqual(["https://a.example", "https://b.example:8443"]);
    expect(routeSettings({ owner: "u", origins: "*" }).origins).toBe("*");
    expect(routeSettings({ owner: "u", origins: "" }).origins).toEqual([]);
    for (const origins of [["https://admin.example.com/"], ["admin.example.com"], ["https://a.example/app"], [42], { origin: "https://a.example" }]) {
      const error = refusal(() => routeSettings({ owner: "u", origins }));
      expect(error).toMatchObject({ code: "OPTION_INVALID", option: "threadline.origins" });
      expect(error.message).toContain("NUXT_THREADLINE_ORIGINS");
    }
  });

  test("limits: each over the handler's default, a positive number (a variable's text too), no unknown names", () => {
    expect(routeSettings({ owner: "u", limits: { runsPerOwner: 2, bodyBytes: "65536" } }).limits).toEqual({ ...DEFAULT_LIMITS, runsPerOwner: 2, bodyBytes: 65536 });
    for (const runsPerOwner of [0, -1, "many", Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = refusal(() => routeSettings({ owner: "u", limits: { runsPerOwner } }));
      expect(error).toMatchObject({ code: "OPTION_INVALID", option: "threadline.limits.runsPerOwner" });
      expect(error.message).toContain("NUXT_THREADLINE_LIMITS_RUNS_PER_OWNER");
    }
    const unknown = refusal(() => routeSettings({ owner: "u", limits: { runsPerUser: 2 } }));
    expect(unknown).toMatchObject({ code: "OPTION_INVALID", option: "threadline.limits.runsPerUser" });
    expect(unknown.message).toContain("runsPerOwner");
    expect(refusal(() => routeSettings({ owner: "u", limits: 5 }))).toMatchObject({ option: "threadline.limits" });
    expect(routeSettings({ owner: "u", runTimeoutMs: "60000" }).runTimeoutMs).toBe(60_000);
    expect(refusal(() => routeSettings({ owner: "u", runTimeoutMs: 0 })).message).toContain("NUXT_THREADLINE_RUN_TIMEOUT_MS");
  });

  test("the upstream is an absolute http(s) URL", () => {
    expect(routeSettings({ owner: "u", upstream: "https://agents.example/run" }).upstream).toBe("https://agents.example/run");
    for (const upstream of ["127.0.0.1:8787/agent", "/api/agent", "ftp://example.com/agent", "http://"]) {
      const error = refusal(() => routeSettings({ owner: "u", upstream }));
      expect(error).toMatchObject({ code: "OPTION_INVALID", option: "threadline.upstream" });
      expect(error.message).toContain("NUXT_THREADLINE_UPSTREAM");
    }
  });

  test("the run store is memory or a Redis URL; a refused URL's password is not repeated", () => {
    expect(routeSettings({ owner: "u", runStore: "redis://127.0.0.1:6379" }).runStore).toBe("redis://127.0.0.1:6379");
    expect(routeSettings({ owner: "u", runStore: "rediss://user:pw@cache.example:6380/2" }).runStore).toBe("rediss://user:pw@cache.example:6380/2");
    const error = refusal(() => routeSettings({ owner: "u", runStore: "postgres://app:hunter2@db/runs" }));
    expect(error).toMatchObject({ code: "OPTION_INVALID", option: "threadline.runStore" });
    expect(error.message).toContain("NUXT_THREADLINE_RUN_STORE");
    expect(error.message).not.toContain("hunter2");
  });
});

describe("routePath", () => {
  test("a plain path, by default the module's prefixed one", () => {
    expect(routePath({})).toBe(DEFAULT_ROUTE);
    expect(routePath({ route: "/api/chat" })).toBe("/api/chat");
    for (const route of ["api/chat", "/api/chat/", "/api/:id", "/api/**", "/api/chat?x=1", "/"]) {
      expect(refusal(() => routePath({ route }))).toMatchObject({ code: "OPTION_INVALID", option: "threadline.route" });
    }
  });
});
