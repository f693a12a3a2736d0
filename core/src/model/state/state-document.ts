import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import { setOwn } from "../../json/json-value.js";

/** An overlay entry for a deleted key. */
export const ABSENT: unique symbol = Symbol("absent");
/** A value, or ABSENT for a deleted key. */
export type Entry = unknown;

/**
 * The shared state, held so that a patch costs O(patch) even when the root object is wide.
 *
 * Copying an object in V8 costs roughly 0.15–0.5 µs per key, so an immutable update that copies a
 * 1,000-key root on every STATE_DELTA would cost more than the patch itself. Instead, changes to
 * the root's own keys are kept in an overlay (key → new child), and the new root object is built
 * only when someone reads the whole state (`thread.state.value`), once per version. Readers of a
 * subtree (`thread.select("/todos")`) read through the overlay and never build the root.
 *
 * Overlay writes made during one patch are logged so a patch that fails halfway rolls back. Only
 * the fold writes a patch (fold/state-overlay.ts), so the writing is there, with the engine.
 */
export class StateDocument {
  #base: unknown;
  /** @internal The root's changed keys (fold/state-overlay.ts writes them). */
  overrides: Map<string, Entry> | undefined = undefined;
  /** While a patch is applied: its overlay writes, to roll back. */
  undo: { key: string; had: boolean; previous: Entry }[] | undefined = undefined;
  /** Bumped once per committed change; everything reading the state depends on it. */
  readonly version = signal(0);
  /** The whole state as a plain object, built on read. */
  readonly value: ReadonlySignal<unknown> = computed(() => {
    void this.version.value;
    return this.#materialize();
  });

  constructor(initial: unknown) {
    this.#base = initial;
  }

  /** @internal Whether the root's keys can be overlaid (a plain object root). */
  get overlayable(): boolean {
    return this.#base !== null && typeof this.#base === "object" && !Array.isArray(this.#base);
  }

  /** Only while `overlayable`. */
  has(key: string): boolean {
    if (this.overrides?.has(key)) return this.overrides.get(key) !== ABSENT;
    return Object.hasOwn(this.#base as object, key);
  }

  /** The root's child `key` (own properties only), through the overlay. Only while `overlayable`. */
  get(key: string): unknown {
    if (this.overrides?.has(key)) {
      const entry = this.overrides.get(key);
      return entry === ABSENT ? undefined : entry;
    }
    return Object.hasOwn(this.#base as object, key)
      ? (this.#base as Record<string, unknown>)[key]
      : undefined;
  }

  /** @internal A fresh plain copy of the current root (overlay applied) for a patch to edit directly. */
  copyRoot(): Record<string, unknown> {
    const copy: Record<string, unknown> = { ...(this.#base as Record<string, unknown>) };
    if (this.overrides !== undefined) applyOverrides(copy, this.overrides);
    return copy;
  }

  /** Replaces the whole state (STATE_SNAPSHOT, or a patch that replaced the root). */
  replace(value: unknown): void {
    this.undo = undefined;
    this.#base = value;
    this.overrides = undefined;
    this.version.value++;
  }

  /** Folds the overlay into a new root object; a no-op while the overlay is empty. */
  #materialize(): unknown {
    if (this.overrides === undefined || this.overrides.size === 0) return this.#base;
    this.#base = this.copyRoot();
    this.overrides = undefined;
    return this.#base;
  }
}

function applyOverrides(target: Record<string, unknown>, overrides: Map<string, Entry>): void {
  for (const [key, entry] of overrides) {
    if (entry === ABSENT) delete target[key];
    else if (key === "__proto__") setOwn(target, key, entry);
    else target[key] = entry;
  }
}
