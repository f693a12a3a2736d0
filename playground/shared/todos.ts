// The shared todo list (the scripted server's shared-state scenario). The user's edits are
// `chat.setState(update)` with the functions below: the thread's state changes at once, is
// stored, and goes to the agent with the next run.

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

/** Whether a thread's state holds anything to show (the state panel opens by itself then). */
export function hasState(state: unknown): boolean {
  if (state === undefined || state === null) return false;
  return typeof state !== "object" || Object.keys(state).length > 0;
}
