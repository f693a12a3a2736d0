// Instrumentation the five pages share. Each increment is a plain property write, the same in
// every page, so it costs every lane alike (and next to nothing).

export const counters = { keys: 0, renders: 0 };

/** Wraps the message list's key: called once per item each time the list is reconciled. */
export function countKey(id: string): string {
  counters.keys++;
  return id;
}

/** Wraps a message component's text expression: evaluated once per re-render of that text. */
export function countRender(text: string): string {
  counters.renders++;
  return text;
}
