import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { EventType, type AGUIEvent } from "@ag-ui/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RunClock } from "../server/pacing.js";
import type { RunReport } from "../server/run-stream.js";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { decodeSse, makeInput, post } from "./support/http.js";

let server: PlaygroundServer;
const reports: RunReport[] = [];
beforeAll(async () => {
  server = await startServer({ delayMs: 0, onRunEnd: (r) => reports.push(r) });
});
afterAll(() => server.close());

describe("GET /scenarios", () => {
  test("lists every scenario with title, description, prompt and variants, in picker order", async () => {
    const response = await fetch(`${server.origin}/scenarios`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const { scenarios } = (await response.json()) as { scenarios: Record<string, unknown>[] };
    expect(scenarios.map((s) => s.name)).toEqual([
      "markdown", "weather-card", "client-tool", "approval", "shared-state", "reasoning", "interrupt", "server-error", "long-thread", "attachment", "subagents", "a2ui-form", "mcp-app",
    ]);
    for (const s of scenarios) {
      expect(s).toEqual({
        name: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        prompt: expect.any(String),
        variants: expect.any(Array),
        connects: s.name === "long-thread",
      });
    }
    const variants = (name: string) =>
      (scenarios.find((s) => s.name === name)?.variants as { name: string }[]).map((v) => v.name);
    expect(variants("client-tool")).toEqual(["plain", "pending", "tambo"]);
    expect(variants("server-error")).toEqual(["mid-stream", "http-500", "disconnect"]);
  });
});

describe("refusals are JSON with a stable code", () => {
  const refusal = async (response: Response) => ({
    status: response.status,
    type: response.headers.get("content-type"),
    body: (await response.json()) as { error: { code: string; message: string } },
  });

  test.each([
    ["unknown scenario", { scenario: "nope" }, "", 404, "unknown_scenario", /unknown scenario 'nope' \(known: markdown, /],
    ["unknown variant", { scenario: "client-tool", variant: "x" }, "", 404, "unknown_variant", /variants: plain, pending, tambo/],
    ["a body that is not JSON", {}, "{oops", 400, "invalid_json", /not JSON/],
    ["a body that is not a RunAgentInput", {}, '{"threadId":"t","runId":7,"messages":[]}', 400, "invalid_input", /runId/],
    ["a negative delay", { delay: "-1" }, "", 400, "invalid_option", /delay must be an integer/],
    ["a zero speed", { speed: "0" }, "", 400, "invalid_option", /speed must be a number above 0/],
  ])("%s", async (_label, query, body, status, code, message) => {
    const r = await refusal(await post(server.url, body, { query: query as Record<string, string> }));
    expect(r).toEqual({ status, type: "application/json; charset=utf-8", body: { error: { code, message: expect.stringMatching(message) } } });
  });

  test("GET on /agent is 405 with an Allow header; an unknown path is 404", async () => {
    const get = await fetch(server.url);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await refusal(get)).body.error.code).toBe("method_not_allowed");
    expect((await refusal(await fetch(`${server.origin}/nowhere`))).body.error.code).toBe("not_found");
  });
});

test("the resumable route declares the agent's capabilities (images in); the plain route has no discovery (404)", async () => {
  const declared = await fetch(`${server.origin}/resumable/agent/capabilities`);
  expect(declared.status).toBe(200);
  expect(declared.headers.get("access-control-allow-origin")).toBe("*");
  const capabilities = (await declared.json()) as { multimodal?: { input?: { image?: boolean } }; multiAgent?: { subagents?: { name: string }[] } };
  expect(capabilities.multimodal?.input?.image).toBe(true);
  expect(capabilities.multiAgent?.subagents?.map((s) => s.name)).toEqual(["researcher", "fact-checker"]);
  expect((await fetch(`${server.origin}/agent/capabilities`)).status).toBe(404);
});

test("CORS preflight allows the Vite apps' requests", async () => {
  const response = await fetch(server.url, {
    method: "OPTIONS",
    headers: { origin: "http://localhost:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("access-control-allow-methods")).toContain("POST");
  expect(response.headers.get("access-control-allow-headers")).toBe("content-type");
});

describe("choosing the scenario", () => {
  const firstText = async (response: Response) => {
    const events = decodeSse(await response.text());
    return events.find((e) => e.type === EventType.TEXT_MESSAGE_CONTENT) as { delta: string } | undefined;
  };

  test("forwardedProps selects scenario, variant and delay, and wins over the query string", async () => {
    const input = makeInput({ runId: "fp", forwardedProps: { scenario: "client-tool", variant: "pending", delayMs: 0 } });
    const response = await post(server.url, input, { query: { scenario: "markdown", delay: "500" } });
    const events = decodeSse(await response.text());
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["fp-tool-1"] } });
  });

  test("no scenario means markdown; an empty body starts a fresh thread (handy with curl)", async () => {
    const response = await post(server.url, "", { query: { delay: "0" } });
    expect(response.status).toBe(200);
    const events = decodeSse(await response.text());
    expect(events[0]).toEqual({ type: "RUN_STARTED", threadId: "playground", runId: "run-1" });
    expect(events.find((e) => e.type === EventType.TEXT_MESSAGE_CONTENT)).toMatchObject({ messageId: "run-1-msg-1" });
  });

  test("Accept: */* (curl, browsers) gets SSE; protobuf only when asked for by name", async () => {
    const response = await post(server.url, makeInput(), { query: { delay: "0" }, accept: "*/*" });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await firstText(response)).toBeDefined();
  });
});

