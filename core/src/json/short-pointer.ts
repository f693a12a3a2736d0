// A file of its own: only the engine's event checks and stored records quote a pointer in a
// message, while json-depth.ts is up front (a tool call's arguments are measured there too).

/** A pointer short enough for a message: a thousand-level one keeps its start and its end. */
export function shortPointer(pointer: string): string {
  if (pointer.length <= 80) return pointer;
  return `${pointer.slice(0, 48)}…${pointer.slice(-24)}`;
}
