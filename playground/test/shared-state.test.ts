import { EventType, type AGUIEvent, type RunAgentInput } from "@ag-ui/core";
import jsonPatch, { type Operation } from "fast-json-patch";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { SEED_TODOS, SUGGESTIONS, type Todo } from "../server/scenarios/shared-state.js";
import { allText, makeInput, ofType, runScenario, user } from "./support/http.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

/** The client's view: the snapshot, then every delta applied strictly (validation on, `test` ops enforced). */
function finalState(events: AGUIEvent[]): { todos: Todo[]; [key: string]: unknown } {
  const [snapshot] = ofType(events, EventType.STATE_SNAPSHOT);
  let state: unknown = structuredClone(snapshot?.snapshot);
  for (const { delta } of ofType(events, EventType.STATE_DELTA)) {
    state = jsonPatch.applyPatch(state, delta as Operation[], true, false).newDocument;
  }
  return state as { todos: Todo[] };
}

async function run(input: RunAgentInput) {
  const events = await runScenario(server.url, "shared-state", input);
  expect(runProblems(events, input)).toEqual([]);
  return events;
}

const ask = [user("u1", "Help me get ready for the trip.")];

test("without client state: seeds the list, adds two suggestions one delta at a time, ticks one off", async () => {
  const events = await run(makeInput({ runId: "ss-1", messages: ask }));
  expect(ofType(events, EventType.STATE_SNAPSHOT)[0]?.snapshot).toEqual({ todos: SEED_TODOS });
  expect(ofType(events, EventType.STATE_DELTA)).toHaveLength(3);
  expect(finalState(events).todos).toEqual([
    SEED_TODOS[0],
    { ...SEED_TODOS[1], done: true },
    { id: "ss-1-todo-1", title: SUGGESTIONS[0], done: false },
    { id: "ss-1-todo-2", title: SUGGESTIONS[1], done: false },
  ]);
  expect(allText(events)).toContain("2 of 4 done.");
});

test("respects the list the user edited: keeps their items and extra keys, skips what is already there", async () => {
  const edited = {
    owner: "Ana",
    todos: [
      { id: "mine-1", title: "Renew passport", done: false },
      { id: "mine-2", title: "pack a rain jacket", done: true },
    ],
  };
  const events = await run(makeInput({ runId: "ss-2", messages: ask, state: edited }));
  expect(ofType(events, EventType.STATE_SNAPSHOT)[0]?.snapshot).toEqual(edited);
  const state = finalState(events);
  expect(state.owner).toBe("Ana");
  expect(state.todos.map((t) => [t.title, t.done])).toEqual([
    ["Renew passport", true],
    ["pack a rain jacket", true],
    [SUGGESTIONS[1], false],
    [SUGGESTIONS[2], false],
  ]);
});

test("a second turn on the resulting list adds the next suggestions, never duplicates", async () => {
  const first = await run(makeInput({ runId: "ss-3", messages: ask }));
  const second = await run(makeInput({ runId: "ss-4", messages: ask, state: finalState(first) }));
  const titles = finalState(second).todos.map((t) => t.title);
  expect(new Set(titles).size).toBe(titles.length);
  expect(titles).toEqual([...SEED_TODOS.map((t) => t.title), ...SUGGESTIONS.slice(0, 4)]);
});

test('"add …" adds exactly what the user asked for', async () => {
  const events = await run(makeInput({ runId: "ss-5", messages: [user("u1", "add water the plants.")] }));
  expect(finalState(events).todos.at(-1)).toEqual({ id: "ss-5-todo-1", title: "water the plants", done: false });
});

test("the tick-off patch is guarded by a test op, so it cannot tick the wrong item", async () => {
  const events = await run(makeInput({ runId: "ss-6", messages: ask }));
  const tick = ofType(events, EventType.STATE_DELTA).at(-1)?.delta ?? [];
  expect(tick[0]).toEqual({ op: "test", path: "/todos/1/id", value: "todo-2" });
  const reordered = { todos: [SEED_TODOS[1], SEED_TODOS[0]] };
  expect(() => jsonPatch.applyPatch(reordered, tick as Operation[], true, false)).toThrow();
});

test.each([
  ["a string", "nope", "state must be an object"],
  ["todos not an array", { todos: {} }, "state.todos must be an array"],
  ["a malformed item", { todos: [{ id: "a", title: "x", done: "no" }] }, "state.todos[0] must be"],
])("client state that is %s ends the run with RUN_ERROR invalid_state", async (_label, state, message) => {
  const events = await run(makeInput({ runId: "ss-7", state }));
  expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "invalid_state", message: expect.stringContaining(message) });
});
