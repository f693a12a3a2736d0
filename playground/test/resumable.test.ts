// The resumable route (/resumable/agent): the scenarios through Threadline's createAgentHandler.
// Events arrive numbered and equal to the plain route's (RUN_STARTED carries the run's input); on the flaky network (every response cut
// after 100–600 ms) core's HttpAgent resumes until the run is whole, and the events it delivers
// are exactly the undisturbed run's.
import { HttpAgent } from "@threadline/core";
import type { RunAgentInput } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { makeInput, runScenario, user } from "./support/http.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

/** The handler logs the run's input in its RUN_STARTED (`logInput`, for followers); the rest is as the plain route sent it. */
function withInput(events: unknown[], input: RunAgentInput): unknown[] {
  const logged = { state: {}, forwardedProps: {}, ...input };
  return events.map((event, at) => (at === 0 ? { ...(event as object), input: logged } : event));
}

async function receive(agent: HttpAgent, input: RunAgentInput) {
  const events: unknown[] = [];
  let reconnects = 0;
  const end = await agent.run(input, {
    signal: new AbortController().signal,
    onEvent: (e) => events.push(e),
    onReconnecting: () => reconnects++,
  });
  return { end, events, reconnects };
}

test.each(["markdown", "weather-card", "client-tool"])("%s through the handler equals the plain route's events", async (scenario) => {
  const input = makeInput({ threadId: `resumable-${scenario}`, runId: `plain-${scenario}`, messages: [user("u1", "hello")] });
  const expected = withInput(await runScenario(server.url, scenario, input), input);
  const agent = new HttpAgent({ url: `${server.origin}/resumable/agent?scenario=${scenario}&delay=0` });
  const { end, events } = await receive(agent, input);
  expect(end).toBe("completed");
  expect(events).toEqual(expected);
});

test("on the flaky network the markdown answer still arrives whole, resumed after each cut", async () => {
  // The plain route keeps no log, so the same runId can be streamed there undisturbed first.
  const input = makeInput({ threadId: "resumable-flaky", runId: "flaky-1", messages: [user("u1", "hello")] });
  const expected = withInput(await runScenario(server.url, "markdown", input), input);
  const agent = new HttpAgent({
    url: `${server.origin}/resumable/agent?scenario=markdown&delay=8&flaky=1`,
    reconnect: { baseDelayMs: 5, maxDelayMs: 50 },
  });
  const { end, events, reconnects } = await receive(agent, input);
  expect(end).toBe("completed");
  expect(events).toEqual(expected);
  expect(reconnects).toBeGreaterThan(0);
});
