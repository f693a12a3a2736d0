// The server against Threadline's own transport: what core's HttpAgent receives over SSE and
// over protobuf is exactly what the scenario sent, and the failure variants surface as the
// transport's typed errors.
import { HttpAgent } from "@threadline/core";
import { HttpError, StreamTruncatedError } from "@threadline/core/transport";
import type { RunAgentInput } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import type { RunReport } from "../server/run-stream.js";
import { makeInput, runScenario, user } from "./support/http.js";

let server: PlaygroundServer;
const reports: RunReport[] = [];
beforeAll(async () => {
  server = await startServer({ delayMs: 0, onRunEnd: (r) => reports.push(r) });
});
afterAll(() => server.close());

async function receive(agent: HttpAgent, input: RunAgentInput) {
  const events: unknown[] = [];
  const end = await agent.run(input, { signal: new AbortController().signal, onEvent: (e) => events.push(e) });
  return { end, events };
}

test.each(["markdown", "weather-card", "client-tool", "approval", "shared-state", "reasoning", "interrupt", "long-thread"])(
  "%s reaches core's HttpAgent intact, over SSE and over protobuf",
  async (scenario) => {
    const input = makeInput({ threadId: `core-${scenario}`, runId: "r1", messages: [user("u1", "hello")] });
    const expected = await runScenario(server.url, scenario, input);
    for (const protobuf of [false, true]) {
      const agent = new HttpAgent({ url: `${server.url}?scenario=${scenario}&delay=0`, protobuf });
      const { end, events } = await receive(agent, input);
      expect(end).toBe("completed");
      expect(events).toEqual(expected);
    }
  },
);

test("the HTTP 500 variant is an HttpError carrying the status and the JSON body", async () => {
  const agent = new HttpAgent({ url: `${server.url}?scenario=server-error&variant=http-500&delay=0` });
  const failure = await receive(agent, makeInput({ threadId: "core-500" })).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(HttpError);
  expect(failure).toMatchObject({ status: 500, bodyExcerpt: expect.stringContaining('"code":"internal"') });
});

test("the connection-drop variant is a StreamTruncatedError, after the partial text was delivered", async () => {
  const agent = new HttpAgent({ url: `${server.url}?scenario=server-error&variant=disconnect&delay=0` });
  const events: unknown[] = [];
  const failure = await agent
    .run(makeInput({ threadId: "core-drop" }), { signal: new AbortController().signal, onEvent: (e) => events.push(e) })
    .catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(StreamTruncatedError);
  expect(events.length).toBeGreaterThan(3);
});

test("aborting the run (the stop button) ends it on the server", async () => {
  const slow = await startServer({ delayMs: 30, onRunEnd: (r) => reports.push(r) });
  try {
    const controller = new AbortController();
    const agent = new HttpAgent({ url: `${slow.url}?scenario=markdown` });
    let seen = 0;
    const end = await agent.run(makeInput({ runId: "core-stop" }), {
      signal: controller.signal,
      onEvent: () => {
        if (++seen === 5) controller.abort();
      },
    });
    expect(end).toBe("aborted");
    await expect.poll(() => reports.find((r) => r.runId === "core-stop")?.end).toBe("client-closed");
  } finally {
    await slow.close();
  }
});
