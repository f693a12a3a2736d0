import { ABSENT, type Entry, type StateDocument } from "../model/state/state-document.js";

/**
 * A patch's writes to the state's overlay (see `StateDocument`): begun, written key by key, then
 * committed (one version bump) or rolled back when an operation fails halfway.
 */

export function beginPatch(doc: StateDocument): void {
  doc.undo = [];
}

export function overlaySet(doc: StateDocument, key: string, value: unknown): void {
  write(doc, key, value);
}

export function overlayDelete(doc: StateDocument, key: string): void {
  write(doc, key, ABSENT);
}

export function rollbackPatch(doc: StateDocument): void {
  const log = doc.undo ?? [];
  for (let i = log.length - 1; i >= 0; i--) {
    const { key, had, previous } = log[i]!;
    if (had) doc.overrides!.set(key, previous);
    else doc.overrides!.delete(key);
  }
  doc.undo = undefined;
}

export function commitPatch(doc: StateDocument): void {
  doc.undo = undefined;
  doc.version.value++;
}

function write(doc: StateDocument, key: string, entry: Entry): void {
  const overrides = (doc.overrides ??= new Map());
  doc.undo?.push({ key, had: overrides.has(key), previous: overrides.get(key) });
  overrides.set(key, entry);
}
