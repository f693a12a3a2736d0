// The shared todo list (the scripted server's shared-state scenario). The user edits a draft
// copy; the draft goes to the agent as the thread's state when the next run starts.
import type { RunSubscriber } from "@threadline/core";

export interface Todo {
  readonly id: string;
  readonly title: string;
  readonly done: boolean;
}

/** The todos in a state value, or [] (anything malformed is skipped). */
export function todosOf(state: unknown): readonly Todo[] {
  const todos = (state as { todos?: unknown } | null | undefined)?.todos;
  if (!Array.isArray(todos)) return [];
  return todos.filter(
    (t): t is Todo => typeof t === "object" && t !== null && typeof t.id === "string" && typeof t.title === "string" && typeof t.done === "boolean",
  );
}

function withTodos(state: unknown, todos: readonly Todo[]): Record<string, unknown> {
  const base = typeof state === "object" && state !== null && !Array.isArray(state) ? (state as Record<string, unknown>) : {};
  return { ...base, todos };
}

export function toggleTodo(state: unknown, id: string): Record<string, unknown> {
  return withTodos(state, todosOf(state).map((t) => (t.id === id ? { ...t, done: !t.done } : t)));
}

export function addTodo(state: unknown, title: string): Record<string, unknown> {
  const todo: Todo = { id: `user-${crypto.randomUUID().slice(0, 8)}`, title: title.trim(), done: false };
  return withTodos(state, [...todosOf(state), todo]);
}

export function removeTodo(state: unknown, id: string): Record<string, unknown> {
  return withTodos(state, todosOf(state).filter((t) => t.id !== id));
}

/**
 * WORKAROUND (library gap): `ChatClient` has no `setState`, so the user's edits are kept as a
 * draft and handed to the run through a subscriber's `onRunInitialized` mutation, which replaces
 * the thread's state just before the request is built. `read` gives the draft (undefined: none),
 * `taken` is told once it went out.
 */
export function draftStateSubscriber(read: () => unknown, taken: () => void): RunSubscriber {
  return {
    onRunInitialized: () => {
      const draft = read();
      if (draft === undefined) return undefined;
      taken();
      return { state: draft };
    },
  };
}
