/**
 * A2UI data paths: JSON Pointers into a surface's data model (`/user/name`, `/items/0`), or, inside
 * a template, pointers relative to the item being rendered (`name` under `/items/3` is
 * `/items/3/name`). Segments `__proto__`, `constructor` and `prototype` are refused wherever they
 * appear: a path never reaches an object's prototype.
 */

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN.has(key);
}

/** The absolute path `path` names from `scope` (an absolute path, "/" at the top). */
export function absolutePath(path: string, scope: string): string {
  if (path.startsWith("/")) return path;
  if (path === "" || path === ".") return scope;
  return scope === "/" || scope === "" ? `/${path}` : `${scope}/${path}`;
}

/** The decoded segments of an absolute path (`~1` is "/", `~0` is "~"); "" and "/" have none. */
export function pathSegments(path: string): string[] {
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    if (raw === "") continue;
    segments.push(raw.includes("~") ? raw.replace(/~1/g, "/").replace(/~0/g, "~") : raw);
  }
  return segments;
}

/** The first forbidden segment of `segments`, if any. */
export function forbiddenSegment(segments: readonly string[]): string | undefined {
  return segments.find(isForbiddenKey);
}

/** One step down: an own property of an object, an index of an array; undefined otherwise. */
export function childValue(value: unknown, key: string): unknown {
  if (Array.isArray(value)) {
    if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
    return value[Number(key)];
  }
  if (typeof value === "object" && value !== null && Object.hasOwn(value, key)) return (value as Record<string, unknown>)[key];
  return undefined;
}
