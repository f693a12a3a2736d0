// JSON Pointers (RFC 6901) read into segments. A file of its own: `thread.select` reads pointers
// up front, while applying patches (json-patch.ts) is only the fold's, loaded with the engine.

/** One segment of a JSON Pointer, unescaped (RFC 6901: `~1` is "/", then `~0` is "~"). */
export function unescapeSegment(segment: string): string {
  return segment.includes("~") ? segment.replace(/~1/g, "/").replace(/~0/g, "~") : segment;
}

/** Unescaped segments of a JSON Pointer ("" is the whole document). */
export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  const raw = pointer.split("/");
  const segments = new Array<string>(raw.length - 1);
  for (let i = 1; i < raw.length; i++) segments[i - 1] = unescapeSegment(raw[i]!);
  return segments;
}
