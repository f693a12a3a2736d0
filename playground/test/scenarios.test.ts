import { EventType, type AGUIEvent } from "@ag-ui/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { scenarios } from "../server/scenarios/index.js";
import { decodeProtoFrames, makeInput, post, PROTO, runScenario, user } from "./support/http.js";
import { pipelineProblems } from "./support/pipeline.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

// Every scenario and variant, first turn. The HTTP 500 and connection-drop variants send no
// well-formed run on purpose; server-error.test.ts covers them.
const cases = scenarios.flatMap((s) =>
  (s.variants.length > 0 ? s.variants.map((v) => v.name) : [undefined])
    .filter((variant) => variant !== "disconnect" && variant !== "http-500")
    .map((variant) => ({ scenario: s.name, variant, prompt: s.prompt })),
);

describe.each(cases)("$scenario $variant", ({ scenario, variant, prompt }) => {
  const input = makeInput({ threadId: `wf-${scenario}-${variant}`, runId: "r1", messages: [user("u1", prompt)] });

  test("streams a well-formed AG-UI run", async () => {
    const events = await runScenario(server.url, scenario, input, variant);
    expect(runProblems(events, input)).toEqual([]);
  });

  test("sends the same events as protobuf when the Accept header asks for it", async () => {
    const sse = await runScenario(server.url, scenario, { ...input, threadId: `${input.threadId}-b` }, variant);
    const query: Record<string, string> = { scenario, delay: "0" };
    if (variant) query.variant = variant;
    const response = await post(server.url, { ...input, threadId: `${input.threadId}-c` }, { query, accept: PROTO });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(PROTO);
    const proto = decodeProtoFrames(new Uint8Array(await response.arrayBuffer()));
    // A scenario behind an official middleware gets the ids that middleware mints (random UUIDs).
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    const normalise = (events: AGUIEvent[], threadId: string) =>
      JSON.parse(JSON.stringify(events).replaceAll(threadId, "T").replace(uuid, "UUID")) as unknown;
    expect(normalise(proto, `${input.threadId}-c`)).toEqual(normalise(sse, `${input.threadId}-b`));
  });
});

test("the checker itself rejects broken runs", () => {
  const input = makeInput();
  const started = { type: EventType.RUN_STARTED, threadId: "thread-1", runId: "run-1" } as const;
  const finished = { type: EventType.RUN_FINISHED, threadId: "thread-1", runId: "run-1" } as const;
  const open = { type: EventType.TEXT_MESSAGE_START, messageId: "m" } as const;
  expect(runProblems([], input)).toEqual(["no events"]);
  expect(runProblems([open, finished], input).join()).toMatch(/first event/);
  expect(runProblems([started, open], input).join()).toMatch(/last event/);
  expect(runProblems([started, open, finished], input).join()).toMatch(/text still open: m/);
  expect(runProblems([started, { type: EventType.TOOL_CALL_ARGS, toolCallId: "t", delta: "{" }, finished], input).join()).toMatch(/tool t is not open/);
  expect(runProblems([started, { ...finished, runId: "other" }], input).join()).toMatch(/input was/);
  expect(runProblems([started, { type: EventType.REASONING_MESSAGE_START, messageId: "r" } as AGUIEvent, finished], input).join()).toMatch(/schema/);
  // Checks the pipeline leg on its own: a run the hand-written checks pass but the pipeline refuses.
  const rerun = { ...started, runId: "run-1" };
  expect(pipelineProblems([started, finished, rerun]).join()).toMatch(/pipeline \(fast\) threw ProtocolError/);
  expect(pipelineProblems([started, finished])).toEqual([]);
});
