// A todo list in shared state. The agent starts from the state the client sends (the user edits
// the list too), echoes it as a STATE_SNAPSHOT, then adds and checks items with STATE_DELTA.
import { EventType, type JsonPatchOperation, type RunAgentInput } from "@ag-ui/core";
import { lastUserText } from "../conversation.js";
import { RunIds, runError, runFinished, runStarted, textMessage } from "../events.js";
import { pause, type Scenario, type Step } from "../scenario.js";

export interface Todo {
  id: string;
  title: string;
  done: boolean;
}

export const SEED_TODOS: readonly Todo[] = [
  { id: "todo-1", title: "Book flights to Lisbon", done: true },
  { id: "todo-2", title: "Reserve a table for fado night", done: false },
];

/** What the agent suggests, in order; titles already on the list are skipped. */
export const SUGGESTIONS = [
  "Pack a rain jacket",
  "Buy a Lisboa Card",
  "Check museum opening hours",
  "Download offline maps",
  "Learn five phrases in Portuguese",
];

type TodoState = { todos: Todo[]; [key: string]: unknown };

/** The client's state as a todo list, a seeded list when it sent none, or the reason it is unusable. */
function readState(input: RunAgentInput): TodoState | string {
  const state: unknown = input.state;
  if (state === undefined || state === null) return { todos: SEED_TODOS.map((t) => ({ ...t })) };
  if (typeof state !== "object" || Array.isArray(state)) return `state must be an object, got ${JSON.stringify(state)}`;
  const todos = (state as { todos?: unknown }).todos;
  if (todos === undefined) return { ...state, todos: SEED_TODOS.map((t) => ({ ...t })) };
  if (!Array.isArray(todos)) return "state.todos must be an array";
  for (const [i, todo] of todos.entries()) {
    const t = todo as Partial<Todo> | null;
    if (typeof t?.id !== "string" || typeof t.title !== "string" || typeof t.done !== "boolean") {
      return `state.todos[${i}] must be { id: string, title: string, done: boolean }`;
    }
  }
  return state as TodoState;
}

/** "add water the plants" → ["water the plants"]; otherwise the next two suggestions not on the list. */
function itemsToAdd(input: RunAgentInput, todos: readonly Todo[]): string[] {
  const asked = /^\s*add\s+(.+?)\s*\.?\s*$/i.exec(lastUserText(input));
  if (asked?.[1]) return [asked[1]];
  const present = new Set(todos.map((t) => t.title.toLowerCase()));
  return SUGGESTIONS.filter((title) => !present.has(title.toLowerCase())).slice(0, 2);
}

function* script(input: RunAgentInput): Generator<Step> {
  const ids = new RunIds(input.runId);
  yield runStarted(input);
  const state = readState(input);
  if (typeof state === "string") {
    yield runError(`cannot use the client's state: ${state}`, "invalid_state");
    return;
  }
  const todos = state.todos;
  // The snapshot is the client's own list, so every path below is valid on the client too.
  yield { type: EventType.STATE_SNAPSHOT, snapshot: state };
  const adding = itemsToAdd(input, todos);
  const toCheck = todos.findIndex((t) => !t.done);
  const plan = [
    adding.length > 0 ? `add ${adding.length === 1 ? "one item" : `${adding.length} items`}` : "",
    toCheck >= 0 ? "tick off one you have done" : "",
  ].filter(Boolean);
  yield* textMessage(
    ids.next("msg"),
    `Your list has ${todos.length} ${todos.length === 1 ? "item" : "items"}. ${plan.length > 0 ? `I'll ${plan.join(" and ")}.` : "It looks complete to me."}`,
  );
  for (const title of adding) {
    const todo: Todo = { id: ids.next("todo"), title, done: false };
    yield pause(250);
    yield { type: EventType.STATE_DELTA, delta: [{ op: "add", path: "/todos/-", value: todo }] };
  }
  if (toCheck >= 0) {
    const target = todos[toCheck] as Todo;
    // `test` first: if the user reordered the list meanwhile, the client refuses the patch
    // instead of ticking the wrong item.
    const delta: JsonPatchOperation[] = [
      { op: "test", path: `/todos/${toCheck}/id`, value: target.id },
      { op: "replace", path: `/todos/${toCheck}/done`, value: true },
    ];
    yield pause(250);
    yield { type: EventType.STATE_DELTA, delta };
  }
  const total = todos.length + adding.length;
  const done = todos.filter((t) => t.done).length + (toCheck >= 0 ? 1 : 0);
  const added = adding.map((title) => `"${title}"`).join(" and ");
  const checked = toCheck >= 0 ? `ticked off "${(todos[toCheck] as Todo).title}"` : "";
  const summary = [added ? `added ${added}` : "", checked].filter(Boolean).join(" and ");
  yield* textMessage(ids.next("msg"), `${summary ? `I ${summary}. ` : ""}${done} of ${total} done.`);
  yield runFinished(input);
}

export const sharedState: Scenario = {
  name: "shared-state",
  title: "Shared todo list",
  description:
    "A to-do list you and the agent share: it adds items and ticks one off as it answers. Edit the list on the right and ask again, or say \"add …\" to add your own item.",
  prompt: "Help me get ready for the trip.",
  variants: [],
  run: (input) => script(input),
};
