import { batch, computed, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { DEV } from "esm-env";
import { childValue, forbiddenSegment, isForbiddenKey, pathSegments } from "./data-path.js";
import type { A2uiLimits, A2uiWarning } from "./warnings.js";

/** One bound path: its current value, and a signal once someone reads it. */
interface PathNode {
  value: unknown;
  signal?: Signal<unknown>;
  keys?: ReadonlySignal<readonly string[]>;
  children?: Map<string, PathNode>;
}

const NOTHING: ReadonlySignal<undefined> = signal(undefined);
const NO_KEYS: ReadonlySignal<readonly string[]> = signal(Object.freeze([]) as readonly string[]);

class RefusedValue extends Error {}

/**
 * A surface's data model: plain JSON, replaced immutably along the written path, with a signal per
 * path someone reads. A write at `/items/5/name` writes the signals of that path and of its
 * ancestors (`/items/5`, `/items`, `/`), and of the bound paths under it whose value changed;
 * siblings keep their values by identity and are not visited, so the cost of one write does not
 * grow with the number of bound components. Writing an equal value changes nothing: a value is
 * shared with the one it replaces wherever the two are deep-equal, so re-sent data re-renders
 * only what differs.
 */
export class A2uiDataModel {
  readonly #root: PathNode = { value: {} };

  constructor(
    private readonly limits: A2uiLimits,
    private readonly warn: (warning: A2uiWarning) => void,
    private readonly surfaceId: string,
  ) {}

  /** The whole model (plain JSON; do not mutate). */
  get value(): unknown {
    return this.#root.value;
  }

  /** The value at absolute `path`, not tracked. */
  get(path: string): unknown {
    let value = this.#root.value;
    for (const segment of pathSegments(path)) value = childValue(value, segment);
    return value;
  }

  /** A signal of the value at absolute `path`; a forbidden path reads as always undefined. */
  read(path: string): ReadonlySignal<unknown> {
    const node = this.#node(path);
    if (node === undefined) return NOTHING;
    return (node.signal ??= signal(node.value));
  }

  /**
   * The keys of the list or object at `path` (array indices as strings): a new array only when
   * the keys change, so a template re-renders for items added or removed, not for an edit inside one.
   */
  keys(path: string): ReadonlySignal<readonly string[]> {
    const node = this.#node(path);
    if (node === undefined) return NO_KEYS;
    if (node.keys !== undefined) return node.keys;
    const value = (node.signal ??= signal(node.value));
    let last: readonly string[] = [];
    let lastWasArray = false;
    node.keys = computed(() => {
      const current = value.value;
      if (Array.isArray(current)) {
        if (lastWasArray && last.length === current.length) return last;
        lastWasArray = true;
        return (last = Array.from({ length: current.length }, (_, i) => String(i)));
      }
      const next = typeof current === "object" && current !== null ? Object.keys(current) : [];
      if (!lastWasArray && next.length === last.length && next.every((key, i) => key === last[i])) return last;
      lastWasArray = false;
      return (last = next);
    });
    return node.keys;
  }

  /**
   * Writes `value` at absolute `path` ("/" or "" replaces the whole model; `undefined` removes the
   * key). Refused with a warning, changing nothing: a forbidden segment, a path or value deeper
   * than `limits.dataDepth`, a path through a primitive. Returns whether the write was accepted.
   */
  set(path: string, value: unknown): boolean {
    const segments = pathSegments(path);
    const forbidden = forbiddenSegment(segments);
    if (forbidden !== undefined) {
      this.#warn("A2UI_FORBIDDEN_PATH", path, DEV ? `The data path '${path}' has the segment '${forbidden}'; the write was refused.` : "");
      return false;
    }
    if (segments.length > this.limits.dataDepth) {
      this.#warn("A2UI_LIMIT_EXCEEDED", path, DEV ? `The data path '${path.slice(0, 80)}…' is deeper than ${this.limits.dataDepth} levels; the write was refused.` : "");
      return false;
    }
    let shared: unknown;
    try {
      shared = this.#share(this.get(path), value, segments.length, path);
    } catch (error) {
      if (error instanceof RefusedValue) return false;
      throw error;
    }
    const root = this.#writeAt(this.#root.value, segments, 0, shared, path);
    if (root instanceof RefusedValue) return false;
    if (root === this.#root.value) return true;
    batch(() => this.#refresh(segments, root));
    return true;
  }

  #node(path: string): PathNode | undefined {
    const segments = pathSegments(path);
    if (forbiddenSegment(segments) !== undefined) {
      this.#warn("A2UI_FORBIDDEN_PATH", path, DEV ? `The data path '${path}' has a forbidden segment; it reads as nothing.` : "");
      return undefined;
    }
    if (segments.length > this.limits.dataDepth) {
      this.#warn("A2UI_LIMIT_EXCEEDED", path, DEV ? `The data path '${path.slice(0, 80)}…' is deeper than ${this.limits.dataDepth} levels; it reads as nothing.` : "");
      return undefined;
    }
    let node = this.#root;
    for (const segment of segments) {
      const children = (node.children ??= new Map());
      let child = children.get(segment);
      if (child === undefined) children.set(segment, (child = { value: childValue(node.value, segment) }));
      node = child;
    }
    return node;
  }

  /** After a write at `segments`: the path's nodes get their new values, then what changed under it. */
  #refresh(segments: readonly string[], root: unknown): void {
    let node: PathNode | undefined = this.#root;
    let value = root;
    for (let i = 0; ; i++) {
      if (i === segments.length) {
        refreshTree(node, value);
        return;
      }
      setNode(node, value);
      node = node.children?.get(segments[i]!);
      if (node === undefined) return;
      value = childValue(value, segments[i]!);
    }
  }

  /** `container` with `value` at `segments[at…]`, copied along the path only. */
  #writeAt(container: unknown, segments: readonly string[], at: number, value: unknown, path: string): unknown {
    if (at === segments.length) return value;
    const key = segments[at]!;
    const next = segments[at + 1];
    let current = container;
    if (current === undefined || current === null) current = next !== undefined && /^\d+$/.test(key) ? [] : {};
    if (typeof current !== "object") {
      this.#warn("A2UI_DATA_PATH_CONFLICT", path, DEV ? `Cannot write '${path}': '/${segments.slice(0, at).join("/")}' is a ${typeof current}.` : "");
      return new RefusedValue();
    }
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(key) || Number(key) > current.length) {
        this.#warn("A2UI_DATA_PATH_CONFLICT", path, DEV ? `Cannot write '${path}': '${key}' is not an index of the list (length ${current.length}).` : "");
        return new RefusedValue();
      }
      const index = Number(key);
      const child = this.#writeAt(current[index], segments, at + 1, value, path);
      if (child instanceof RefusedValue) return child;
      if (child === current[index] && index < current.length) return current;
      const copy = current.slice();
      copy[index] = child;
      return copy;
    }
    const record = current as Record<string, unknown>;
    const had = Object.hasOwn(record, key);
    const child = this.#writeAt(had ? record[key] : undefined, segments, at + 1, value, path);
    if (child instanceof RefusedValue) return child;
    if (had && child === record[key]) return current;
    if (child === undefined) {
      if (!had) return current;
      const { [key]: _removed, ...rest } = record;
      return rest;
    }
    return { ...record, [key]: child };
  }

  /**
   * `next`, reusing `old`'s objects wherever they are deep-equal, checked on the way: no deeper
   * than `limits.dataDepth` from the root, no forbidden keys (dropped with a warning).
   */
  #share(old: unknown, next: unknown, depth: number, path: string): unknown {
    if (typeof next !== "object" || next === null) return next;
    if (depth >= this.limits.dataDepth) {
      this.#warn("A2UI_LIMIT_EXCEEDED", path, DEV ? `The value written at '${path}' nests deeper than ${this.limits.dataDepth} levels; the write was refused.` : "");
      throw new RefusedValue();
    }
    if (Array.isArray(next)) {
      const before = Array.isArray(old) ? old : undefined;
      let same = before !== undefined && before.length === next.length;
      const out = new Array<unknown>(next.length);
      for (let i = 0; i < next.length; i++) {
        out[i] = this.#share(before?.[i], next[i], depth + 1, path);
        if (same && out[i] !== before![i]) same = false;
      }
      return same ? before : out;
    }
    const before = typeof old === "object" && old !== null && !Array.isArray(old) ? (old as Record<string, unknown>) : undefined;
    const out: Record<string, unknown> = {};
    let count = 0;
    let same = before !== undefined;
    for (const key of Object.keys(next)) {
      if (isForbiddenKey(key)) {
        this.#warn("A2UI_FORBIDDEN_PATH", path, DEV ? `The value written at '${path}' has a key '${key}'; the key was dropped.` : "");
        same = false;
        continue;
      }
      const value = this.#share(before !== undefined && Object.hasOwn(before, key) ? before[key] : undefined, (next as Record<string, unknown>)[key], depth + 1, path);
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      count++;
      if (same && (!Object.hasOwn(before!, key) || before![key] !== value)) same = false;
    }
    return same && Object.keys(before!).length === count ? before : out;
  }

  #warn(code: A2uiWarning["code"], path: string, message: string): void {
    this.warn({ code, message, surfaceId: this.surfaceId, path });
  }
}

function setNode(node: PathNode, value: unknown): void {
  node.value = value;
  if (node.signal !== undefined) node.signal.value = value;
}

/** A replaced subtree: every bound node under it whose value changed (identity) gets the new one. */
function refreshTree(node: PathNode, value: unknown): void {
  if (node.value === value) return;
  setNode(node, value);
  if (node.children !== undefined) for (const [key, child] of node.children) refreshTree(child, childValue(value, key));
}