describe("pacing", () => {
  test("a fixed delay waits that long before every event", async () => {
    const started = performance.now();
    const response = await post(server.url, makeInput(), { query: { scenario: "interrupt", delay: "15" } });
    const events = decodeSse(await response.text());
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(events.length * 15 * 0.9);
  });

  test("paced delays are deterministic per run, jittered, scaled by speed; pauses count only when paced", () => {
    const event: AGUIEvent = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: "x" };
    const sample = (speed: number) => {
      const clock = new RunClock({ kind: "paced", speed }, "run-9");
      return Array.from({ length: 50 }, () => clock.beforeEvent(event));
    };
    const normal = sample(1);
    expect(sample(1)).toEqual(normal);
    expect(new Set(normal).size).toBeGreaterThan(5);
    expect(normal.every((ms) => ms >= 18 && ms <= 38)).toBe(true);
    expect(sample(4).every((ms, i) => Math.abs(ms - (normal[i] as number) / 4) <= 1)).toBe(true);
    expect(new RunClock({ kind: "paced", speed: 2 }, "r").pause(500)).toBe(250);
    const fixed = new RunClock({ kind: "fixed", delayMs: 7 }, "r");
    expect([fixed.beforeEvent(event), fixed.pause(500)]).toEqual([7, 0]);
  });
});

describe("a client that goes away stops the run", () => {
  async function readUntil(response: Response, done: (events: AGUIEvent[]) => boolean) {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { value } = await reader.read();
      text += decoder.decode(value, { stream: true });
      const events = decodeSse(text.slice(0, text.lastIndexOf("\n\n") + 2));
      if (done(events)) return events;
    }
  }

  /** Aborts the request and resolves with the run's report once the server has ended the run. */
  async function reportFor(list: RunReport[], runId: string, abort: AbortController): Promise<RunReport> {
    abort.abort();
    while (!list.some((r) => r.runId === runId)) await new Promise((r) => setTimeout(r, 5));
    return list.find((r) => r.runId === runId) as RunReport;
  }

  test("mid-text: the stream ends promptly and sends nothing more", async () => {
    const list: RunReport[] = [];
    const slow = await startServer({ delayMs: 20, onRunEnd: (r) => list.push(r) });
    try {
      const abort = new AbortController();
      const response = await post(slow.url, makeInput({ runId: "stop-1" }), { query: { scenario: "markdown" }, signal: abort.signal });
      const seen = await readUntil(response, (events) => events.length >= 6);
      const report = await reportFor(list, "stop-1", abort);
      expect(report).toMatchObject({ scenario: "markdown", end: "client-closed" });
      // Promptly, counted in events rather than milliseconds: a markdown run has 300+ of them.
      expect(report.events).toBeGreaterThanOrEqual(seen.length);
      expect(report.events).toBeLessThan(seen.length + 10);
    } finally {
      await slow.close();
    }
  });

  test("during a long wait: the wait is cut short instead of running out", async () => {
    const list: RunReport[] = [];
    const speed = 0.05;
    const slow = await startServer({ speed, onRunEnd: (r) => list.push(r) });
    try {
      // The run's waits are seeded by its id: the beat the server takes after the snapshot, before
      // the first text message, is known (about six seconds at 1/20 speed).
      const clock = new RunClock({ kind: "paced", speed }, "stop-2");
      clock.beforeEvent({ type: EventType.RUN_STARTED, threadId: "t", runId: "stop-2" });
      clock.beforeEvent({ type: EventType.STATE_SNAPSHOT, snapshot: {} });
      const beat = clock.beforeEvent({ type: EventType.TEXT_MESSAGE_START, messageId: "m", role: "assistant" });
      expect(beat).toBeGreaterThan(3_000);
      const requested = performance.now();
      const abort = new AbortController();
      const response = await post(slow.url, makeInput({ runId: "stop-2" }), { query: { scenario: "shared-state" }, signal: abort.signal });
      const seen = await readUntil(response, (events) => events.some((e) => e.type === EventType.STATE_SNAPSHOT));
      const report = await reportFor(list, "stop-2", abort);
      expect(report).toMatchObject({ end: "client-closed", events: seen.length });
      // Had the beat run out, the report could not have come sooner than the beat after the
      // request: this bound holds however slow the machine is, unless the wait was not cut short.
      expect(performance.now() - requested).toBeLessThan(beat);
    } finally {
      await slow.close();
    }
  });
});

test("finished runs are reported with their event count", async () => {
  const response = await post(server.url, makeInput({ runId: "count-1" }), { query: { scenario: "reasoning", delay: "0" } });
  const events = decodeSse(await response.text());
  // The report follows the response's end (the server calls onRunEnd after it).
  await expect.poll(() => reports.find((r) => r.runId === "count-1"), { timeout: 10_000 }).toEqual({
    scenario: "reasoning", variant: "default", threadId: "thread-1", runId: "count-1", events: events.length, end: "finished",
  });
});

describe("the CLI (pnpm playground)", () => {
  const main = fileURLToPath(new URL("../server/main.ts", import.meta.url));
  const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));

  test("listens on PORT and prints its URLs; stops on SIGTERM", async () => {
    const child = spawn(tsx, [main], { env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    try {
      let out = "";
      child.stdout.setEncoding("utf8");
      while (!/scenarios: (\S+)/.test(out)) {
        const [chunk] = (await once(child.stdout, "data")) as [string];
        out += chunk;
      }
      const url = /scenarios: (\S+)/.exec(out)?.[1] as string;
      expect(out).toMatch(/agent: {5}http:\/\/127\.0\.0\.1:\d+\/agent\?scenario=markdown/);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  test("refuses a bad PORT with a clear message", async () => {
    const child = spawn(tsx, [main], { env: { ...process.env, PORT: "http" }, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(err).toContain("PORT must be an integer from 0 to 65535, got 'http'");
  });
});
